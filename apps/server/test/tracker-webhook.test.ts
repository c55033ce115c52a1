import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertChannels,
  alertTrackerLinks,
  findingEvents,
  findingRetests,
  vulnerabilities,
} from '../src/db/schema.js';
import { findingItem, groupWithAssets } from './helpers/scans.js';
import { createTeam } from './helpers/teams.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { asWorker, createWorker } from './helpers/workers.js';

// Tickets that round-trip (issue 32): a tracker's signed webhook closes (and retests) or reopens
// the finding whose issue this channel opened; anything unsigned, unknown or foreign changes nothing.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Headers = Record<string, string>;
const sign = (secret: string, raw: string) =>
  `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** A team with one open finding from a scan, a tracker channel of `kind` linked to issue `issue`. */
async function findingWithChannel(kind: 'github' | 'jira', issue: string) {
  const owner = await registerUser(server);
  const team = await createTeam(server, owner.user.id, 'Tracker', []);
  const as: Headers = { ...owner.auth, 'x-workspace-id': team.id };
  const { assets } = await groupWithAssets(server, team.id, ['t.hook.test']);
  const worker = asWorker(server, (await createWorker(server, as, { name: 'hand' })).api_key);
  const scan = await server.app.inject({
    method: 'POST',
    url: '/api/v1/panel/scans/',
    headers: as,
    payload: {
      name: 'S',
      asset_group: [assets[0]!.group_id],
      template_ids: ['public:git-config-exposure'],
      template_tags: [],
    },
  });
  expect(scan.statusCode).toBe(201);
  for (;;) {
    const task = (await worker.claim()).json().data.task;
    if (!task) break;
    await worker.results(task.id, 1, [findingItem(task.payload.targets[0], 'git-config-exposure')]);
    await worker.complete(task.id);
  }
  const [finding] = await server.db
    .select()
    .from(vulnerabilities)
    .where(eq(vulnerabilities.workspace_id, team.id));
  const channel = await addChannel(team.id, kind);
  await server.db
    .insert(alertTrackerLinks)
    .values({ channel_id: channel.id, vulnerability_id: finding!.id, external_id: issue, url: 'http://x/1' });
  const made = await server.app.inject({
    method: 'POST',
    url: `/api/v1/panel/alerts/channels/${channel.id}/webhook-secret/`,
    headers: as,
  });
  expect(made.statusCode).toBe(200);
  const { url, secret } = made.json().data as { url: string; secret: string };
  expect(url).toMatch(new RegExp(`/api/v1/hooks/tracker/${channel.id}/$`));
  return { team, as, finding: finding!, channel, secret };
}

async function addChannel(workspaceId: string, kind: 'github' | 'jira') {
  const settings =
    kind === 'github'
      ? { repo: 'acme/web', api_url: 'http://127.0.0.1:9' }
      : { api_url: 'http://127.0.0.1:9', project_key: 'SEC', email: 'a@b.test' };
  const [row] = await server.db
    .insert(alertChannels)
    .values({ workspace_id: workspaceId, name: kind, kind, settings })
    .returning();
  return row!;
}

const deliver = (channelId: string, raw: string, headers: Headers, query = '') =>
  server.app.inject({
    method: 'POST',
    url: `/api/v1/hooks/tracker/${channelId}/${query}`,
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
    payload: raw,
  });
const githubIssue = (action: string, number: number) =>
  JSON.stringify({
    action,
    issue: { number, state: action === 'closed' ? 'closed' : 'open' },
    repository: { full_name: 'acme/web' },
    sender: { login: 'octocat' },
  });
const statusOf = async (id: string) =>
  (await server.db.select().from(vulnerabilities).where(eq(vulnerabilities.id, id)))[0]!.status;
const retestsOf = (id: string) =>
  server.db.select().from(findingRetests).where(eq(findingRetests.vulnerability_id, id));

describe('tracker webhooks', () => {
  it('a signed GitHub "closed" marks the finding fixed and queues a retest; "reopened" reopens it', async () => {
    const { finding, channel, secret } = await findingWithChannel('github', '12');
    const raw = githubIssue('closed', 12);
    const bad = await deliver(channel.id, raw, {
      'x-github-event': 'issues',
      'x-hub-signature-256': sign('wrong', raw),
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(
      'The webhook signature is missing or does not match the channel secret; nothing was changed.',
    );
    expect(await statusOf(finding.id)).toBe('open');
    expect(await retestsOf(finding.id)).toHaveLength(0);

    const ok = await deliver(channel.id, raw, {
      'x-github-event': 'issues',
      'x-hub-signature-256': sign(secret, raw),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ changed: true, status: 'fixed', finding_id: finding.id });
    expect(await statusOf(finding.id)).toBe('fixed');
    const retests = await retestsOf(finding.id);
    expect(retests).toHaveLength(1);
    expect(retests[0]).toMatchObject({ status: 'queued', requested_by_name: 'GitHub (octocat)' });
    const events = await server.db
      .select()
      .from(findingEvents)
      .where(eq(findingEvents.vulnerability_id, finding.id));
    expect(events.find((e) => e.kind === 'status')).toMatchObject({
      actor_name: 'GitHub (octocat)',
      data: { from: 'open', to: 'fixed', reason: 'Issue #12 closed in GitHub (octocat)' },
    });
    const [link] = await server.db
      .select()
      .from(alertTrackerLinks)
      .where(eq(alertTrackerLinks.channel_id, channel.id));
    expect(link!.state).toBe('closed');

    const again = githubIssue('reopened', 12);
    const reopened = await deliver(channel.id, again, {
      'x-github-event': 'issues',
      'x-hub-signature-256': sign(secret, again),
    });
    expect(reopened.statusCode).toBe(200);
    expect(await statusOf(finding.id)).toBe('open');

    const unknown = githubIssue('closed', 99);
    const none = await deliver(channel.id, unknown, {
      'x-github-event': 'issues',
      'x-hub-signature-256': sign(secret, unknown),
    });
    expect(none.statusCode).toBe(404);
    const junk = 'not json';
    const notJson = await deliver(channel.id, junk, {
      'x-github-event': 'issues',
      'x-hub-signature-256': sign(secret, junk),
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('The webhook body is not a JSON object; nothing was changed.');
    expect(await statusOf(finding.id)).toBe('open');
  }, 60_000);

  it('a Jira stand-in moving the issue to a done status closes the finding (signed or with ?secret=)', async () => {
    const { finding, channel, secret } = await findingWithChannel('jira', 'SEC-7');
    const body = (category: string) =>
      JSON.stringify({
        webhookEvent: 'jira:issue_updated',
        user: { displayName: 'Sara' },
        issue: { key: 'SEC-7', fields: { status: { name: category, statusCategory: { key: category } } } },
        changelog: { items: [{ field: 'status', fromString: 'To Do', toString: 'Done' }] },
      });
    const done = body('done');
    const res = await deliver(channel.id, done, { 'x-hub-signature': sign(secret, done) });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(finding.id)).toBe('fixed');
    expect(await retestsOf(finding.id)).toHaveLength(1);
    // Done → Closed (both done) changes nothing and queues no second retest.
    expect(
      (await deliver(channel.id, done, { 'x-hub-signature': sign(secret, done) })).json().data,
    ).toMatchObject({
      changed: false,
    });
    expect(await retestsOf(finding.id)).toHaveLength(1);
    const back = body('new');
    expect((await deliver(channel.id, back, {}, `?secret=${secret}`)).statusCode).toBe(200);
    expect(await statusOf(finding.id)).toBe('open');
    expect((await deliver(channel.id, back, {}, '?secret=nope')).statusCode).toBe(401);
    // To Do → In Progress on an open issue does not reopen an accepted risk.
    await server.db
      .update(vulnerabilities)
      .set({ status: 'accepted_risk' })
      .where(eq(vulnerabilities.id, finding.id));
    await server.db
      .update(alertTrackerLinks)
      .set({ state: 'open' })
      .where(eq(alertTrackerLinks.channel_id, channel.id));
    const moved = await deliver(channel.id, back, { 'x-hub-signature': sign(secret, back) });
    expect(moved.json().data).toEqual({ changed: false, ignored: 'not closed' });
    expect(await statusOf(finding.id)).toBe('accepted_risk');
  }, 60_000);

  it('a channel of another workspace cannot touch the finding', async () => {
    const { finding } = await findingWithChannel('github', '5');
    const other = await registerUser(server);
    const team = await createTeam(server, other.user.id, 'Other', []);
    const foreign = await addChannel(team.id, 'github');
    // Even a link row pointing across workspaces is refused.
    await server.db
      .insert(alertTrackerLinks)
      .values({ channel_id: foreign.id, vulnerability_id: finding.id, external_id: '5', url: 'http://x/5' });
    const made = await server.app.inject({
      method: 'POST',
      url: `/api/v1/panel/alerts/channels/${foreign.id}/webhook-secret/`,
      headers: { ...other.auth, 'x-workspace-id': team.id },
    });
    const secret = made.json().data.secret as string;
    const raw = githubIssue('closed', 5);
    const res = await deliver(foreign.id, raw, {
      'x-github-event': 'issues',
      'x-hub-signature-256': sign(secret, raw),
    });
    expect(res.statusCode).toBe(404);
    expect(await statusOf(finding.id)).toBe('open');
    expect(
      await server.db
        .select()
        .from(alertTrackerLinks)
        .where(and(eq(alertTrackerLinks.channel_id, foreign.id))),
    ).toHaveLength(1);
  }, 60_000);

  it('shows the webhook secret masked, keeps it when the token is replaced, and answers a signed ping', async () => {
    const owner = await registerUser(server);
    const team = await createTeam(server, owner.user.id, 'Keep', []);
    const as: Headers = { ...owner.auth, 'x-workspace-id': team.id };
    const [row] = await server.db
      .insert(alertChannels)
      .values({ workspace_id: team.id, name: 'gh', kind: 'github', settings: { repo: 'acme/web' } })
      .returning();
    const made = await server.app.inject({
      method: 'POST',
      url: `/api/v1/panel/alerts/channels/${row!.id}/webhook-secret/`,
      headers: as,
    });
    const secret = made.json().data.secret as string;
    expect(secret).toMatch(/^[0-9a-f]{48}$/);
    const patched = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/panel/alerts/channels/${row!.id}/`,
      headers: as,
      payload: { secrets: { token: 'ghp_new_token_value' } },
    });
    expect(patched.statusCode).toBe(200);
    const shown = patched.json().data.secrets as Record<string, string>;
    expect(Object.keys(shown).sort()).toEqual(['token', 'webhook_secret']);
    expect(shown.webhook_secret).not.toContain(secret.slice(0, 12));
    const raw = JSON.stringify({ zen: 'Keep it logically awesome.' });
    const ping = await deliver(row!.id, raw, {
      'x-github-event': 'ping',
      'x-hub-signature-256': sign(secret, raw),
    });
    expect(ping.statusCode).toBe(200);
    expect(ping.json().data).toEqual({ changed: false, ignored: 'ping' });
    const unknownChannel = await deliver(team.id, raw, { 'x-github-event': 'ping' });
    expect(unknownChannel.statusCode).toBe(404);
    expect(unknownChannel.json().message).toBe('No Jira or GitHub alert channel has this webhook address.');
  }, 60_000);
});
