import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, scanHistories, vulnerabilities, workspaces } from '../src/db/schema.js';
import { findingItem, groupWithAssets } from './helpers/scans.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { asWorker, createWorker, personalWorkspaceId } from './helpers/workers.js';

// The trigger-kept counters (migration 0019) against exact counts, through what users do:
// results posted (twice), triage, a rescan that fixes, one that reopens, deletes of an asset, a
// run, a scan and a group — in two workspaces, neither leaking into the other. Then the panel reads them.
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
  // Open findings by UTC due day (migration 0034).
  const dueCounted = await rows(sql`select severity_rank, status, due_day::text as day, sum(n) as n
    from open_due_counters where workspace_id = ${workspaceId} group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`);
  const dueExact =
    await rows(sql`select severity_rank, status, ((due_at at time zone 'UTC')::date)::text as day,
    count(*) as n from vulnerabilities where workspace_id = ${workspaceId} and status in ('open', 'in_progress')
    and due_at is not null group by 1, 2, 3 order by 1, 2, 3`);
  expect(dueCounted).toEqual(dueExact);
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
  // A scan's findings: each (scan, finding) pair once with its number of run links, and the
  // counters of distinct findings by severity and status (migration 0020).
  const pairsKept =
    await rows(sql`select p.scan_id, p.vulnerability_id, p.links as n from scan_vulnerabilities p
    join scans s on s.id = p.scan_id where s.workspace_id = ${workspaceId} order by 1, 2`);
  const pairsExact = await rows(sql`select h.scan_id, l.vulnerability_id, count(*) as n
    from scan_history_vulnerabilities l join scan_histories h on h.id = l.history_id
    where h.workspace_id = ${workspaceId} group by 1, 2 order by 1, 2`);
  expect(pairsKept).toEqual(pairsExact);
  const scansCounted = await rows(sql`select c.scan_id, c.severity_rank, c.status, sum(c.n) as n
    from scan_vulnerability_counters c join scans s on s.id = c.scan_id where s.workspace_id = ${workspaceId}
    group by 1, 2, 3 having sum(c.n) <> 0 order by 1, 2, 3`);
  const scansExact = await rows(sql`select h.scan_id, v.severity_rank, v.status, count(distinct v.id) as n
    from scan_history_vulnerabilities l join scan_histories h on h.id = l.history_id
    join vulnerabilities v on v.id = l.vulnerability_id where h.workspace_id = ${workspaceId}
    group by 1, 2, 3 order by 1, 2, 3`);
  expect(scansCounted).toEqual(scansExact);
  // Technologies: assets per slug and per (slug, version), as the expansion of every asset gives.
  const techCounted = await rows(sql`select slug, sum(n) as n from technology_counters
    where workspace_id = ${workspaceId} group by 1 having sum(n) <> 0 order by 1`);
  const techExact = await rows(sql`select t.e ->> 'slug' as slug, count(distinct a.id) as n
    from assets a cross join lateral jsonb_array_elements(a.technologies) t(e)
    where a.workspace_id = ${workspaceId} group by 1 order by 1`);
  expect(techCounted).toEqual(techExact);
  const versionsCounted = await rows(sql`select slug, version, sum(n) as n from technology_version_counters
    where workspace_id = ${workspaceId} group by 1, 2 having sum(n) <> 0 order by 1, 2`);
  const versionsExact = await rows(sql`select t.e ->> 'slug' as slug, t.e ->> 'version' as version,
    count(distinct a.id) as n from assets a cross join lateral jsonb_array_elements(a.technologies) t(e)
    where a.workspace_id = ${workspaceId} and t.e ->> 'version' is not null group by 1, 2 order by 1, 2`);
  expect(versionsCounted).toEqual(versionsExact);
  const portsCounted = await rows(sql`select group_id, port, sum(n) as n from asset_port_counters
    where workspace_id = ${workspaceId} group by 1, 2 having sum(n) <> 0 order by 1, 2`);
  const portsExact = await rows(sql`select group_id, port, count(*) as n from assets
    where workspace_id = ${workspaceId} and port is not null group by 1, 2 order by 1, 2`);
  expect(portsCounted).toEqual(portsExact);
  const statusesCounted = await rows(sql`select group_id, status, sum(n) as n from asset_status_counters
    where workspace_id = ${workspaceId} group by 1, 2 having sum(n) <> 0 order by 1, 2`);
  const statusesExact = await rows(sql`select group_id, status, count(*) as n from assets
    where workspace_id = ${workspaceId} group by 1, 2 order by 1, 2`);
  expect(statusesCounted).toEqual(statusesExact);
  // A run's links by rank × their finding's status now (migration 0021): the copy on each link
  // follows triage and rescans, and the counters follow the copies.
  const runStatusCounted = await rows(sql`select c.history_id, c.severity_rank, c.status, sum(c.n) as n
    from scan_history_status_counters c join scan_histories h on h.id = c.history_id
    where h.workspace_id = ${workspaceId} group by 1, 2, 3 having sum(c.n) <> 0 order by 1, 2, 3`);
  const runStatusExact = await rows(sql`select l.history_id, l.severity_rank, v.status, count(*) as n
    from scan_history_vulnerabilities l join scan_histories h on h.id = l.history_id
    join vulnerabilities v on v.id = l.vulnerability_id where h.workspace_id = ${workspaceId}
    group by 1, 2, 3 order by 1, 2, 3`);
  expect(runStatusCounted).toEqual(runStatusExact);
  const staleCopies = await rows(sql`select count(*) as n from scan_history_vulnerabilities l
    join vulnerabilities v on v.id = l.vulnerability_id where v.workspace_id = ${workspaceId} and l.status <> v.status`);
  expect(staleCopies).toEqual([{ n: 0 }]);
  return {
    vulnerabilities: exact,
    runs: runsExact,
    assets: assetsExact,
    scans: scansExact,
    technologies: techExact,
  };
}

