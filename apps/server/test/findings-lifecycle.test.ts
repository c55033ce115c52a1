import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertEvents, findingEvents, notifications, vulnerabilities } from '../src/db/schema.js';
import { sweepFindings } from '../src/findings/sweep.js';
import { findingItem, groupWithAssets, scanWithOneFindingPerHost } from './helpers/scans.js';
import { createTeam } from './helpers/teams.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { asWorker, createWorker } from './helpers/workers.js';

// The findings lifecycle (issue 32) through the API, with a worker driven by hand over the worker
// protocol: due dates from the SLA, reasons and roles of triage, assignees and mentions, the
// history of every change, expiry of accepted risk, bulk triage with exact counters, retests.
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
}, 180_000);
afterAll(async () => {
  await server?.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
const en = (h: Headers) => ({ ...h, 'accept-language': 'en' });
const fa = (h: Headers) => ({ ...h, 'accept-language': 'fa' });
const DAY = 86_400_000;

/** A team (owner, admin, user) with findings of several severities from one scan run. */
async function teamWithFindings(hosts = ['a.life.test', 'b.life.test', 'c.life.test']) {
  const owner = await registerUser(server);
  const member = await registerUser(server);
  const outsider = await registerUser(server);
  const team = await createTeam(server, owner.user.id, 'Triage', [[member.user.id, 'user']]);
  const as = (u: { auth: Headers }) => ({ ...u.auth, 'x-workspace-id': team.id });
  const { assets } = await groupWithAssets(server, team.id, hosts);
  const key = (await createWorker(server, as(owner), { name: 'hand' })).api_key;
  const worker = asWorker(server, key);
  const severities = ['critical', 'high', 'info'];
  await scanWithOneFindingPerHost(server, {
    headers: as(owner),
    groupId: assets[0]!.group_id,
    hosts,
    severities,
    worker,
    name: 'Lifecycle',
    templateId: 'git-config-exposure',
  });
  const list = (await call('GET', 'panel/vulnerabilities/?page_size=100', as(owner))).json().data.results;
  const bySeverity = (s: string) => list.find((v: { severity: string }) => v.severity === s);
  return { owner, member, outsider, team, as, worker, list, bySeverity };
}

describe('findings lifecycle: SLA, triage rules, history', () => {
  it('gives every open finding a due date from first seen by the default SLA (info none)', async () => {
    const { bySeverity } = await teamWithFindings();
    const critical = bySeverity('critical');
    const high = bySeverity('high');
    expect(Date.parse(critical.due_at) - Date.parse(critical.first_seen_at)).toBe(7 * DAY);
    expect(Date.parse(high.due_at) - Date.parse(high.first_seen_at)).toBe(30 * DAY);
    expect(bySeverity('info').due_at).toBeNull();
    expect(critical).toMatchObject({ overdue: false, assignee: null, status_reason: null });
  });

  it('moves due dates when the SLA changes; only an owner or admin may change it', async () => {
    const { as, owner, member, bySeverity } = await teamWithFindings();
    const body = { critical: 3, high: 10, medium: 60, low: 180, info: 365 };
    const refused = await call('PATCH', 'panel/findings/sla/', en(as(member)), body);
    expect(refused.statusCode).toBe(403);
    const bad = await call('PATCH', 'panel/findings/sla/', en(as(owner)), { ...body, high: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.high).toEqual([
      'Days must be a whole number from 1 to 3650, or empty for no due date.',
    ]);
    const saved = await call('PATCH', 'panel/findings/sla/', as(owner), body);
    expect(saved.json().data).toEqual(body);
    expect((await call('GET', 'panel/findings/sla/', as(member))).json().data).toEqual(body);
    const critical = (
      await call('GET', `panel/vulnerabilities/${bySeverity('critical').id}/`, as(owner))
    ).json().data;
    expect(Date.parse(critical.due_at) - Date.parse(critical.first_seen_at)).toBe(3 * DAY);
    const info = (await call('GET', `panel/vulnerabilities/${bySeverity('info').id}/`, as(owner))).json()
      .data;
    expect(Date.parse(info.due_at) - Date.parse(info.first_seen_at)).toBe(365 * DAY);
  });

  it('lists overdue findings and those due within N days, counts them on the summary, and announces a breach once', async () => {
    const { as, owner, team, bySeverity } = await teamWithFindings();
    const critical = bySeverity('critical');
    // First seen ten days ago: seven days to fix a critical finding have passed.
    await server.db
      .update(vulnerabilities)
      .set({ first_seen_at: new Date(Date.now() - 10 * DAY) })
      .where(eq(vulnerabilities.id, critical.id));
    const overdue = (await call('GET', 'panel/vulnerabilities/?overdue=true', as(owner))).json().data;
    expect(overdue.result_count).toBe(1);
    expect(overdue.results[0]).toMatchObject({ id: critical.id, overdue: true });
    const soon = (await call('GET', 'panel/vulnerabilities/?due_within=31', as(owner))).json().data;
    expect(soon.results.map((v: { severity: string }) => v.severity).sort()).toEqual(['critical', 'high']);
    expect(
      (await call('GET', 'panel/vulnerabilities/?due_within=5', as(owner))).json().data.result_count,
    ).toBe(1);
    // With a severity filter (counted on migration 0031's index of open findings by severity and due date).
    const count = async (query: string) =>
      (await call('GET', `panel/vulnerabilities/?${query}`, as(owner))).json().data.result_count;
    expect(await count('overdue=true&severity=critical,high')).toBe(1);
    expect(await count('overdue=true&severity=high')).toBe(0);
    expect(await count('due_within=31&severity=high')).toBe(1);
    expect(await count('due_within=31&severity=critical,high,info')).toBe(2);
    const indexes = await server.db.execute(
      sql`select indexname from pg_indexes where indexname = 'vulnerabilities_open_rank_due_idx'`,
    );
    expect((indexes as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    const summary = (await call('GET', 'panel/findings/summary/', as(owner))).json().data;
    // Due within 7 days counts the overdue one too, as the list's due_within filter does.
    expect(summary).toEqual({ overdue: 1, due_7d: 1, assigned_to_me: 0 });
    expect(await count('due_within=7')).toBe(summary.due_7d);
    const bad = await call('GET', 'panel/vulnerabilities/?due_within=soon', en(as(owner)));
    expect(bad.statusCode).toBe(400);

    expect((await sweepFindings(server.db)).breached).toBeGreaterThanOrEqual(1);
    await sweepFindings(server.db);
    const events = await server.db
      .select()
      .from(alertEvents)
      .where(and(eq(alertEvents.workspace_id, team.id), eq(alertEvents.kind, 'sla_breached')));
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ vulnerability_id: critical.id, severity: 'critical' });
  });

  it('refuses risk acceptance by a user and without a reason, in the caller language, changing nothing', async () => {
    const { as, owner, member, bySeverity } = await teamWithFindings();
    const id = bySeverity('high').id;
    const byUser = await call('PATCH', `panel/vulnerabilities/${id}/`, en(as(member)), {
      status: 'accepted_risk',
      reason: 'compensating control',
    });
    expect(byUser.statusCode).toBe(403);
    expect(byUser.json().message).toBe('Only the owner or an admin of the workspace may accept a risk.');
    const noReason = await call('PATCH', `panel/vulnerabilities/${id}/`, fa(as(owner)), {
      status: 'accepted_risk',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(
      'برای علامت‌زدن یافته به‌عنوان مثبت کاذب یا ریسک پذیرفته‌شده، دلیل لازم است.',
    );
    const past = await call('PATCH', `panel/vulnerabilities/${id}/`, en(as(owner)), {
      status: 'accepted_risk',
      reason: 'x',
      accepted_until: '2020-01-01',
    });
    expect(past.json().message).toBe('The acceptance must end in the future.');
    const fpNoReason = await call('PATCH', `panel/vulnerabilities/${id}/`, en(as(member)), {
      status: 'false_positive',
      reason: '   ',
    });
    expect(fpNoReason.statusCode).toBe(400);
    const row = (await call('GET', `panel/vulnerabilities/${id}/`, as(owner))).json().data;
    expect(row).toMatchObject({ status: 'open', status_reason: null, accepted_until: null });
    expect((await call('GET', `panel/vulnerabilities/${id}/history/`, as(owner))).json().data).toEqual([]);
  });

  it('accepts a risk for 90 days by default with who, when and why in the history; a rescan keeps it accepted', async () => {
    const { as, owner, member, worker, bySeverity } = await teamWithFindings(['solo.life.test']);
    const id = bySeverity('critical').id;
    const before = Date.now();
    const accepted = await call('PATCH', `panel/vulnerabilities/${id}/`, as(owner), {
      status: 'accepted_risk',
      reason: 'Behind the VPN only',
    });
    expect(accepted.statusCode).toBe(200);
    const data = accepted.json().data;
    expect(data).toMatchObject({ status: 'accepted_risk', status_reason: 'Behind the VPN only' });
    const until = Date.parse(data.accepted_until);
    expect(until - before).toBeGreaterThanOrEqual(90 * DAY - 5_000);
    expect(until - before).toBeLessThan(90 * DAY + 60_000);
    const history = (await call('GET', `panel/vulnerabilities/${id}/history/`, as(member))).json().data;
    expect(history[0]).toMatchObject({
      kind: 'status',
      by: owner.user.username,
      data: { from: 'open', to: 'accepted_risk', reason: 'Behind the VPN only' },
    });
    // The next run sees it again: it stays accepted.
    const scanId = data.scan;
    expect((await call('POST', `panel/scans/${scanId}/run/`, as(owner), {})).statusCode).toBe(201);
    const task = (await worker.claim()).json().data.task;
    const item = findingItem(task.payload.targets[0], 'git-config-exposure', { severity: 'critical' });
    await worker.results(task.id, 1, [item]);
    await worker.complete(task.id);
    expect((await call('GET', `panel/vulnerabilities/${id}/`, as(owner))).json().data.status).toBe(
      'accepted_risk',
    );
  });

  it('reopens an accepted risk when its acceptance ends, notifies its assignee and raises an alert event', async () => {
    const { as, owner, member, team, bySeverity } = await teamWithFindings(['exp.life.test']);
    const id = bySeverity('critical').id;
    await call('PATCH', `panel/vulnerabilities/${id}/`, as(owner), {
      status: 'accepted_risk',
      reason: 'Fix planned next quarter',
      accepted_until: new Date(Date.now() + 2 * DAY).toISOString(),
      assignee: member.user.id,
    });
    await server.db
      .update(vulnerabilities)
      .set({ accepted_until: new Date(Date.now() - 1000) })
      .where(eq(vulnerabilities.id, id));
    expect((await sweepFindings(server.db)).expired).toBeGreaterThanOrEqual(1);
    const row = (await call('GET', `panel/vulnerabilities/${id}/`, as(owner))).json().data;
    expect(row).toMatchObject({ status: 'open', accepted_until: null, status_reason: null });
    const history = (await call('GET', `panel/vulnerabilities/${id}/history/`, as(owner))).json().data;
    expect(history[0]).toMatchObject({
      kind: 'status',
      by: null,
      data: { from: 'accepted_risk', to: 'open', expired: true },
    });
    const notes = (await call('GET', 'panel/notifications/', en(member.auth))).json().data;
    expect(JSON.stringify(notes)).toContain(
      'The accepted risk on Template git-config-exposure (exp.life.test) expired; the finding is open again.',
    );
    const events = await server.db
      .select()
      .from(alertEvents)
      .where(and(eq(alertEvents.workspace_id, team.id), eq(alertEvents.kind, 'acceptance_expired')));
    expect(events.map((e) => e.data.vulnerability_id)).toEqual([id]);
  });

  it('assigns to members only, notifies the assignee, and keeps each change in the history', async () => {
    const { as, owner, member, outsider, team, bySeverity } = await teamWithFindings();
    const id = bySeverity('high').id;
    const notMember = await call('PATCH', `panel/vulnerabilities/${id}/`, en(as(owner)), {
      assignee: outsider.user.id,
    });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().message).toBe('The assignee must be a member of this workspace.');
    const assigned = await call('PATCH', `panel/vulnerabilities/${id}/`, as(owner), {
      assignee: member.user.id,
    });
    expect(assigned.json().data.assignee).toEqual({ id: member.user.id, username: member.user.username });
    const mine = (await call('GET', 'panel/vulnerabilities/?assignee=me', as(member))).json().data;
    expect(mine.results.map((v: { id: string }) => v.id)).toEqual([id]);
    const notes = (await call('GET', 'panel/notifications/', en(member.auth))).json().data;
    expect(JSON.stringify(notes)).toContain(
      `${owner.user.username} assigned you a finding: Template git-config-exposure on`,
    );
    const due = await call('PATCH', `panel/vulnerabilities/${id}/`, as(member), { due_at: '2030-06-30' });
    expect(due.json().data.due_at).toBe('2030-06-30T23:59:59.999Z');
    const back = await call('PATCH', `panel/vulnerabilities/${id}/`, as(member), {
      assignee: null,
      due_at: null,
    });
    expect(back.json().data.assignee).toBeNull();
    const history = (await call('GET', `panel/vulnerabilities/${id}/history/`, as(owner))).json().data;
    expect(history.map((h: { kind: string; by: string }) => [h.kind, h.by])).toEqual([
      ['due_date', member.user.username],
      ['assignee', member.user.username],
      ['due_date', member.user.username],
      ['assignee', owner.user.username],
    ]);
    expect(history[1].data).toEqual({ from: member.user.username, to: null });
    expect(history[3].data).toEqual({ from: null, to: member.user.username });
    const assignedEvents = await server.db
      .select()
      .from(alertEvents)
      .where(and(eq(alertEvents.workspace_id, team.id), eq(alertEvents.kind, 'finding_assigned')));
    expect(assignedEvents).toHaveLength(1);
  });

  it('lets a user comment; an @mention of a member notifies them, an outsider is not mentioned', async () => {
    const { as, owner, member, outsider, bySeverity } = await teamWithFindings();
    const id = bySeverity('high').id;
    const empty = await call('POST', `panel/vulnerabilities/${id}/comments/`, en(as(member)), { body: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.body).toEqual(['Write a comment first.']);
    const posted = await call('POST', `panel/vulnerabilities/${id}/comments/`, as(member), {
      body: `@${owner.user.username} can you check this? cc @${outsider.user.username}`,
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json().data).toMatchObject({
      author: member.user.username,
      mentions: [owner.user.username],
    });
    const thread = (await call('GET', `panel/vulnerabilities/${id}/comments/`, as(owner))).json().data;
    expect(thread).toHaveLength(1);
    const ownerNotes = (await call('GET', 'panel/notifications/', en(owner.auth))).json().data;
    expect(JSON.stringify(ownerNotes)).toContain(
      `${member.user.username} mentioned you on Template git-config-exposure`,
    );
    const outsiderNotes = await server.db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, outsider.user.id));
    expect(outsiderNotes.filter((n) => n.message_key === 'notify.finding_mentioned')).toHaveLength(0);
    const history = (await call('GET', `panel/vulnerabilities/${id}/history/`, as(owner))).json().data;
    expect(history[0]).toMatchObject({ kind: 'comment', by: member.user.username });
    // Another workspace's member gets 404 for the thread.
    expect((await call('GET', `panel/vulnerabilities/${id}/comments/`, outsider.auth)).statusCode).toBe(404);
  });
});

describe('findings lifecycle: bulk triage and retests', () => {
  it('triages all findings matching the filters in one request, with exact counters and one history row each', async () => {
    const { as, owner, member, bySeverity } = await teamWithFindings();
    const refused = await call('POST', 'panel/vulnerabilities/bulk/', en(as(member)), {
      selection: { filters: { severity: 'critical,high' } },
      action: { kind: 'status', status: 'accepted_risk', reason: 'ok' },
    });
    expect(refused.statusCode).toBe(403);
    const done = await call('POST', 'panel/vulnerabilities/bulk/', as(member), {
      selection: { filters: { severity: 'critical,high' } },
      action: { kind: 'status', status: 'in_progress' },
    });
    expect(done.json().data).toEqual({ matched: 2, changed: 2 });
    const again = await call('POST', 'panel/vulnerabilities/bulk/', as(member), {
      selection: { filters: { severity: 'critical,high' } },
      action: { kind: 'status', status: 'in_progress' },
    });
    expect(again.json().data).toEqual({ matched: 2, changed: 0 });
    // The counters answer the status filters: they must agree with the records.
    const byCounters = (await call('GET', 'panel/vulnerabilities/?status=in_progress', as(owner))).json()
      .data;
    expect(byCounters.result_count).toBe(2);
    const open = (await call('GET', 'panel/vulnerabilities/?status=open', as(owner))).json().data;
    expect(open.result_count).toBe(1);
    const picked = await call('POST', 'panel/vulnerabilities/bulk/', as(member), {
      selection: { ids: [bySeverity('info').id] },
      action: { kind: 'assignee', assignee: member.user.id },
    });
    expect(picked.json().data).toEqual({ matched: 1, changed: 1 });
    const events = await server.db
      .select()
      .from(findingEvents)
      .where(eq(findingEvents.vulnerability_id, bySeverity('critical').id));
    expect(events.map((e) => e.kind)).toEqual(['status']);
  });

  it('retests one finding as a small task: matched again → still vulnerable; control answered → fixed; no answer → inconclusive', async () => {
    const { as, owner, member, worker, bySeverity } = await teamWithFindings(['rt.life.test']);
    const id = bySeverity('critical').id;
    const first = await call('POST', `panel/vulnerabilities/${id}/retest/`, as(member));
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      status: 'queued',
      verdict: null,
      requested_by: member.user.username,
    });
    const twice = await call('POST', `panel/vulnerabilities/${id}/retest/`, en(as(member)));
    expect(twice.statusCode).toBe(409);
    let task = (await worker.claim()).json().data.task;
    expect(task.kind).toBe('template-run');
    expect(task.payload.targets).toEqual(['http://rt.life.test:80']);
    expect(task.payload.templates.map((t: { id: string }) => t.id)).toEqual([
      'git-config-exposure',
      'didban-retest-control',
    ]);
    expect(task.payload.options).toMatchObject({ timeout_ms: 10_000, retries: 0 });
    const target = task.payload.targets[0];
    await worker.results(task.id, 1, [
      findingItem(target, 'git-config-exposure', { severity: 'critical' }),
      findingItem(target, 'didban-retest-control', { severity: 'info', matched_at: `${target}/` }),
    ]);
    await worker.complete(task.id);
    let retests = (await call('GET', `panel/vulnerabilities/${id}/retests/`, en(as(owner)))).json().data;
    expect(retests[0]).toMatchObject({
      status: 'done',
      verdict: 'still_vulnerable',
      reason: 'The template matched again.',
    });
    expect(retests[0].evidence[0]).toMatchObject({
      kind: 'match',
      request: expect.stringContaining('GET /.git/config'),
    });
    expect((await call('GET', `panel/vulnerabilities/${id}/`, as(owner))).json().data.status).toBe('open');

    // The target answers, the template no longer matches: fixed.
    await call('POST', `panel/vulnerabilities/${id}/retest/`, as(member));
    task = (await worker.claim()).json().data.task;
    await worker.results(task.id, 1, [
      findingItem(target, 'didban-retest-control', { severity: 'info', matched_at: `${target}/` }),
    ]);
    await worker.complete(task.id);
    let row = (await call('GET', `panel/vulnerabilities/${id}/`, as(owner))).json().data;
    expect(row).toMatchObject({ status: 'fixed', last_retest_verdict: 'fixed' });

    // The target is down: nothing matched, the control did not answer either → inconclusive, unchanged.
    await call('POST', `panel/vulnerabilities/${id}/retest/`, as(member));
    task = (await worker.claim()).json().data.task;
    await worker.results(task.id, 1, [
      {
        type: 'failure',
        template_id: 'didban-retest-control',
        target,
        message: 'connect ECONNREFUSED 127.0.0.1:80',
      },
    ]);
    await worker.complete(task.id);
    retests = (await call('GET', `panel/vulnerabilities/${id}/retests/`, en(as(owner)))).json().data;
    expect(retests[0]).toMatchObject({
      verdict: 'inconclusive',
      reason: 'The target did not answer the control request: connect ECONNREFUSED 127.0.0.1:80',
    });
    row = (await call('GET', `panel/vulnerabilities/${id}/`, as(owner))).json().data;
    expect(row).toMatchObject({ status: 'fixed', last_retest_verdict: 'inconclusive' });
    const history = (await call('GET', `panel/vulnerabilities/${id}/history/`, as(owner))).json().data;
    expect(
      history
        .filter((h: { kind: string }) => h.kind === 'retest')
        .map((h: { data: { verdict: string } }) => h.data.verdict),
    ).toEqual(['inconclusive', 'fixed', 'still_vulnerable']);
  });
});
