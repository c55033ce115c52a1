import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vulnerabilities } from '../src/db/schema.js';
import { findingItem, groupWithAssets } from './helpers/scans.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { asWorker, createWorker, personalWorkspaceId } from './helpers/workers.js';

// The trigger-kept counters (migration 0019) against exact counts, through what users do:
// results posted (twice), triage, a rescan that fixes, one that reopens, deletes of an asset, a
// scan and a group — in two workspaces, neither leaking into the other. Then the panel reads them.
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });

const rows = async (q: ReturnType<typeof sql>) =>
  ((await server.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'n' ? Number(v) : v])),
  );

/** Counters and exact counts of a workspace, cell by cell: they must be equal. */
async function expectCountersExact(workspaceId: string) {
  const counted = await rows(sql`select severity_rank, status, sum(n) as n from vulnerability_counters
    where workspace_id = ${workspaceId} group by 1, 2 having sum(n) <> 0 order by 1, 2`);
  const exact = await rows(sql`select severity_rank, status, count(*) as n from vulnerabilities
    where workspace_id = ${workspaceId} group by 1, 2 order by 1, 2`);
  expect(counted).toEqual(exact);
  const runsCounted =
    await rows(sql`select c.history_id, kind, severity_rank, sum(n) as n from scan_history_counters c
    join scan_histories h on h.id = c.history_id where h.workspace_id = ${workspaceId}
    group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`);
  const runsExact =
    await rows(sql`select l.history_id, kind, l.severity_rank, count(*) as n from scan_history_vulnerabilities l
    join scan_histories h on h.id = l.history_id where h.workspace_id = ${workspaceId} group by 1, 2, 3 order by 1, 2, 3`);
  expect(runsCounted).toEqual(runsExact);
  const assetsCounted = await rows(sql`select group_id, sum(n) as n from asset_counters
    where workspace_id = ${workspaceId} group by 1 having sum(n) <> 0 order by 1`);
  const assetsExact = await rows(sql`select group_id, count(*) as n from assets
    where workspace_id = ${workspaceId} group by 1 order by 1`);
  expect(assetsCounted).toEqual(assetsExact);
  return { vulnerabilities: exact, runs: runsExact, assets: assetsExact };
}

const HOSTS = ['c1.count.test', 'c2.count.test', 'c3.count.test'];
const SEVERITIES = ['critical', 'high', 'info'];

async function member() {
  const owner = await registerUser(server);
  const workspaceId = await personalWorkspaceId(server, owner.user.id);
  const { group, assets } = await groupWithAssets(server, workspaceId, HOSTS);
  const worker = asWorker(server, (await createWorker(server, owner.auth, { name: 'w' })).api_key);
  return { owner, workspaceId, group, assets, worker };
}
type Member = Awaited<ReturnType<typeof member>>;

/** Run every queued chunk of the workspace: each target reports the templates `found` gives it. */
async function work(m: Member, found: (target: string) => string[], postTwice = false) {
  for (;;) {
    const task = (await m.worker.claim()).json().data.task;
    if (!task) return;
    const items = task.payload.targets.flatMap((target: string) =>
      found(target).map((t, i) =>
        findingItem(target, t, { severity: SEVERITIES[i % SEVERITIES.length], matched_at: `${target}/${t}` }),
      ),
    );
    expect((await m.worker.results(task.id, 1, items)).statusCode).toBe(200);
    if (postTwice) expect((await m.worker.results(task.id, 1, items)).statusCode).toBe(200);
    expect((await m.worker.complete(task.id)).statusCode).toBe(200);
  }
}