/** What the panel shows of a scan's open findings and of its filtered list equals exact counts. */
async function expectScanListsExact(m: Member, scanId: string) {
  // Each run's list filtered by status (and severity) counts what its links' findings say.
  const runs = await rows(sql`select id from scan_histories where scan_id = ${scanId}`);
  for (const { id } of runs)
    for (const [filter, statuses, severities] of [
      ['status=open', ['open'], null],
      ['status=fixed,in_progress', ['fixed', 'in_progress'], null],
      // A run's severity filter reads the rank its link copied (a rescan may change a finding's).
      ['severity=critical&status=open', ['open'], [5]],
    ] as const) {
      const [exact] = await rows(sql`select count(*)::int as c from scan_history_vulnerabilities l
        join vulnerabilities v on v.id = l.vulnerability_id where l.history_id = ${id}
        and v.status in ${statuses} and (${severities === null} or l.severity_rank in ${severities ?? [-1]})`);
      const listed = (
        await call(
          'GET',
          `panel/scans/${scanId}/histories/${id}/vulnerabilities/?page_size=100&${filter}`,
          m.owner.auth,
        )
      ).json().data;
      expect([filter, listed.result_count]).toEqual([filter, exact!.c]);
      expect(listed.results).toHaveLength(exact!.c as number);
    }
  const exactOpen =
    await rows(sql`select case when v.severity = 'unknown' then 'info' else v.severity end as severity,
    count(distinct v.id) as n from scan_history_vulnerabilities l join scan_histories h on h.id = l.history_id
    join vulnerabilities v on v.id = l.vulnerability_id
    where h.scan_id = ${scanId} and v.status in ('open', 'in_progress') group by 1`);
  const listed = (await call('GET', 'panel/scans/?page_size=100', m.owner.auth)).json().data.results;
  const shown = listed.find((s: { id: string }) => s.id === scanId).vulnerabilities as Record<string, number>;
  const expected = { critical: 0, high: 0, medium: 0, low: 0, info: 0 } as Record<string, number>;
  for (const r of exactOpen) expected[r.severity as string] = r.n as number;
  expect(shown).toEqual(expected);
  for (const filter of [
    '',
    '&severity=critical,high',
    '&status=open',
    '&severity_group=exposures&status=fixed',
  ]) {
    const list = (
      await call('GET', `panel/vulnerabilities/?scan=${scanId}&page_size=100${filter}`, m.owner.auth)
    ).json().data;
    const ids = (
      await rows(sql`select distinct l.vulnerability_id as id from scan_history_vulnerabilities l
        join scan_histories h on h.id = l.history_id join vulnerabilities v on v.id = l.vulnerability_id
        where h.scan_id = ${scanId}
        and (${filter.includes('critical')} = false or v.severity in ('critical', 'high'))
        and (${filter.includes('status=open')} = false or v.status = 'open')
        and (${filter.includes('exposures')} = false or (v.severity_rank <= 1 and v.status = 'fixed'))`)
    ).map((r) => r.id);
    expect(list.result_count).toBe(ids.length);
    expect(list.results.map((v: { id: string }) => v.id).sort()).toEqual([...ids].sort());
  }
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
    await expectScanListsExact(a, scanA.id);
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
        (
          await call('PATCH', `panel/vulnerabilities/${v.id}/`, a.owner.auth, {
            status,
            // False positive and accepted risk need a reason (issue 32).
            ...(status === 'accepted_risk' || status === 'false_positive' ? { reason: 'counted' } : {}),
          })
        ).statusCode,
      ).toBe(200);
    await expectCountersExact(a.workspaceId);
    await expectScanListsExact(a, scanA.id);

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
    await expectScanListsExact(a, scanA.id);
    // A second scan of the same group, then a rescan finding everything again: the fixed ones
    // reopen, and both scans hold the same nine findings, each counted once per scan.
    const scanA2 = await scanOf(a);
    expect((await call('POST', `panel/scans/${scanA.id}/run/`, a.owner.auth, {})).statusCode).toBeLessThan(
      300,
    );
    await work(a, allThree);
    exactA = await expectCountersExact(a.workspaceId);
    expect(exactA.vulnerabilities.find((r) => r.status === 'fixed')).toBeUndefined();
    await expectScanListsExact(a, scanA.id);
    await expectScanListsExact(a, scanA2.id);
    expect(exactA.scans.filter((r) => r.scan_id === scanA2.id).reduce((n, r) => n + (r.n as number), 0)).toBe(
      9,
    );
    // Another workspace's scan id shows nothing, its count included.
    const scanB = (await call('GET', 'panel/scans/', b.owner.auth)).json().data.results[0].id as string;
    const foreign = (await call('GET', `panel/vulnerabilities/?scan=${scanB}`, a.owner.auth)).json().data;
    expect(foreign).toMatchObject({ result_count: 0, results: [] });

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

    // Technologies as discovery writes them: on new assets and rewriting existing ones.
    const tech = (slug: string, version: string | null) => ({
      name: slug === 'nginx' ? 'Nginx' : 'PHP',
      slug,
      version,
      categories: [{ name: slug === 'nginx' ? 'Web servers' : 'Programming languages' }],
      website: `https://${slug}.example`,
      description: null,
      icon: `${slug}.svg`,
    });
    const [, kept1, kept2] = a.assets;
    await server.db
      .update(assets)
      .set({ technologies: [tech('nginx', '1.25'), tech('php', null)] })
      .where(eq(assets.id, kept1!.id));
    await server.db
      .update(assets)
      .set({ technologies: [tech('nginx', '1.24'), tech('nginx', '1.25')] })
      .where(eq(assets.id, kept2!.id));
    await server.db.insert(assets).values({
      workspace_id: a.workspaceId,
      group_id: a.group.id,
      host: 'c4.count.test',
      port: 443,
      technologies: [tech('nginx', null)],
    });
    expect((await expectCountersExact(a.workspaceId)).technologies).toEqual([
      { slug: 'nginx', n: 3 },
      { slug: 'php', n: 1 },
    ]);
    const techList = (await call('GET', 'panel/all-assets/technologies/', a.owner.auth)).json().data;
    expect(techList).toEqual([
      {
        id: 'nginx',
        name: 'Nginx',
        icon: 'nginx.svg',
        website: 'https://nginx.example',
        description_en: null,
        categories: [{ name: 'Web servers' }],
        versions: ['1.24', '1.25'],
        asset_count: 3,
      },
      expect.objectContaining({ id: 'php', versions: [], asset_count: 1 }),
    ]);
    // Rewritten without PHP and without 1.24 (an unrelated update changes nothing).
    await server.db
      .update(assets)
      .set({ technologies: [tech('nginx', '1.25')] })
      .where(eq(assets.id, kept1!.id));
    await server.db
      .update(assets)
      .set({ technologies: [tech('nginx', '1.25')] })
      .where(eq(assets.id, kept2!.id));
    await server.db.update(assets).set({ title: 'Renamed' }).where(eq(assets.workspace_id, a.workspaceId));
    await expectCountersExact(a.workspaceId);
    const after = (await call('GET', 'panel/all-assets/technologies/', a.owner.auth)).json().data;
    expect(
      after.map((t: { id: string; versions: string[]; asset_count: number }) => [
        t.id,
        t.versions,
        t.asset_count,
      ]),
    ).toEqual([['nginx', ['1.25'], 3]]);
    const byTech = (
      await call('GET', 'panel/all-assets/filter-by-technology?technology_id=nginx', a.owner.auth)
    ).json().data;
    expect(byTech.result_count).toBe(3);
    // Port options: the workspace's and the group's, moved by an asset changing port.
    await server.db.update(assets).set({ port: 8080 }).where(eq(assets.id, kept2!.id));
    await expectCountersExact(a.workspaceId);
    const portOptions = [
      { value: '443', count: 1 },
      { value: '80', count: 1 },
      { value: '8080', count: 1 },
    ];
    expect((await call('GET', 'panel/all-assets/?fieldname=port', a.owner.auth)).json().data).toEqual(
      portOptions,
    );
    expect(
      (await call('GET', `panel/asset-groups/${a.group.id}/assets/?fieldname=port`, a.owner.auth)).json()
        .data,
    ).toEqual(portOptions);
    // Narrowed by another filter, they are counted exactly (and agree).
    expect(
      (await call('GET', 'panel/all-assets/?fieldname=port&status=200', a.owner.auth)).json().data,
    ).toEqual(portOptions.filter((o) => o.value !== '443'));
    // Statuses (migration 0021): options and a status filter's total from the counters, moved by
    // an asset changing status; a port filter's total from the port counters; both filters at
    // once are counted exactly. Each equals what the rows say.
    await server.db.update(assets).set({ status: '404' }).where(eq(assets.id, kept1!.id));
    await expectCountersExact(a.workspaceId);
    const exactStatuses = await rows(sql`select status as value, count(*)::int as count from assets
      where workspace_id = ${a.workspaceId} and status <> '' group by 1 order by 2 desc, 1 asc`);
    expect(exactStatuses.length).toBeGreaterThan(1);
    expect((await call('GET', 'panel/all-assets/?fieldname=status', a.owner.auth)).json().data).toEqual(
      exactStatuses,
    );
    for (const [filter, where] of [
      ['status=404', sql`status = '404'`],
      ['status=404,200', sql`status in ('404', '200')`],
      ['port=8080,0443', sql`port in (8080, 443)`],
      [`port=80&asset_group=${a.group.id}`, sql`port = 80`],
      ['port=80&status=200', sql`port = 80 and status = '200'`],
    ] as const) {
      const [exact] = await rows(
        sql`select count(*)::int as c from assets where workspace_id = ${a.workspaceId} and ${where}`,
      );
      const listed = (await call('GET', `panel/all-assets/?${filter}`, a.owner.auth)).json().data;
      expect([filter, listed.result_count]).toEqual([filter, exact!.c]);
      expect(listed.results).toHaveLength(exact!.c as number);
    }
    expect(
      (await call('GET', `panel/asset-groups/${a.group.id}/assets/?status=404`, a.owner.auth)).json().data
        .result_count,
    ).toBe(1);
    expect(byTech.results).toHaveLength(3);
    expect(
      (await call('GET', 'panel/all-assets/filter-by-technology?technology_id=php', a.owner.auth)).json().data
        .result_count,
    ).toBe(0);

    // A run deleted alone: its links go, the pairs other runs still make stay.
    await server.db.delete(scanHistories).where(eq(scanHistories.id, scanA.scan_history_id));
    await expectCountersExact(a.workspaceId);
    await expectScanListsExact(a, scanA.id);
    expect((await call('DELETE', `panel/scans/${scanA.id}/`, a.owner.auth)).statusCode).toBe(200);
    const afterScan = await expectCountersExact(a.workspaceId);
    // The other scan of the same findings keeps its nine.
    expect(afterScan.scans.every((r) => r.scan_id === scanA2.id)).toBe(true);
    expect(afterScan.scans.reduce((n, r) => n + (r.n as number), 0)).toBe(9);
    await expectScanListsExact(a, scanA2.id);
    expect((await call('DELETE', `panel/assets/${a.group.id}/`, a.owner.auth)).statusCode).toBe(200);
    const afterGroup = await expectCountersExact(a.workspaceId);
    expect(afterGroup.assets).toEqual([]);
    expect(afterGroup.technologies).toEqual([]);
    expect((await call('GET', 'panel/all-assets/?fieldname=port', a.owner.auth)).json().data).toEqual([]);
    expect((await call('GET', 'panel/all-assets/?fieldname=status', a.owner.auth)).json().data).toEqual([]);
    expect((await call('GET', 'panel/all-assets/technologies/', a.owner.auth)).json().data).toEqual([]);
    expect((await call('GET', 'panel/dashboard/', a.owner.auth)).json().data.assets).toBe(0);
    // Findings deleted outright (as a workspace's deletion does) leave the counters at zero.
    await server.db.delete(vulnerabilities).where(eq(vulnerabilities.workspace_id, a.workspaceId));
    const afterAll = await expectCountersExact(a.workspaceId);
    expect(afterAll.vulnerabilities).toEqual([]);
    expect(afterAll.scans).toEqual([]);
    expect((await call('GET', 'panel/vulnerabilities/', a.owner.auth)).json().data.result_count).toBe(0);
    expect((await expectCountersExact(b.workspaceId)).vulnerabilities).toHaveLength(1);
    // A workspace deleted with everything in it (a team's deletion): its counters and pairs go too.
    await server.db.delete(workspaces).where(eq(workspaces.id, b.workspaceId));
    const [left] = await rows(sql`select
      (select count(*) from scan_vulnerabilities where scan_id = ${scanB})
      + (select count(*) from scan_vulnerability_counters where scan_id = ${scanB})
      + (select count(*) from technology_counters where workspace_id = ${b.workspaceId})
      + (select count(*) from asset_port_counters where workspace_id = ${b.workspaceId})
      + (select count(*) from asset_status_counters where workspace_id = ${b.workspaceId})
      + (select count(*) from vulnerability_counters where workspace_id = ${b.workspaceId}) as n`);
    expect(left!.n).toBe(0);
  }, 120_000);
});
