/**
 * Tickets that round-trip (issue 32): the way back from Jira and GitHub. The tracker posts its
 * issue events to POST /api/v1/hooks/tracker/<channel id>/, signed with the channel's webhook
 * secret (HMAC-SHA256 of the raw body: GitHub's X-Hub-Signature-256, Jira Cloud's X-Hub-Signature;
 * or for a Jira without signing, `?secret=` in the URL). Closing the issue marks the linked
 * finding fixed and queues a retest of it; reopening it reopens the finding. Each change is in
 * the finding's history as done by the tracker ("GitHub (octocat)"). Only issues this channel
 * opened for a finding of the channel's own workspace are acted on; anything else is a 4xx and
 * nothing changes.
 *
 * POST /api/v1/panel/alerts/channels/<id>/webhook-secret/ (admins) makes a new secret and answers
 * it once with the URL to give the tracker.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { loadOrCreateSecret } from '../auth/secret.js';
import { alertChannels, alertTrackerLinks, vulnerabilities } from '../db/schema.js';
import type { Actor } from '../findings/history.js';
import { queueRetests } from '../findings/retest.js';
import { changeStatus } from '../findings/triage.js';
import { currentWorkspace } from '../http/access.js';
import { HttpError, notFound } from '../http/errors.js';
import { idParams, manageRoute } from './route-options.js';
import { createSecretBox } from './secret-box.js';

type Verdict = { action: 'close' | 'reopen'; issue: string; by: string } | { ignored: string };

const hmacHex = (secret: string, raw: Buffer) => createHmac('sha256', secret).update(raw).digest('hex');
const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
const signatureOk = (given: unknown, secret: string, raw: Buffer) =>
  typeof given === 'string' && same(given.trim().toLowerCase(), `sha256=${hmacHex(secret, raw)}`);

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

function githubVerdict(event: string | undefined, body: Json, repo: string): Verdict {
  if (event !== 'issues') return { ignored: `event ${event ?? 'none'}` };
  const action = body.action;
  if (action !== 'closed' && action !== 'reopened') return { ignored: `action ${String(action)}` };
  const fullName = obj(body.repository).full_name;
  if (typeof fullName === 'string' && fullName.toLowerCase() !== repo.toLowerCase())
    return { ignored: `repository ${fullName}` };
  const number = obj(body.issue).number;
  const login = obj(body.sender).login;
  return {
    action: action === 'closed' ? 'close' : 'reopen',
    issue: String(number ?? ''),
    by: `GitHub${typeof login === 'string' ? ` (${login})` : ''}`,
  };
}

/** A status change in the changelog: into a done-category status closes, out of one reopens. */
function jiraVerdict(body: Json): Verdict {
  if (body.webhookEvent !== 'jira:issue_updated') return { ignored: `event ${String(body.webhookEvent)}` };
  const items = obj(body.changelog).items;
  const change = Array.isArray(items) ? items.map(obj).find((i) => i.field === 'status') : undefined;
  if (!change) return { ignored: 'no status change' };
  const issue = obj(body.issue);
  const category = obj(obj(obj(issue.fields).status).statusCategory).key;
  const user = obj(body.user);
  const name = user.displayName ?? user.name;
  return {
    action: category === 'done' ? 'close' : 'reopen',
    issue: String(issue.key ?? ''),
    by: `Jira${typeof name === 'string' ? ` (${name})` : ''}`,
  };
}