describe('counters equal exact counts', () => {
  it('after ingest (and a duplicate batch), triage, fix and reopen on rescans, and deletes, per workspace', async () => {
    const a = await member();
    const b = await member();
    const templates = ['t-one', 't-two', 't-three'];
    const scanOf = async (m: Member) => {
      const created = await call('POST', 'panel/scans/', m.owner.auth, {
        name: 'Counted',
        asset_group: [m.group.id],
        template_ids: ['public:git-config-exposure'],
      });
      expect(created.statusCode).toBe(201);
      return created.json().data as { id: string; scan_history_id: string };
    };
    // The chunks carry the scan's template ids; findings may name any template, so the fix rule
    // is driven by what the chunk ran: make the findings use the engine id the chunk holds.
    const scanA = await scanOf(a);
    await scanOf(b);
    const engineId = (
      await rows(
        sql`select engine_template_ids[1] as t from scan_chunks where history_id = ${scanA.scan_history_id} limit 1`,
      )
    )[0]!.t as string;
    const allThree = () => [engineId, ...templates.slice(1)];
    await work(a, allThree, true);
    await work(b, () => [engineId]);
    let exactA = await expectCountersExact(a.workspaceId);
    await expectCountersExact(b.workspaceId);
    expect(exactA.vulnerabilities.reduce((s, r) => s + (r.n as number), 0)).toBe(9);

    // Triage: some in progress, one accepted, one false positive.
    const list = (await call('GET', 'panel/vulnerabilities/?page_size=100', a.owner.auth)).json().data;
    expect(list.result_count).toBe(9);
    // The three most severe are the engine template's (left open for the rescan to fix); triage the others.
    const [v1, v2, v3] = list.results.slice(3);
    for (const [v, status] of [
      [v1, 'in_progress'],
      [v2, 'accepted_risk'],
      [v3, 'false_positive'],
      [v1, 'fixed'],
    ] as const)
      expect(
        (await call('PATCH', `panel/vulnerabilities/${v.id}/`, a.owner.auth, { status })).statusCode,
      ).toBe(200);
    await expectCountersExact(a.workspaceId);

    // Rescan finding only the extra templates: the engine template's three findings are fixed
    // (the one triaged as fixed is found again, so it reopens).
    expect((await call('POST', `panel/scans/${scanA.id}/run/`, a.owner.auth, {})).statusCode).toBeLessThan(
      300,
    );
    await work(a, () => templates.slice(1));
    exactA = await expectCountersExact(a.workspaceId);
    const fixed = await server.db.select().from(vulnerabilities).where(eq(vulnerabilities.status, 'fixed'));
    expect(fixed.filter((v) => v.workspace_id === a.workspaceId).map((v) => v.severity)).toEqual([
      'critical',
      'critical',
      'critical',
    ]);
    // Rescan finding everything again: the fixed ones reopen.
    expect((await call('POST', `panel/scans/${scanA.id}/run/`, a.owner.auth, {})).statusCode).toBeLessThan(
      300,
    );
    await work(a, allThree);
    exactA = await expectCountersExact(a.workspaceId);
    expect(exactA.vulnerabilities.find((r) => r.status === 'fixed')).toBeUndefined();

    // The panel reads the counters: dashboard and filtered totals match exact counts.
    const dash = (await call('GET', 'panel/dashboard/', a.owner.auth)).json().data;
    expect(dash.assets).toBe(3);
    const openExact = await rows(sql`select severity, count(*) as n from vulnerabilities
      where workspace_id = ${a.workspaceId} and status in ('open', 'in_progress') group by 1`);
    for (const r of openExact) expect(dash.vulnerabilities[r.severity as string]).toBe(r.n);
    const filtered = (
      await call('GET', 'panel/vulnerabilities/?severity=critical,high&status=open', a.owner.auth)
    ).json().data;
    const [exactFiltered] =
      await rows(sql`select count(*) as n from vulnerabilities where workspace_id = ${a.workspaceId}
      and severity in ('critical', 'high') and status = 'open'`);
    expect(filtered.result_count).toBe(exactFiltered!.n);
    const runList = (
      await call(
        'GET',
        `panel/scans/${scanA.id}/histories/${scanA.scan_history_id}/vulnerabilities/?severity=info`,
        a.owner.auth,
      )
    ).json().data;
    expect(runList.result_count).toBe(3);
    const histories = (await call('GET', `panel/scans/${scanA.id}/histories`, a.owner.auth)).json().data;
    const first = histories.results.find((h: { id: string }) => h.id === scanA.scan_history_id);
    expect(first.findings).toMatchObject({ critical: 3, high: 3, info: 3 });

    // Workspace B never moved while A did all that.
    expect((await expectCountersExact(b.workspaceId)).vulnerabilities).toEqual([
      { severity_rank: 5, status: 'open', n: 3 },
    ]);

    // Deletes: an asset (its findings stay, unlinked), the scan (its runs go), the group (its assets go).
    expect((await call('DELETE', `panel/all-assets/${a.assets[0]!.id}/`, a.owner.auth)).statusCode).toBe(200);
    await expectCountersExact(a.workspaceId);
    expect((await call('GET', 'panel/dashboard/', a.owner.auth)).json().data.assets).toBe(2);
    expect((await call('DELETE', `panel/scans/${scanA.id}/`, a.owner.auth)).statusCode).toBe(200);
    await expectCountersExact(a.workspaceId);
    expect((await call('DELETE', `panel/assets/${a.group.id}/`, a.owner.auth)).statusCode).toBe(200);
    const afterGroup = await expectCountersExact(a.workspaceId);
    expect(afterGroup.assets).toEqual([]);
    expect((await call('GET', 'panel/dashboard/', a.owner.auth)).json().data.assets).toBe(0);
    // Findings deleted outright (as a workspace's deletion does) leave the counters at zero.
    await server.db.delete(vulnerabilities).where(eq(vulnerabilities.workspace_id, a.workspaceId));
    expect((await expectCountersExact(a.workspaceId)).vulnerabilities).toEqual([]);
    expect((await call('GET', 'panel/vulnerabilities/', a.owner.auth)).json().data.result_count).toBe(0);
    expect((await expectCountersExact(b.workspaceId)).vulnerabilities).toHaveLength(1);
  }, 120_000);
});
