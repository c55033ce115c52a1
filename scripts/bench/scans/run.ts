/**
 * Scans benchmark (`pnpm bench`, or on its own:
 *   node --conditions=didban-source --import tsx scripts/bench/scans/run.ts [--no-write]).
 *
 * Everything real, on PostgreSQL (DIDBAN_TEST_PG_URL's server; a fresh database is made and
 * dropped), each part in its own process as in production: the server (main.ts, no built-in
 * worker), two workers (didban-worker), and the lab (scripts/lab/start.ts).
 *   1. A bulk scan of 500 lab host names (100 weak sites with planted weaknesses, 5 names each) ×
 *      100 public-library templates, split into chunks that both workers claim: time from the
 *      bulk-create call to 'finished', and findings ingested per second.
 *   2. The vulnerability lists with 100,000 findings in the workspace (and one run linked to all
 *      of them): p50/p95 over HTTP — target p95 < 50 ms.
 * Figures go to docs/benchmarks.md under "## Scans" (only that section is rewritten).
 * Sizes can be lowered for a quick try: DIDBAN_BENCH_SITES (100), DIDBAN_BENCH_NAMES_PER_SITE (5),
 * DIDBAN_BENCH_TEMPLATES (100), DIDBAN_BENCH_FINDINGS (100000), DIDBAN_BENCH_ROUNDS (40).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readPublicLibrary } from '../../../apps/server/src/templates/public-library.js';
import { WEAKNESSES } from '../../lab/src/weaknesses/catalog.js';
import { jsonApi } from '../lib/json-api.js';
import { createBenchDatabase, startServerProcess } from '../lib/server-process.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const serverRequire = createRequire(join(ROOT, 'apps/server/package.json'));
const pg = (
  (await import(pathToFileURL(serverRequire.resolve('pg')).href)) as { default: typeof import('pg') }
).default;

const write = !process.argv.includes('--no-write');
const SITES = Number(process.env.DIDBAN_BENCH_SITES ?? 100);
const NAMES_PER_SITE = Number(process.env.DIDBAN_BENCH_NAMES_PER_SITE ?? 5);
const TEMPLATE_COUNT = Number(process.env.DIDBAN_BENCH_TEMPLATES ?? 100);
const FINDINGS = Number(process.env.DIDBAN_BENCH_FINDINGS ?? 100_000);
const ROUNDS = Number(process.env.DIDBAN_BENCH_ROUNDS ?? 40);
/** Only the lists (part 2), on a run recorded directly: for trying list changes quickly. */
const LISTS_ONLY = process.env.DIDBAN_BENCH_LISTS_ONLY === '1';
const WEAKNESSES_PER_SITE = 4;
const ZONE = 'lab.didban.test';
const LIST_TARGET_P95 = 50;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The lab in its own process; resolves once it prints its resolver and control API. */
function startLabProcess(): Promise<{ resolver: string; control: string; child: ChildProcess }> {
  const subnet = `127.${100 + Math.floor(Math.random() * 150)}.${1 + Math.floor(Math.random() * 250)}`;
  const child = spawn(
    process.execPath,
    [
      '--conditions=didban-source',
      '--import',
      'tsx',
      join(ROOT, 'scripts/lab/start.ts'),
      '--subnet',
      subnet,
      '--dns-port',
      '0',
      '--control-port',
      '0',
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let text = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const m = /Resolver (\S+), control API (\S+?)\.? Ctrl/.exec(text);
      if (m) resolve({ resolver: m[1]!, control: m[2]!.replace(/\.$/, ''), child });
    });
    child.once('exit', (code) => reject(new Error(`lab exited with ${code}: ${text}`)));
  });
}