export function trackerWebhookRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const box = createSecretBox(loadOrCreateSecret(deps.config.secret, deps.config.dataDir));
  const hookUrl = (id: string) => `${deps.config.publicUrl.replace(/\/+$/, '')}/api/v1/hooks/tracker/${id}/`;

  return async (app) => {
    // The signature covers the bytes as sent: this plugin keeps the body raw and parses it here.
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    app.post(
      '/hooks/tracker/:id/',
      {
        config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['alerts'],
          summary:
            'Issue events from Jira or GitHub (signed with the channel webhook secret): a closed issue marks its finding fixed and queues a retest; a reopened one reopens it',
          params: idParams,
          querystring: z.object({ secret: z.string().max(200).optional() }),
        },
      },
      async (request) => {
        const [channel] = await db
          .select()
          .from(alertChannels)
          .where(eq(alertChannels.id, request.params.id));
        if (!channel || (channel.kind !== 'github' && channel.kind !== 'jira'))
          throw new HttpError(404, 'tracker_hook_channel', 'alerts.tracker_hook_channel');
        const secrets = channel.secret_enc ? box.open(channel.secret_enc) : {};
        const secret = secrets.webhook_secret;
        if (!secret) throw new HttpError(409, 'tracker_hook_no_secret', 'alerts.tracker_hook_no_secret');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const headers = request.headers;
        const signed =
          channel.kind === 'github'
            ? signatureOk(headers['x-hub-signature-256'], secret, raw)
            : signatureOk(headers['x-hub-signature'] ?? headers['x-hub-signature-256'], secret, raw) ||
              (request.query.secret !== undefined && same(request.query.secret, secret));
        if (!signed) throw new HttpError(401, 'tracker_hook_signature', 'alerts.tracker_hook_signature');
        let body: Json;
        try {
          const parsed: unknown = JSON.parse(raw.toString('utf8'));
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
            throw new Error('not an object');
          body = parsed as Json;
        } catch {
          throw new HttpError(400, 'tracker_hook_body', 'alerts.tracker_hook_body');
        }
        if (channel.kind === 'github' && headers['x-github-event'] === 'ping')
          return { data: { changed: false, ignored: 'ping' } };
        const verdict =
          channel.kind === 'github'
            ? githubVerdict(
                headers['x-github-event'] as string | undefined,
                body,
                String(channel.settings.repo ?? ''),
              )
            : jiraVerdict(body);
        if ('ignored' in verdict) return { data: { changed: false, ignored: verdict.ignored } };

        return db.transaction(async (tx) => {
          // The link must be this channel's, and its finding in the channel's workspace.
          const [link] = await tx
            .select({
              vulnerability_id: alertTrackerLinks.vulnerability_id,
              state: alertTrackerLinks.state,
              status: vulnerabilities.status,
            })
            .from(alertTrackerLinks)
            .innerJoin(vulnerabilities, eq(vulnerabilities.id, alertTrackerLinks.vulnerability_id))
            .where(
              and(
                eq(alertTrackerLinks.channel_id, channel.id),
                eq(alertTrackerLinks.external_id, verdict.issue),
                eq(vulnerabilities.workspace_id, channel.workspace_id),
              ),
            );
          if (!link)
            throw new HttpError(404, 'tracker_hook_unknown_issue', 'alerts.tracker_hook_unknown_issue');
          // Jira tells a status change, not a reopening: only a closed issue or a fixed finding
          // reopens (moving To Do → In Progress leaves an accepted risk alone).
          if (
            channel.kind === 'jira' &&
            verdict.action === 'reopen' &&
            link.state !== 'closed' &&
            link.status !== 'fixed'
          )
            return { data: { changed: false, ignored: 'not closed' } };
          // The tracker is no member: its changes carry its name and no account.
          const actor = { id: null, username: verdict.by } as unknown as Actor;
          const selection = eq(vulnerabilities.id, link.vulnerability_id);
          const label = channel.kind === 'github' ? `#${verdict.issue}` : verdict.issue;
          const changed = await changeStatus(
            tx,
            channel.workspace_id,
            selection,
            verdict.action === 'close'
              ? { status: 'fixed', reason: `Issue ${label} closed in ${verdict.by}`, accepted_until: null }
              : { status: 'open', reason: `Issue ${label} reopened in ${verdict.by}`, accepted_until: null },
            actor,
          );
          await tx
            .update(alertTrackerLinks)
            .set({ state: verdict.action === 'close' ? 'closed' : 'open', updated_at: sql`now()` })
            .where(
              and(
                eq(alertTrackerLinks.channel_id, channel.id),
                eq(alertTrackerLinks.vulnerability_id, link.vulnerability_id),
              ),
            );
          // Only a close that changed the finding is retested: the echo of Didban's own close
          // (a rescan found it fixed) changes nothing and costs nothing.
          const retests =
            verdict.action === 'close' && changed.length > 0
              ? await queueRetests(tx, channel.workspace_id, selection, actor)
              : [];
          return {
            data: {
              changed: changed.length > 0,
              finding_id: link.vulnerability_id,
              status: verdict.action === 'close' ? 'fixed' : 'open',
              retest_id: retests[0]?.id ?? null,
            },
          };
        });
      },
    );

    app.post(
      '/panel/alerts/channels/:id/webhook-secret/',
      manageRoute({
        summary:
          'Make a new webhook secret for a Jira or GitHub channel; answered once, with the URL to give the tracker',
        params: idParams,
        response: {
          200: z.object({ data: z.object({ url: z.string(), secret: z.string() }) }),
        },
      }),
      async (request) => {
        const [row] = await db
          .select()
          .from(alertChannels)
          .where(
            and(
              eq(alertChannels.id, request.params.id),
              eq(alertChannels.workspace_id, currentWorkspace(request).id),
            ),
          );
        if (!row || (row.kind !== 'github' && row.kind !== 'jira')) throw notFound();
        const secret = randomBytes(24).toString('hex');
        const stored = row.secret_enc ? box.open(row.secret_enc) : {};
        await db
          .update(alertChannels)
          .set({ secret_enc: box.seal({ ...stored, webhook_secret: secret }), updated_at: sql`now()` })
          .where(eq(alertChannels.id, row.id));
        return { data: { url: hookUrl(row.id), secret } };
      },
    );
  };
}
