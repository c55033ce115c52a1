/**
 * The million (issue 21): 1,000,000 assets and 1,000,000 findings in one workspace and as many
 * in a second, on a real PostgreSQL (a fresh database, dropped at the end), then p50/p95 of every
 * list, filter, count and dashboard query the panel and the CLI make, over HTTP to a real server
 * process. Target: p95 < 50 ms.
 *
 *   pnpm bench:million                       # 1,000,000 rows of each per workspace
 *   DIDBAN_SCALE_ROWS=100000 pnpm bench:million   # a quick try
 *
 * Seeding is SQL (generate_series), not API calls: the secondary indexes are dropped, the rows
 * inserted, then the indexes rebuilt from their own definitions — as a restore would — and
 * `vacuum analyze` leaves statistics as autovacuum would. The counters (migration 0019) are kept
 * by their triggers during the inserts, as in production. Prints a Markdown table and the load
 * average (`uptime`) before and after each query; docs/benchmarks.md "## Scale" holds the figures.
 * Env: DIDBAN_SCALE_ROWS (1000000), DIDBAN_SCALE_ROUNDS (30), DIDBAN_SCALE_KEEP=1 keeps the database,
 * DIDBAN_SCALE_ONLY=<regex of labels> times a subset, DIDBAN_SCALE_DB=bench_million seeds that named database once and reuses it on later runs (the
 * server's newer migrations then run on the seeded rows, as an upgrade would).
 */

import os from 'node:os';
import { jsonApi } from '../lib/json-api.js';
import { registerWorkspace } from '../lib/lab-workspace.js';
import {
  createBenchDatabase,
  loadPg,
  namedBenchDatabase,
  startServerProcess,
} from '../lib/server-process.mjs';

const pg = (await loadPg()) as typeof import('pg');

const ROWS = Number(process.env.DIDBAN_SCALE_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.DIDBAN_SCALE_ROUNDS ?? 30);
const GROUPS = 10;
const TARGET_P95 = 50;

const load = () => os.loadavg()[0]!.toFixed(1);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

type Client = InstanceType<typeof pg.Client>;

/** Drop the secondary indexes of these tables (returning their definitions to rebuild them). */
async function dropIndexes(client: Client, tables: string[]) {
  const { rows } = await client.query(
    `select i.indexname, i.indexdef from pg_indexes i
     join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
     where i.schemaname = 'public' and i.tablename = any($1) and not x.indisprimary`,
    [tables],
  );
  for (const r of rows) await client.query(`drop index "${r.indexname}"`);
  return rows.map((r) => r.indexdef as string);
}