async function main() {
  const database = await createBenchDatabase();
  const server = await startServerProcess({
    DATABASE_URL: database.url,
    DIDBAN_BUILTIN_WORKER: '0',
    DIDBAN_FREE_SCANS: '100000',
    DIDBAN_FREE_ASSETS: '1000000',
    DIDBAN_AUTH_RATE_LIMIT: '100000',
    DIDBAN_TASK_LEASE_SECONDS: '120',
  });
  const lab = LISTS_ONLY ? null : await startLabProcess();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const workers: ChildProcess[] = [];
  try {
    const api = jsonApi(server.url);
    const { access, user } = await api('POST', 'auth/register/', {
      username: 'bench',
      email: 'bench@example.com',
      password: 'secret-pass',
      confirm_password: 'secret-pass',
    });
    const ws = (
      await client.query(`select id from workspaces where owner_id = $1 and kind = 'personal'`, [user.id])
    ).rows[0].id as string;

    // ---- the lab: weak sites with planted HTTP weaknesses, several names each
    const plantStart = performance.now();
    const httpWeaknesses = Object.entries(WEAKNESSES)
      .filter(([, w]) => w.protocol === 'http')
      .map(([id]) => id)
      .sort();
    const control = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(`${lab!.control}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (r.status >= 300) throw new Error(`lab ${method} ${path}: ${r.status} ${await r.text()}`);
      return r.json() as Promise<{ ip: string }>;
    };
    const names: string[] = LISTS_ONLY
      ? Array.from({ length: SITES * NAMES_PER_SITE }, (_, i) => `host${i}.${ZONE}`)
      : [];
    for (let s = 0; s < (LISTS_ONLY ? 0 : SITES); s++) {
      const site = `site${s}.${ZONE}`;
      let info: { ip: string } | undefined;
      for (let k = 0; k < WEAKNESSES_PER_SITE; k++)
        info = await control(
          'POST',
          `/weaknesses/sites/${site}/${httpWeaknesses[(s * WEAKNESSES_PER_SITE + k) % httpWeaknesses.length]}`,
        );
      names.push(site);
      for (let n = 1; n < NAMES_PER_SITE; n++) {
        const alias = `site${s}-n${n}.${ZONE}`;
        await control('POST', '/hosts', { name: alias, ip: info!.ip, services: [] });
        names.push(alias);
      }
    }
    console.log(
      `lab: ${names.length} names on ${SITES} weak sites in ${((performance.now() - plantStart) / 1000).toFixed(1)} s`,
    );

    // ---- the group and its assets (discovery is another bench), port 80 HTTP
    const group = (
      await client.query(
        `insert into asset_groups (workspace_id, name, roots) values ($1, 'Bench lab', $2::jsonb) returning id`,
        [ws, JSON.stringify([ZONE])],
      )
    ).rows[0].id as string;
    await client.query(
      `insert into assets (workspace_id, group_id, host, port, ip, status, service)
       select $1, $2, h, 80, '', '200', 'http' from unnest($3::text[]) as h`,
      [ws, group, names],
    );

    if (LISTS_ONLY) {
      const scan = (
        await client.query(
          `insert into scans (workspace_id, name, asset_group_ids) values ($1, 'Lists', array[$2::uuid]) returning id`,
          [ws, group],
        )
      ).rows[0].id as string;
      const history = (
        await client.query(
          `insert into scan_histories (workspace_id, scan_id, trigger, status, started_at, finished_at)
           values ($1, $2, 'manual', 'finished', now(), now()) returning id`,
          [ws, scan],
        )
      ).rows[0].id as string;
      await measureLists(client, api, access, ws, group, scan, history);
      return;
    }

    // ---- two worker processes
    for (const n of [1, 2]) {
      const { api_key } = await api('POST', 'panel/workers/', { name: `bench-${n}` }, access);
      const child = spawn(
        process.execPath,
        [
          join(ROOT, 'apps/worker/bin/didban-worker.mjs'),
          '--server',
          server.url,
          '--key',
          api_key,
          '--resolver',
          lab!.resolver,
          '--task-interval',
          '1',
          '--name',
          `bench-${n}`,
        ],
        { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      workers.push(child);
    }

    // ---- part 1: the bulk scan
    const library = readPublicLibrary();
    const templateIds = library.templates
      .filter((t) => !t.facts.rejected_reason && t.facts.protocol === 'http')
      .slice(0, TEMPLATE_COUNT)
      .map((t) => t.id);
    const t0 = performance.now();
    const bulk = await api(
      'POST',
      'panel/scans/bulk-create/',
      { name: 'Bench scan', asset_groups: [group], template_ids: templateIds },
      access,
    );
    let status: { status: string; tasks_done: number; total_task: number | null };
    for (;;) {
      status = await api(
        'GET',
        `panel/scans/${bulk.scan_id}/histories/${bulk.scan_history_id}/status`,
        undefined,
        access,
      );
      if (['finished', 'failed', 'cancelled'].includes(status.status)) break;
      await sleep(500);
    }
    const scanSeconds = (performance.now() - t0) / 1000;
    const findings = Number(
      (await client.query(`select count(*) from vulnerabilities where workspace_id = $1`, [ws])).rows[0]
        .count,
    );
    const perWorker = (
      await client.query(
        `select w.name, count(distinct b.task_id)::int as chunks, sum(b.item_count)::int as items
         from scan_chunks c join task_result_batches b on b.task_id = c.task_id join workers w on w.id = b.worker_id
         where c.history_id = $1 group by w.name order by w.name`,
        [bulk.scan_history_id],
      )
    ).rows as { name: string; chunks: number; items: number }[];
    const scanFigures = {
      hosts: names.length,
      templates: templateIds.length,
      chunks: status.total_task ?? 0,
      status: status.status,
      seconds: scanSeconds,
      findings,
      perSecond: findings / scanSeconds,
      perWorker,
    };
    console.log('scan', JSON.stringify(scanFigures));
    for (const w of workers) w.kill('SIGTERM');

    const lists = await measureLists(client, api, access, ws, group, bulk.scan_id, bulk.scan_history_id);
    if (write) writeSection(scanFigures, lists.rows, lists.total, lists.seedSeconds);
  } finally {
    for (const w of workers) w.kill('SIGTERM');
    lab?.child.kill('SIGTERM');
    await client.end();
    await server.stop();
    await database.drop();
  }
}

// Each call reads different fields of the API's JSON answer; the bench checks them as it goes.
// biome-ignore lint/suspicious/noExplicitAny: an untyped JSON answer, one shape per call
type Api = (method: string, path: string, body?: unknown, auth?: string) => Promise<any>;

/** Part 2: 100,000 findings in the workspace, one run linked to all of them, lists over HTTP. */
async function measureLists(
  client: InstanceType<typeof pg.Client>,
  api: Api,
  access: string,
  ws: string,
  group: string,
  scanId: string,
  historyId: string,
) {
  // ---- part 2: the lists with 100,000 findings
  const seedStart = performance.now();
  const assetIds = (await client.query(`select id from assets where group_id = $1`, [group])).rows.map(
    (r) => r.id as string,
  );
  await client.query(
    `insert into vulnerabilities (workspace_id, dedupe_key, template_id, template_name, severity, severity_rank,
       matcher_name, protocol, asset_id, host, port, matched_at, status, last_scan_id, last_history_id,
       first_seen_at, last_seen_at)
     select $1, 'bench-' || i, 'bench-template-' || (i % 300), 'Bench template ' || (i % 300),
            (array['critical','high','medium','low','info','unknown'])[1 + (i % 23) % 6],
            (array[5,4,3,2,1,0])[1 + (i % 23) % 6],
            case when i % 4 = 0 then 'm' || (i % 3) else null end, 'http',
            ($2::uuid[])[1 + i % array_length($2::uuid[], 1)], 'bench-host-' || (i % 5000) || '.test', 80,
            'http://bench-host-' || (i % 5000) || '.test/p' || i,
            (array['open','open','open','in_progress','fixed','false_positive','accepted_risk'])[1 + i % 7],
            $3, $4, now() - ((i % 90) || ' days')::interval, now() - ((i % 600) || ' minutes')::interval
     from generate_series(1, $5::int) as s(i)`,
    [ws, assetIds, scanId, historyId, FINDINGS],
  );
  await client.query(
    `insert into scan_history_vulnerabilities (history_id, vulnerability_id, kind, severity_rank)
     select $1, id, 'seen', severity_rank from vulnerabilities where workspace_id = $2 on conflict do nothing`,
    [historyId, ws],
  );
  // As autovacuum leaves a table after a bulk insert: statistics and the visibility map (index-only counts).
  await client.query('vacuum analyze');
  const total = Number(
    (await client.query(`select count(*) from vulnerabilities where workspace_id = $1`, [ws])).rows[0].count,
  );
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(`seeded ${total} vulnerabilities in ${seedSeconds.toFixed(1)} s`);

  const history = `panel/scans/${scanId}/histories/${historyId}/vulnerabilities/`;
  const queries: [string, string][] = [
    // What any authenticated call costs here (token, workspace, a tiny query): the floor under the rest.
    ['Baseline: scan statistics', 'panel/scans/statistics'],
    ['Workspace list, default (most severe first)', 'panel/vulnerabilities/?page=1&page_size=10'],
    ['Severity filter', 'panel/vulnerabilities/?severity=critical,high&page_size=25'],
    [
      'Open, Vulnerabilities tab (low and above)',
      'panel/vulnerabilities/?status=open,in_progress&severity_group=vulnerabilities',
    ],
    [
      'One asset, Exposures tab',
      `panel/vulnerabilities/?asset=${assetIds[7 % assetIds.length]}&severity_group=exposures`,
    ],
    ['Search', 'panel/vulnerabilities/?search=bench-host-4242'],
    ['Page 200', 'panel/vulnerabilities/?page=200&page_size=50'],
    ['Run list, default', `${history}?page=1&page_size=10`],
    ['Run list, severity + status', `${history}?severity=medium&status=open&page=3`],
  ];
  const rows: { label: string; query: string; p50: number; p95: number; count: number }[] = [];
  for (const [label, path] of queries) {
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < ROUNDS + 2; i++) {
      const t = performance.now();
      const body = await api('GET', path, undefined, access);
      const ms = performance.now() - t;
      if (i >= 2) times.push(ms);
      count = body.result_count;
    }
    rows.push({
      label,
      query: path.replace(/[0-9a-f-]{36}/g, '<id>'),
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      count,
    });
    console.log(label, percentile(times, 50).toFixed(1), percentile(times, 95).toFixed(1), count);
  }

  return { rows, total, seedSeconds };
}

function writeSection(
  scan: {
    hosts: number;
    templates: number;
    chunks: number;
    status: string;
    seconds: number;
    findings: number;
    perSecond: number;
    perWorker: { name: string; chunks: number; items: number }[];
  },
  rows: { label: string; query: string; p50: number; p95: number; count: number }[],
  total: number,
  seedSeconds: number,
) {
  const file = join(ROOT, 'docs/benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const cpu = os.cpus();
  const date = new Date().toISOString().slice(0, 10);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const lines = [
    '## Scans',
    '',
    `Measured by \`scripts/bench/scans/run.ts\` on ${cpu.length} CPU(s) (${cpu[0]?.model.trim()}), Node ${process.version}, PostgreSQL, ${date}, load average ${os.loadavg()[0]!.toFixed(2)} when it ended (the machine is shared). The server, two workers and the lab each run in their own process on these cores, with PostgreSQL.`,
    '',
    `**Bulk scan**: ${scan.hosts} lab host names (${SITES} weak sites with ${WEAKNESSES_PER_SITE} planted HTTP weaknesses each, ${NAMES_PER_SITE} names per site) × ${scan.templates} public-library HTTP templates, split into ${scan.chunks} chunks; ${scan.status} in **${scan.seconds.toFixed(1)} s** from the bulk-create call, **${scan.findings} findings** stored as vulnerabilities = **${scan.perSecond.toFixed(1)} findings/s** ingested (end to end: the scan itself is most of the time). Chunks per worker: ${scan.perWorker.map((w) => `${w.name} ${w.chunks} (${w.items} result items)`).join(', ')}.`,
    '',
    `**Vulnerability lists** with ${total.toLocaleString('en')} vulnerabilities in the workspace (seeded in ${seedSeconds.toFixed(1)} s; one run linked to all of them), over HTTP to the server process, ${ROUNDS} rounds after two warm-ups:`,
    '',
    '| List | Query | p50 | p95 | Result count | Target |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.label} | \`${r.query}\` | ${ms(r.p50)} | ${ms(r.p95)} | ${r.count} | p95 < ${LIST_TARGET_P95} ms — ${r.p95 < LIST_TARGET_P95 ? 'meets target' : 'OVER TARGET'} |`,
    ),
    '',
  ];
  const section = lines.join('\n');
  const start = doc.indexOf('## Scans');
  let next = start >= 0 ? doc.indexOf('\n## ', start + 1) : -1;
  if (next >= 0) next += 1;
  const updated =
    start < 0
      ? `${doc.trimEnd()}\n\n${section}`
      : `${doc.slice(0, start)}${section}${next >= 0 ? `\n${doc.slice(next)}` : ''}`;
  writeFileSync(file, updated.endsWith('\n') ? updated : `${updated}\n`);
  console.log('docs/benchmarks.md updated (## Scans)');
}

await main();
