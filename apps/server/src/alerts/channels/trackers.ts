/**
 * Issue trackers: one issue per vulnerability (opened on a new or reopened finding, closed when a
 * rescan finds it fixed), its key and link kept in alert_tracker_links so a retry or a second
 * event never opens a duplicate. Jira speaks REST v2 with basic auth (email + API token); GitHub
 * the Issues REST API with a bearer token.
 */
import { and, eq, sql } from 'drizzle-orm';
import { alertTrackerLinks } from '../../db/schema.js';
import { DeliveryFailure, sendHttp } from '../http-send.js';
import type { ChannelSender, SendContext } from './types.js';

export const GITHUB_API_URL = 'https://api.github.com';

type Link = typeof alertTrackerLinks.$inferSelect;

type Tracker = {
  /** Checks the credentials and the project/repository (send test). */
  probe(ctx: SendContext): Promise<number>;
  open(
    ctx: SendContext,
    title: string,
    body: string,
    severity: string,
  ): Promise<{ id: string; url: string; code: number }>;
  reopen(ctx: SendContext, link: Link): Promise<number | null>;
  close(ctx: SendContext, link: Link): Promise<number>;
};

const jiraBase = (ctx: SendContext) => String(ctx.channel.settings.api_url).replace(/\/+$/, '');
const jiraHeaders = (ctx: SendContext) => ({
  authorization: `Basic ${Buffer.from(`${ctx.channel.settings.email}:${ctx.secrets.token}`).toString('base64')}`,
  'idempotency-key': ctx.delivery.idempotency_key,
});

async function jiraTransition(ctx: SendContext, key: string, name: string): Promise<number | null> {
  const base = jiraBase(ctx);
  const list = await sendHttp(
    ctx.out,
    'GET',
    `${base}/rest/api/2/issue/${key}/transitions`,
    undefined,
    jiraHeaders(ctx),
  );
  const transitions = (list.json as { transitions?: { id: string; name: string }[] })?.transitions ?? [];
  const wanted = transitions.find((t) => t.name.toLowerCase() === name.toLowerCase());
  if (!wanted) return null;
  const done = await sendHttp(
    ctx.out,
    'POST',
    `${base}/rest/api/2/issue/${key}/transitions`,
    { transition: { id: wanted.id } },
    jiraHeaders(ctx),
  );
  return done.status;
}

const jira: Tracker = {
  async probe(ctx) {
    const key = String(ctx.channel.settings.project_key);
    return (
      await sendHttp(
        ctx.out,
        'GET',
        `${jiraBase(ctx)}/rest/api/2/project/${encodeURIComponent(key)}`,
        undefined,
        jiraHeaders(ctx),
      )
    ).status;
  },
  async open(ctx, title, body, severity) {
    const answer = await sendHttp(
      ctx.out,
      'POST',
      `${jiraBase(ctx)}/rest/api/2/issue`,
      {
        fields: {
          project: { key: ctx.channel.settings.project_key },
          summary: title.slice(0, 250),
          description: body,
          issuetype: { name: ctx.channel.settings.issue_type ?? 'Bug' },
          labels: ['didban', `severity-${severity}`],
        },
      },
      jiraHeaders(ctx),
    );
    const key = (answer.json as { key?: string })?.key;
    if (!key) throw new DeliveryFailure('Jira answered without an issue key', answer.status, false);
    return { id: key, url: `${jiraBase(ctx)}/browse/${key}`, code: answer.status };
  },
  async reopen(ctx, link) {
    return jiraTransition(ctx, link.external_id, String(ctx.channel.settings.reopen_transition ?? 'To Do'));
  },
  async close(ctx, link) {
    const status = await jiraTransition(
      ctx,
      link.external_id,
      String(ctx.channel.settings.done_transition ?? 'Done'),
    );
    if (status === null)
      throw new DeliveryFailure(
        `Jira offers no transition named "${ctx.channel.settings.done_transition ?? 'Done'}"`,
        null,
        false,
      );
    return status;
  },
};

const githubBase = (ctx: SendContext) =>
  String(ctx.channel.settings.api_url ?? GITHUB_API_URL).replace(/\/+$/, '');
const githubHeaders = (ctx: SendContext) => ({
  authorization: `Bearer ${ctx.secrets.token}`,
  accept: 'application/vnd.github+json',
  'x-github-api-version': '2022-11-28',
  'idempotency-key': ctx.delivery.idempotency_key,
});
const repoPath = (ctx: SendContext) => `${githubBase(ctx)}/repos/${ctx.channel.settings.repo}`;

