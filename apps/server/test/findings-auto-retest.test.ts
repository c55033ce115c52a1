import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findingAutoRetestSettings, findingRetests } from '../src/db/schema.js';
import { runAutoRetests } from '../src/findings/auto-retest.js';
import { findingItem, groupWithAssets, scanWithOneFindingPerHost } from './helpers/scans.js';
import { createTeam } from './helpers/teams.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { asWorker, createWorker } from './helpers/workers.js';

// Automatic retests of open findings on a schedule per workspace (issue 32): the setting (owners
// and admins, validated), and the loop that queues retests of due workspaces through the manual
// path, once per period, never twice for a finding already waiting. This file has its own server,
// so every workspace the loop sees is one of these tests'.
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
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** A team (owner, admin, user) with one finding per host, of the severities given, from one scan. */
async function teamWithFindings(prefix: string, severities = ['critical', 'high', 'info']) {
  const owner = await registerUser(server);
  const admin = await registerUser(server);
  const member = await registerUser(server);
  const team = await createTeam(server, owner.user.id, `Auto ${prefix}`, [
    [admin.user.id, 'admin'],
    [member.user.id, 'user'],
  ]);
  const as = (u: { auth: Headers }) => ({ ...u.auth, 'x-workspace-id': team.id });
  const hosts = severities.map((s) => `${s}.${prefix}.auto.test`);
  const { assets } = await groupWithAssets(server, team.id, hosts);
  const key = (await createWorker(server, as(owner), { name: `hand-${prefix}` })).api_key;
  const worker = asWorker(server, key);
  await scanWithOneFindingPerHost(server, {
    headers: as(owner),
    groupId: assets[0]!.group_id,
    hosts,
    severities,
    worker,
    name: 'Auto retest',
    templateId: 'git-config-exposure',
  });
  const list = (await call('GET', 'panel/vulnerabilities/?page_size=100', as(owner))).json().data.results;
  expect(list).toHaveLength(severities.length);
  const bySeverity = (s: string) => list.find((v: { severity: string }) => v.severity === s);
  return { owner, admin, member, team, as, worker, bySeverity };
}

/** The retests of a workspace: which severity, automatic or not, who asked. */
async function retestsOf(workspaceId: string) {
  return rowsOf<{ severity: string; automatic: boolean; requested_by_name: string | null; status: string }>(
    await server.db.execute(sql`
      select v.severity, r.automatic, r.requested_by_name, r.status from finding_retests r
      join vulnerabilities v on v.id = r.vulnerability_id
      where r.workspace_id = ${workspaceId}::uuid order by v.severity_rank desc, r.created_at`),
  );
}

/** As if the period had passed: the stored due time moves into the past. */
const makeDue = (workspaceId: string) =>
  server.db
    .update(findingAutoRetestSettings)
    .set({ next_run_at: new Date(Date.now() - 60_000) })
    .where(eq(findingAutoRetestSettings.workspace_id, workspaceId));