async function seedWorkspace(client: Client, ws: string, tag: string) {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++)
    groups.push(
      (
        await client.query(
          `insert into asset_groups (workspace_id, name, roots) values ($1, $2, $3::jsonb) returning id`,
          [ws, `Group ${g}`, JSON.stringify([`g${g}.${tag}.test`])],
        )
      ).rows[0].id,
    );
  const perGroup = Math.ceil(ROWS / GROUPS);
  // Assets: ports, statuses, titles and a technology on every tenth, spread like a real estate.
  await client.query(
    `insert into assets (workspace_id, group_id, host, port, ip, status, service, title, server, technologies,
       content_length, scanned_count, created_at, updated_at, last_seen_at)
     select $1, ($2::uuid[])[1 + (i / $3)::int % ${GROUPS}], 'h' || i || '.g' || ((i / $3)::int % ${GROUPS}) || '.${tag}.test',
       (array[80, 443, 8080, 8443, 22, 21, 3306, 5432])[1 + i % 8],
       '10.' || (i / 65536)::int % 256 || '.' || (i / 256)::int % 256 || '.' || i % 256,
       (array['200', '200', '301', '302', '403', '404', '500', 'done'])[1 + i % 8],
       case when i % 8 in (4, 5) then 'ssh' else 'http' end,
       'Site ' || i % 1000, (array['nginx', 'Apache', 'cloudflare', null])[1 + i % 4],
       case when i % 10 = 0 then '[{"name":"Nginx","slug":"nginx","version":"1.25","categories":[{"name":"Web servers"}],"website":null,"description":null,"icon":null}]'::jsonb else '[]'::jsonb end,
       i % 50000, i % 7, now() - ((i % 365) || ' days')::interval, now() - ((i % 1440) || ' minutes')::interval, now()
     from generate_series(0, $4::int - 1) as s(i)`,
    [ws, groups, perGroup, ROWS],
  );
  const scan = (
    await client.query(
      `insert into scans (workspace_id, name, asset_group_ids) values ($1, 'Nightly', $2::uuid[]) returning id`,
      [ws, groups],
    )
  ).rows[0].id as string;
  const history = (
    await client.query(
      `insert into scan_histories (workspace_id, scan_id, trigger, status, started_at, finished_at, tasks_done, total_task)
       values ($1, $2, 'manual', 'finished', now() - interval '1 hour', now(), 1, 1) returning id`,
      [ws, scan],
    )
  ).rows[0].id as string;
  // Findings on assets (one per asset, in the asset order), severities and statuses mixed.
  await client.query(
    `insert into vulnerabilities (workspace_id, dedupe_key, template_id, template_name, severity, severity_rank,
       matcher_name, protocol, asset_id, host, port, matched_at, status, last_scan_id, last_history_id,
       first_seen_at, last_seen_at)
     select $1, 'k' || i, 'tpl-' || (i % 1000), 'Template ' || (i % 1000),
       (array['critical','high','medium','low','info','unknown'])[1 + (i % 23) % 6],
       (array[5,4,3,2,1,0])[1 + (i % 23) % 6],
       case when i % 4 = 0 then 'm' || (i % 3) else null end, 'http',
       a.id, a.host, a.port, 'http://' || a.host || '/p' || i,
       (array['open','open','open','in_progress','fixed','false_positive','accepted_risk'])[1 + i % 7],
       $2, $3, now() - ((i % 90) || ' days')::interval, now() - ((i % 600) || ' minutes')::interval
     from (select id, host, port, row_number() over (order by host) as i from assets where workspace_id = $1) a`,
    [ws, scan, history],
  );
  await client.query(
    `insert into scan_history_vulnerabilities (history_id, vulnerability_id, kind, severity_rank)
     select $1, id, 'seen', severity_rank from vulnerabilities where workspace_id = $2`,
    [history, ws],
  );
  const sample = (
    await client.query(`select id from assets where workspace_id = $1 and port = 443 limit 1`, [ws])
  ).rows[0].id as string;
  return { groups, scan, history, asset: sample };
}

type Seeded = Awaited<ReturnType<typeof seedWorkspace>>;

/** What a kept database was seeded with, so a later run finds its workspaces and ids. */
const SEED_TABLE = 'bench_million_seed';

async function readSeed(client: Client): Promise<{ rows: number; seeded: Seeded[]; seconds: number } | null> {
  const { rows } = await client.query(`select to_regclass($1) as t`, [SEED_TABLE]);
  if (!rows[0].t) return null;
  const seed = (await client.query(`select rows, seeded, seconds from ${SEED_TABLE}`)).rows[0];
  return seed ?? null;
}

