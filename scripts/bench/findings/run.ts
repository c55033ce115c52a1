/**
 * Findings lifecycle benchmark (issue 32):
 *   node --conditions=didban-source --import tsx scripts/bench/findings/run.ts
 *
 * Real parts: the server in its own process (apps/server/src/main.ts, no built-in worker) on a
 * fresh PostgreSQL database (DIDBAN_TEST_PG_URL's server), called over HTTP.
 *   1. Bulk triage: 10,000 open findings set to "in progress" by one
 *      `POST panel/vulnerabilities/bulk/` with "all matching" filters (target < 2 s), then assigned
 *      to a member by one more; the counters checked against a count of the records afterwards.
 *   2. The list with SLA filters (overdue, due within 30 days) at DIDBAN_BENCH_SLA_ROWS findings
 *      (default 1,000,000; seeded by SQL as `pnpm bench:million` does): p50/p95 over HTTP
 *      (target p95 < 50 ms).
 *      The severity-filtered rows are measured again after dropping migration 0031's index, in the
 *      same run, to show what it changes under the same machine load.
 * Prints a Markdown table; docs/benchmarks.md "### Findings lifecycle" holds the figures.
 * Env: DIDBAN_BENCH_BULK (10000), DIDBAN_BENCH_SLA_ROWS (1000000), DIDBAN_BENCH_ROUNDS (30).
 */
import os from 'node:os';
import { jsonApi } from '../lib/json-api.js';
import { registerWorkspace } from '../lib/lab-workspace.js';
import { createBenchDatabase, loadPg, startServerProcess } from '../lib/server-process.mjs';

const pg = (await loadPg()) as typeof import('pg');
const BULK = Number(process.env.DIDBAN_BENCH_BULK ?? 10_000);
const SLA_ROWS = Number(process.env.DIDBAN_BENCH_SLA_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.DIDBAN_BENCH_ROUNDS ?? 30);
const load = () => os.loadavg()[0]!.toFixed(1);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** `rows` findings of a workspace, first seen over the last 200 days, severities and statuses mixed. */
async function seed(client: InstanceType<typeof pg.Client>, ws: string, rows: number, prefix: string) {
  await client.query(
    `insert into vulnerabilities (workspace_id, dedupe_key, template_id, template_name, severity, severity_rank,
       protocol, host, port, matched_at, status, first_seen_at, last_seen_at)
     select $1, $3 || i, 'tpl-' || (i % 1000), 'Template ' || (i % 1000),
       (array['critical','high','medium','low','info'])[1 + i % 5], (array[5,4,3,2,1])[1 + i % 5],
       'http', 'h' || (i % 50000) || '.bench.test', 80, 'http://h' || i || '.bench.test/p',
       (array['open','open','open','in_progress','fixed','false_positive','accepted_risk'])[1 + (i / 5) % 7],
       now() - ((i % 200) || ' days')::interval, now() - ((i % 600) || ' minutes')::interval
     from generate_series(0, $2::int - 1) as s(i)`,
    [ws, rows, prefix],
  );
}

const db = await createBenchDatabase();
const server = await startServerProcess(
  { DATABASE_URL: db.url, DIDBAN_BUILTIN_WORKER: '0', DIDBAN_ALERTS: '0' },
  // A shared, loaded machine can take over a minute to start the server from source.
  { startTimeoutMs: 300_000 },
);
const client = new pg.Client({ connectionString: db.url });
await client.connect();
const api = jsonApi(server.url);
const out: string[] = [];
try {
  // ---- 1. bulk triage
  const owner = await registerWorkspace(api, client, 'bulkowner');
  await seed(client, owner.ws, BULK, 'b');
  await client.query(`update vulnerabilities set status = 'open' where workspace_id = $1`, [owner.ws]);
  await client.query('vacuum analyze vulnerabilities');
  const me = (await client.query(`select owner_id from workspaces where id = $1`, [owner.ws])).rows[0]!
    .owner_id as string;
  let t = performance.now();
  const status = await api(
    'POST',
    'panel/vulnerabilities/bulk/',
    { selection: { filters: { status: 'open' } }, action: { kind: 'status', status: 'in_progress' } },
    owner.access,
  );
  const statusMs = performance.now() - t;
  t = performance.now();
  const assign = await api(
    'POST',
    'panel/vulnerabilities/bulk/',
    { selection: { filters: { status: 'in_progress' } }, action: { kind: 'assignee', assignee: me } },
    owner.access,
  );
  const assignMs = performance.now() - t;
  const counted = (
    await client.query(
      `select (select coalesce(sum(n), 0)::int from vulnerability_counters where workspace_id = $1 and status = 'in_progress') as counters,
              (select count(*)::int from vulnerabilities where workspace_id = $1 and status = 'in_progress') as records,
              (select count(*)::int from finding_events where workspace_id = $1) as events`,
      [owner.ws],
    )
  ).rows[0];
  out.push('| measure | result | target |', '|---|---|---|');
  out.push(
    `| bulk status of ${status.changed.toLocaleString('en')} findings (one request) | ${statusMs.toFixed(0)} ms | < 2000 ms |`,
  );
  out.push(
    `| bulk assign of ${assign.changed.toLocaleString('en')} findings (one request) | ${assignMs.toFixed(0)} ms | < 2000 ms |`,
  );
  out.push(
    `| counters after / records / history rows | ${counted.counters} / ${counted.records} / ${counted.events} | equal counts, one row per change |`,
  );

  // ---- 2. list with SLA filters at scale
  const big = await registerWorkspace(api, client, 'slaowner');
  const seedStart = performance.now();
  await seed(client, big.ws, SLA_ROWS, 's');
  await client.query('vacuum analyze vulnerabilities');
  const seedS = ((performance.now() - seedStart) / 1000).toFixed(0);
  const lists: [string, string][] = [
    ['overdue, page 1', 'panel/vulnerabilities/?overdue=true'],
    ['due within 30 days, page 1', 'panel/vulnerabilities/?due_within=30'],
    ['overdue + critical,high', 'panel/vulnerabilities/?overdue=true&severity=critical,high'],
    ['overdue, page 50', 'panel/vulnerabilities/?overdue=true&page=50'],
    ['due within 30 days + critical', 'panel/vulnerabilities/?due_within=30&severity=critical'],
    ['home summary (overdue, due in 7 d, mine)', 'panel/findings/summary/'],
  ];
  const measure = async (label: string, path: string) => {
    const times: number[] = [];
    const before = load();
    for (let i = 0; i < ROUNDS; i++) {
      const s = performance.now();
      await api('GET', path, undefined, big.access);
      times.push(performance.now() - s);
    }
    out.push(
      `| ${label} at ${SLA_ROWS.toLocaleString('en')} findings: p50 / p95 | ${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} ms (load ${before}→${load()}) | p95 < 50 ms |`,
    );
  };
  for (const [label, path] of lists) await measure(label, path);
  // The same filter without migration 0031's index, measured in the same run (same machine load):
  // what the index changes.
  await client.query('drop index if exists vulnerabilities_open_rank_due_idx');
  await measure('overdue + critical,high **without** 0031 index', lists[2]![1]);
  await measure(
    'due within 30 days + critical **without** 0031 index',
    'panel/vulnerabilities/?due_within=30&severity=critical',
  );
  out.push(
    '',
    `Seeded ${SLA_ROWS.toLocaleString('en')} findings in ${seedS} s; ${os.cpus().length} CPUs, load ${load()}.`,
  );
  console.log(out.join('\n'));
} finally {
  await client.end();
  await server.stop();
  await db.drop();
}