describe('automatic retest: the setting', () => {
  it('is off for critical and high by default; owners and admins change it, a user is refused, bad values store nothing', async () => {
    const { as, owner, admin, member, team } = await teamWithFindings('set', ['high']);
    const initial = await call('GET', 'panel/findings/auto-retest/', as(member));
    expect(initial.statusCode).toBe(200);
    expect(initial.json().data).toEqual({
      frequency: 'off',
      severities: ['critical', 'high'],
      last_run_at: null,
      last_queued: null,
      next_run_at: null,
      max_per_run: 100,
    });

    const refused = await call('PATCH', 'panel/findings/auto-retest/', en(as(member)), {
      frequency: 'daily',
      severities: ['critical'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to do this.');

    const badFrequency = await call('PATCH', 'panel/findings/auto-retest/', en(as(owner)), {
      frequency: 'hourly',
      severities: ['critical'],
    });
    expect(badFrequency.statusCode).toBe(400);
    expect(badFrequency.json().errors.frequency).toEqual([
      'Choose how often to retest: off, daily or weekly.',
    ]);
    const noSeverity = await call('PATCH', 'panel/findings/auto-retest/', fa(as(owner)), {
      frequency: 'daily',
      severities: [],
    });
    expect(noSeverity.statusCode).toBe(400);
    expect(noSeverity.json().errors.severities).toEqual([
      'دست‌کم یک شدت انتخاب کنید: بحرانی، بالا، متوسط، پایین یا اطلاعاتی.',
    ]);
    const unknownSeverity = await call('PATCH', 'panel/findings/auto-retest/', en(as(owner)), {
      frequency: 'daily',
      severities: ['urgent'],
    });
    expect(unknownSeverity.statusCode).toBe(400);
    expect(JSON.stringify(unknownSeverity.json().errors)).toContain(
      'Choose at least one severity: critical, high, medium, low or info.',
    );
    expect(
      await server.db
        .select()
        .from(findingAutoRetestSettings)
        .where(eq(findingAutoRetestSettings.workspace_id, team.id)),
    ).toEqual([]);

    const before = Date.now();
    const saved = await call('PATCH', 'panel/findings/auto-retest/', as(admin), {
      frequency: 'weekly',
      severities: ['high', 'critical', 'high'],
    });
    expect(saved.statusCode).toBe(200);
    const data = saved.json().data;
    expect(data).toMatchObject({ frequency: 'weekly', severities: ['critical', 'high'], last_run_at: null });
    // Turned on: the first run is due at once (the loop's next pass).
    expect(Date.parse(data.next_run_at)).toBeGreaterThanOrEqual(before - 5_000);
    expect(Date.parse(data.next_run_at)).toBeLessThanOrEqual(Date.now() + 5_000);
    expect((await call('GET', 'panel/findings/auto-retest/', as(member))).json().data).toEqual(data);

    // Off again: nothing is due.
    const off = await call('PATCH', 'panel/findings/auto-retest/', as(owner), {
      frequency: 'off',
      severities: ['critical'],
    });
    expect(off.json().data).toMatchObject({ frequency: 'off', severities: ['critical'], next_run_at: null });
  });
});

describe('automatic retest: the loop', () => {
  it('queues retests of due workspaces only, of the chosen severities only, once per period, none for a finding already waiting', async () => {
    const a = await teamWithFindings('a', ['critical', 'high', 'medium', 'info']);
    const b = await teamWithFindings('b', ['critical']);
    const c = await teamWithFindings('c', ['critical']);
    // A: daily, critical + high; its critical finding already has a (manual) retest waiting.
    await call('PATCH', 'panel/findings/auto-retest/', a.as(a.owner), {
      frequency: 'daily',
      severities: ['critical', 'high'],
    });
    const manual = await call(
      'POST',
      `panel/vulnerabilities/${a.bySeverity('critical').id}/retest/`,
      a.as(a.member),
    );
    expect(manual.statusCode).toBe(201);
    // B: off (the default). C: weekly, but its next run is tomorrow.
    await call('PATCH', 'panel/findings/auto-retest/', c.as(c.owner), {
      frequency: 'weekly',
      severities: ['critical'],
    });
    await server.db
      .update(findingAutoRetestSettings)
      .set({ next_run_at: new Date(Date.now() + DAY) })
      .where(eq(findingAutoRetestSettings.workspace_id, c.team.id));

    const before = Date.now();
    expect(await runAutoRetests(server.db)).toEqual({ workspaces: 1, queued: 1 });
    expect(await retestsOf(a.team.id)).toEqual([
      { severity: 'critical', automatic: false, requested_by_name: a.member.user.username, status: 'queued' },
      { severity: 'high', automatic: true, requested_by_name: null, status: 'queued' },
    ]);
    expect(await retestsOf(b.team.id)).toEqual([]);
    expect(await retestsOf(c.team.id)).toEqual([]);
    const shown = (await call('GET', 'panel/findings/auto-retest/', a.as(a.member))).json().data;
    expect(shown.last_queued).toBe(1);
    expect(Date.parse(shown.last_run_at)).toBeGreaterThanOrEqual(before - 5_000);
    expect(Date.parse(shown.next_run_at) - Date.parse(shown.last_run_at)).toBe(DAY);

    // Once per period: the next pass queues nothing (the due time is stored, so a restart keeps it).
    expect(await runAutoRetests(server.db)).toEqual({ workspaces: 0, queued: 0 });
    expect(await retestsOf(a.team.id)).toHaveLength(2);

    // The retest runs on the worker group that found the finding; its history names the schedule.
    const high = a.bySeverity('high');
    for (;;) {
      const task = (await a.worker.claim()).json().data.task;
      if (!task) break;
      expect(task.kind).toBe('template-run');
      const target: string = task.payload.targets[0];
      await a.worker.results(task.id, 1, [
        findingItem(target, 'git-config-exposure', {
          severity: target.includes('high') ? 'high' : 'critical',
        }),
      ]);
      await a.worker.complete(task.id);
    }
    const history = (await call('GET', `panel/vulnerabilities/${high.id}/history/`, a.as(a.owner))).json()
      .data;
    expect(history[0]).toMatchObject({
      kind: 'retest',
      by: null,
      data: { automatic: true, verdict: 'still_vulnerable' },
    });
    const manualHistory = (
      await call('GET', `panel/vulnerabilities/${a.bySeverity('critical').id}/history/`, a.as(a.owner))
    ).json().data;
    expect(manualHistory[0]).toMatchObject({ kind: 'retest', by: a.member.user.username });
    expect(manualHistory[0].data.automatic).toBeUndefined();

    // A day later: both are retested again, automatically; the medium and info findings never.
    await makeDue(a.team.id);
    expect(await runAutoRetests(server.db)).toEqual({ workspaces: 1, queued: 2 });
    const again = await retestsOf(a.team.id);
    expect(again.filter((r) => r.status === 'queued')).toEqual([
      { severity: 'critical', automatic: true, requested_by_name: null, status: 'queued' },
      { severity: 'high', automatic: true, requested_by_name: null, status: 'queued' },
    ]);
    expect(again.map((r) => r.severity)).not.toContain('medium');
    expect(again.map((r) => r.severity)).not.toContain('info');

    // Due again while both still wait: none is queued twice; the run is recorded all the same.
    await makeDue(a.team.id);
    expect(await runAutoRetests(server.db)).toEqual({ workspaces: 1, queued: 0 });
    expect(await retestsOf(a.team.id)).toHaveLength(4);
    expect((await call('GET', 'panel/findings/auto-retest/', a.as(a.owner))).json().data.last_queued).toBe(0);

    // Each retest, automatic or not, is a task on the queue.
    const rows = await server.db
      .select()
      .from(findingRetests)
      .where(eq(findingRetests.workspace_id, a.team.id));
    expect(rows.every((r) => r.task_id !== null)).toBe(true);
  });
});