async function main() {
  const named = process.env.DIDBAN_SCALE_DB;
  const database = named ? await namedBenchDatabase(named) : await createBenchDatabase();
  // A kept database may first have to build a newer migration's indexes over the million rows.
  const server = await startServerProcess(
    {
      DATABASE_URL: database.url,
      DIDBAN_BUILTIN_WORKER: '0',
      DIDBAN_FREE_ASSETS: '100000000',
      DIDBAN_AUTH_RATE_LIMIT: '100000',
    },
    { startTimeoutMs: named ? 30 * 60_000 : 60_000 },
  );
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const call = jsonApi(server.url);
    const api = (path: string, body?: unknown, auth?: string) =>
      call(body ? 'POST' : 'GET', path, body, auth);
    const names = ['scale_a', 'scale_b'];
    const kept = named && !database.created ? await readSeed(client) : null;
    if (named && !database.created && (!kept || kept.rows !== ROWS))
      throw new Error(
        `${named} holds ${kept ? `${kept.rows} rows per workspace` : 'no finished seed'}, not ${ROWS}: drop it to seed again`,
      );
    let seeded: Seeded[];
    let seedSeconds: number;
    let access: string;
    if (kept) {
      ({ seeded, seconds: seedSeconds } = kept);
      const signIn = await api('auth/login/', {
        username: names[0],
        email: `${names[0]}@example.com`,
        password: 'secret-pass',
      });
      access = signIn.access;
      console.log(
        `reusing ${named}: ${ROWS} rows per workspace, seeded earlier in ${seedSeconds.toFixed(0)} s`,
      );
    } else {
      const users = [];
      for (const name of names)
        users.push(await registerWorkspace((_method, path, body) => api(path, body), client, name));
      const seedStart = performance.now();
      console.log(`seeding ${ROWS} assets and ${ROWS} findings into each of 2 workspaces (load ${load()})`);
      await client.query(`set maintenance_work_mem = '256MB'`);
      const indexes = await dropIndexes(client, [
        'assets',
        'vulnerabilities',
        'scan_history_vulnerabilities',
      ]);
      seeded = [];
      for (const [i, u] of users.entries()) seeded.push(await seedWorkspace(client, u.ws, `w${i}`));
      const insertSeconds = (performance.now() - seedStart) / 1000;
      console.log(
        `inserted in ${insertSeconds.toFixed(0)} s; rebuilding ${indexes.length} indexes (load ${load()})`,
      );
      for (const def of indexes) await client.query(def);
      await client.query('vacuum analyze');
      seedSeconds = (performance.now() - seedStart) / 1000;
      console.log(`seeded in ${seedSeconds.toFixed(0)} s (load ${load()})`);
      access = users[0]!.access;
      if (named) {
        await client.query(
          `create table ${SEED_TABLE} (rows int not null, seeded jsonb not null, seconds real not null)`,
        );
        await client.query(`insert into ${SEED_TABLE} values ($1, $2::jsonb, $3)`, [
          ROWS,
          JSON.stringify(seeded),
          seedSeconds,
        ]);
      }
    }
    const s = seeded[0]!;
    const run = `panel/scans/${s.scan}/histories/${s.history}`;
    const firstCursor = (await api('panel/all-assets/?cursor=&page_size=100', undefined, access))
      .next_cursor as string;
    const queries: [string, string][] = [
      ['Baseline: scan statistics', 'panel/scans/statistics'],
      ['Dashboard', 'panel/dashboard/'],
      ['Scans list', 'panel/scans/'],
      ['Runs of a scan', `panel/scans/${s.scan}/histories`],
      ['Vulnerabilities, default (CLI `vulns list`)', 'panel/vulnerabilities/?page=1&page_size=10'],
      ['Vulnerabilities, severity filter', 'panel/vulnerabilities/?severity=critical,high&page_size=25'],
      [
        'Vulnerabilities, open + Vulnerabilities tab',
        'panel/vulnerabilities/?status=open,in_progress&severity_group=vulnerabilities',
      ],
      [
        'Vulnerabilities, one asset (Exposures tab)',
        `panel/vulnerabilities/?asset=${s.asset}&severity_group=exposures`,
      ],
      ['Vulnerabilities, search', 'panel/vulnerabilities/?search=h4242.'],
      ['Vulnerabilities, one scan', `panel/vulnerabilities/?scan=${s.scan}`],
      ['Vulnerabilities, page 200', 'panel/vulnerabilities/?page=200&page_size=50'],
      ['Run list, default', `${run}/vulnerabilities/?page=1&page_size=10`],
      ['Run list, severity', `${run}/vulnerabilities/?severity=medium&page=3`],
      ['Run list, severity + status', `${run}/vulnerabilities/?severity=medium&status=open&page=3`],
      ['Assets, default (newest first)', 'panel/all-assets/?page=1&page_size=10'],
      ['Assets, ordered by host', 'panel/all-assets/?ordering=host'],
      ['Assets, port filter', 'panel/all-assets/?port=443'],
      ['Assets, status filter', 'panel/all-assets/?status=403,404'],
      ['Assets, search', 'panel/all-assets/?search=h4242.'],
      ['Assets, page 200', 'panel/all-assets/?page=200&page_size=50'],
      [
        'Assets, keyset page (CLI export)',
        `panel/all-assets/?cursor=${encodeURIComponent(firstCursor)}&page_size=100`,
      ],
      ['Assets, port options with counts', 'panel/all-assets/?fieldname=port'],
      ['Technologies', 'panel/all-assets/technologies/'],
      ['Assets by technology', 'panel/all-assets/filter-by-technology?technology_id=nginx'],
      ['Asset groups', 'panel/assets/'],
      ['Asset groups by size', 'panel/assets/?ordering=-asset_count'],
      ["One group's assets", `panel/asset-groups/${s.groups[0]}/assets/`],
    ];
    const table: string[] = [];
    // DIDBAN_SCALE_ONLY=<regex> times only the matching queries (and always the baseline).
    const only = process.env.DIDBAN_SCALE_ONLY ? new RegExp(process.env.DIDBAN_SCALE_ONLY, 'i') : null;
    let baselineP95: number | undefined;
    for (const [label, path] of queries) {
      if (only && !label.startsWith('Baseline') && !only.test(label)) continue;
      const before = load();
      const times: number[] = [];
      let count: unknown = '–';
      // A call slower than a second gets 5 rounds, not ROUNDS: its p95 is far over target either way.
      let rounds = ROUNDS;
      for (let i = 0; i < rounds + 2; i++) {
        const t0 = performance.now();
        const r = await fetch(`${server.url}/api/v1/${path}`, {
          headers: { authorization: `Bearer ${access}` },
        });
        const body = (await r.json()) as { data?: { result_count?: number } };
        if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(body)}`);
        const ms = performance.now() - t0;
        if (i >= 2) times.push(ms);
        if (i === 1 && ms > 1000) rounds = Math.min(rounds, 5);
        if (body.data && typeof body.data === 'object' && 'result_count' in body.data)
          count = body.data.result_count;
      }
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      const verdict = p95 < TARGET_P95 ? 'met' : 'OVER';
      // The machine is shared: each p95 is also given as a multiple of the baseline's, timed in
      // the same run (the first query, a few rows read from counters).
      baselineP95 ??= p95;
      const row = `| ${label} | \`${path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<id>').replace(/cursor=[^&]+/, 'cursor=<c>')}\` | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${(p95 / baselineP95).toFixed(1)}× | ${count} | ${before}–${load()} | ${verdict} |`;
      console.log(row);
      table.push(row);
    }
    console.log(
      `\n${ROWS} assets + ${ROWS} findings per workspace × 2, ${ROUNDS} rounds, ${os.cpus().length} CPUs, seeded in ${seedSeconds.toFixed(0)} s\n`,
    );
    console.log(
      '| Query | Path | p50 ms | p95 ms | p95 ÷ baseline | result_count | load (1 min) | p95 < 50 ms |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const r of table) console.log(r);
  } finally {
    await client.end();
    await server.stop();
    if (named) console.log(`kept ${named} for the next run`);
    else if (process.env.DIDBAN_SCALE_KEEP !== '1') await database.drop();
    else console.log(`kept ${database.url}`);
  }
}

await main();