const github: Tracker = {
  async probe(ctx) {
    return (await sendHttp(ctx.out, 'GET', repoPath(ctx), undefined, githubHeaders(ctx))).status;
  },
  async open(ctx, title, body, severity) {
    const answer = await sendHttp(
      ctx.out,
      'POST',
      `${repoPath(ctx)}/issues`,
      { title: title.slice(0, 250), body, labels: ['didban', `severity:${severity}`] },
      githubHeaders(ctx),
    );
    const issue = answer.json as { number?: number; html_url?: string };
    if (!issue?.number)
      throw new DeliveryFailure('GitHub answered without an issue number', answer.status, false);
    return {
      id: String(issue.number),
      url: issue.html_url ?? `${repoPath(ctx)}/issues/${issue.number}`,
      code: answer.status,
    };
  },
  async reopen(ctx, link) {
    return (
      await sendHttp(
        ctx.out,
        'PATCH',
        `${repoPath(ctx)}/issues/${link.external_id}`,
        { state: 'open' },
        githubHeaders(ctx),
      )
    ).status;
  },
  async close(ctx, link) {
    return (
      await sendHttp(
        ctx.out,
        'PATCH',
        `${repoPath(ctx)}/issues/${link.external_id}`,
        { state: 'closed', state_reason: 'completed' },
        githubHeaders(ctx),
      )
    ).status;
  },
};

async function findLink(ctx: SendContext, vulnerabilityId: string) {
  const [link] = await ctx.db
    .select()
    .from(alertTrackerLinks)
    .where(
      and(
        eq(alertTrackerLinks.channel_id, ctx.channel.id),
        eq(alertTrackerLinks.vulnerability_id, vulnerabilityId),
      ),
    );
  return link;
}

const setState = (ctx: SendContext, link: Link, state: 'open' | 'closed') =>
  ctx.db
    .update(alertTrackerLinks)
    .set({ state, updated_at: sql`now()` })
    .where(
      and(
        eq(alertTrackerLinks.channel_id, ctx.channel.id),
        eq(alertTrackerLinks.vulnerability_id, link.vulnerability_id),
      ),
    );

const trackerSender =
  (tracker: Tracker): ChannelSender =>
  async (ctx) => {
    if (ctx.delivery.purpose === 'test' || ctx.delivery.purpose === 'message')
      return { responseCode: await tracker.probe(ctx) };
    const event = ctx.delivery.events[0];
    const vulnerabilityId = String(event?.data.vulnerability_id ?? '');
    if (!event || !vulnerabilityId) return { responseCode: null };
    const link = await findLink(ctx, vulnerabilityId);
    if (ctx.delivery.purpose === 'tracker_close') {
      if (!link || link.state === 'closed') return { responseCode: null };
      const code = await tracker.close(ctx, link);
      await setState(ctx, link, 'closed');
      return { responseCode: code };
    }
    if (link?.state === 'open') return { responseCode: null };
    if (link) {
      const code = await tracker.reopen(ctx, link);
      if (code !== null) {
        await setState(ctx, link, 'open');
        return { responseCode: code };
      }
    }
    const m = ctx.render(ctx.channel.language);
    const d = event.data;
    const title = `[${d.severity}] ${d.template_name} — ${d.host}${d.port ? `:${d.port}` : ''}`;
    const body = `${m.lines.join('\n')}\n\nTemplate: ${d.template_id}\nMatched at: ${d.matched_at}\n${ctx.publicUrl}/vulnerabilities/${vulnerabilityId}\n`;
    const opened = await tracker.open(ctx, title, body, String(d.severity));
    await ctx.db
      .insert(alertTrackerLinks)
      .values({
        channel_id: ctx.channel.id,
        vulnerability_id: vulnerabilityId,
        external_id: opened.id,
        url: opened.url,
      })
      .onConflictDoUpdate({
        target: [alertTrackerLinks.channel_id, alertTrackerLinks.vulnerability_id],
        set: { external_id: opened.id, url: opened.url, state: 'open', updated_at: sql`now()` },
      });
    return { responseCode: opened.code };
  };

export const sendJira = trackerSender(jira);
export const sendGithub = trackerSender(github);
