#!/usr/bin/env node
// Terminal client findings output: `didban vulns list --all` of 100,000 findings in every format
// (table, --json, --jsonl, --csv, --sarif FILE) from a real server on PostgreSQL (a fresh database,
// seeded with generate_series). Wall time and the client's peak RSS (VmHWM) per format; the goal
// is < 60 s and < 150 MB each (issue 34).
// Usage: node scripts/bench/cli/findings.mjs [--write]   (--write replaces the "Findings output"
// part of the "## Terminal client" section of docs/benchmarks.md, and nothing else)
// DIDBAN_BENCH_FINDINGS sets the count (default 100000).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createBenchDatabase, ROOT, startServerProcess } from '../lib/server-process.mjs';

const write = process.argv.includes('--write');
const TOTAL = Number(process.env.DIDBAN_BENCH_FINDINGS ?? 100_000);
const RSS_TARGET_MB = 150;
const TIME_TARGET_S = 60;

const build = spawnSync(process.execPath, [join(ROOT, 'apps/cli/scripts/build.mjs')], { encoding: 'utf8' });
if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);

const { default: pg } = await import(join(ROOT, 'apps/server/node_modules/pg/lib/index.js'));
const database = await createBenchDatabase();
const server = await startServerProcess(
  { DATABASE_URL: database.url, DIDBAN_AUTH_RATE_LIMIT: '100000', DIDBAN_BUILTIN_WORKER: '0' },
  // The server starts from source: on a machine shared with other test suites that takes a while.
  { startTimeoutMs: 240_000 },
);
const work = mkdtempSync(join(tmpdir(), 'didban-bench-cli-findings-'));
const cleanup = async () => {
  await server.stop();
  await database.drop();
  rmSync(work, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => cleanup().finally(() => process.exit(130)));

/** The bundle, run directly: others edit the tree meanwhile and a stale stamp would mean tsx. */
const shim = join(work, 'bundle-bin.mjs');
writeFileSync(
  shim,
  `const { main } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'apps/cli/dist/main.js')).href)});
const code = await main();
process.stdout.write('', () => process.exit(code));
`,
);

const peakKbOf = (pid) => {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};

/** Runs the client with stdout into a file (as `> out` would), sampling its peak RSS. */
function listOnce(args, env, outFile) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [shim, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    let stderr = '';
    let peakKb = 0;
    const timer = setInterval(() => {
      peakKb = Math.max(peakKb, peakKbOf(child.pid));
    }, 20);
    const chunks = [];
    child.stdout.on('data', (d) => {
      bytes += d.length;
      if (outFile && chunks.length < 4) chunks.push(d);
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      const seconds = (performance.now() - start) / 1000;
      if (code !== 0) reject(new Error(`vulns list exited ${code}: ${stderr}`));
      else
        resolve({ seconds, peakMb: peakKb / 1024, sizeMb: bytes / 1024 / 1024, head: Buffer.concat(chunks) });
    });
  });
}

/**
 * The plans of a keyset page from the middle of the list (apps/server/src/scans/vulnerability-cursor.ts:
 * the rest of the last row's tie, the rest of its rank, the lower ranks), as the server runs them:
 * each should be an index range of vulnerabilities_ws_rank_idx with no Sort.
 */
async function explainKeysetPage(db, workspaceId) {
  const mid = await db.query(
    `select severity_rank, last_seen_at::text as seen, id from vulnerabilities where workspace_id = $1
     order by severity_rank desc nulls last, last_seen_at desc nulls last, id offset $2 limit 1`,
    [workspaceId, Math.floor(TOTAL / 2)],
  );
  const c = mid.rows[0];
  const branches = [
    ['tie', 'severity_rank = $2 and last_seen_at = $3::timestamptz and id > $4::uuid'],
    ['rank', 'severity_rank = $2 and last_seen_at < $3::timestamptz'],
    ['lower', 'severity_rank < $2'],
  ];
  for (const [name, range] of branches) {
    const plan = await db.query(
      `explain (analyze, costs off, buffers) select id from vulnerabilities where workspace_id = $1 and ${range}
       order by severity_rank desc nulls last, last_seen_at desc nulls last, id limit 1001`,
      // Only the parameters the range uses: PostgreSQL refuses a bind with more.
      [workspaceId, c.severity_rank, c.seen, c.id].slice(0, 1 + range.match(/\$\d/g).length),
    );
    console.log(`keyset page, ${name}:\n  ${plan.rows.map((r) => r['QUERY PLAN']).join('\n  ')}`);
  }
}

try {
  const loadAtStart = loadavg()[0].toFixed(1);
  const register = await fetch(`${server.url}/api/v1/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'bench',
      email: 'bench@example.com',
      password: 'secret-pass',
      confirm_password: 'secret-pass',
    }),
  });
  const { access, user } = (await register.json()).data;

  const seedStart = performance.now();
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const ws = await db.query(`select id from workspaces where owner_id = $1 and kind = 'personal'`, [user.id]);
  const workspaceId = ws.rows[0].id;
  await db.query(
    `insert into vulnerabilities (workspace_id, dedupe_key, template_id, template_name, severity, severity_rank,
                                  matcher_name, protocol, host, port, matched_at, status, first_seen_at, last_seen_at)
     select $1::uuid, 'bench-' || i,
            'bench-template-' || (i % 400), 'Bench template ' || (i % 400) || ', "quoted"',
            (array['info','low','medium','high','critical'])[1 + (i % 5)], i % 5,
            case when i % 3 = 0 then 'm' || (i % 7) else null end,
            'http', 'h' || i || '.bench.test', (array[80, 443, 8080])[1 + (i % 3)],
            'https://h' || i || '.bench.test/path/' || (i % 97) || '?q=' || i,
            (array['open','open','in_progress','fixed'])[1 + (i % 4)],
            now() - ((i % 90) || ' days')::interval, now() - ((i % 30) || ' hours')::interval
     from generate_series(1, ${TOTAL}) as s(i)`,
    [workspaceId],
  );
  await db.query('analyze');
  await explainKeysetPage(db, workspaceId);
  await db.end();
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(`seeded ${TOTAL} findings in ${seedSeconds.toFixed(1)} s`);

  const env = {
    PATH: process.env.PATH ?? '',
    DIDBAN_CONFIG_DIR: work,
    DIDBAN_URL: server.url,
    DIDBAN_TOKEN: access,
    DIDBAN_LANG: 'en',
  };
  const formats = [
    ['table', []],
    ['json', ['--json']],
    ['jsonl', ['--jsonl']],
    ['csv', ['--csv']],
    ['sarif', ['--jsonl', '--sarif', join(work, 'findings.sarif')]],
  ];
  const only = process.env.DIDBAN_BENCH_FORMATS?.split(',');
  const rows = [];
  for (const [format, flags] of formats) {
    if (only && !only.includes(format)) continue;
    const r = await listOnce(['vulns', 'list', '--all', ...flags], env, true);
    const sizeMb = format === 'sarif' ? statSync(join(work, 'findings.sarif')).size / 1024 / 1024 : r.sizeMb;
    if (format === 'sarif') {
      const log = JSON.parse(readFileSync(join(work, 'findings.sarif'), 'utf8'));
      if (log.runs[0].results.length !== TOTAL)
        throw new Error(`SARIF has ${log.runs[0].results.length} results`);
      rmSync(join(work, 'findings.sarif'));
    }
    const row = { format, ...r, sizeMb, rowsPerSecond: TOTAL / r.seconds };
    rows.push(row);
    console.log(
      `${format}: ${r.seconds.toFixed(1)} s, ${Math.round(row.rowsPerSecond)} rows/s, client peak RSS ${r.peakMb.toFixed(0)} MB, ${sizeMb.toFixed(1)} MB`,
    );
  }

  if (write) {
    const fmt = (n) => Math.round(n).toLocaleString('en-US');
    const mark = (ok) => (ok ? '' : ' — **over target**');
    const block = `### Findings output

Measured by \`node scripts/bench/cli/findings.mjs --write\` on ${cpus().length} CPU(s), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, load average ${loadAtStart} at the start (a shared machine, other sessions' test suites running): \`didban vulns list --all\` of ${fmt(TOTAL)} findings from a server (its own process) on PostgreSQL, seeded with \`generate_series\` (${seedSeconds.toFixed(1)} s), standard output read by the bench. Peak RSS is the client's VmHWM sampled every 20 ms. Goal: < ${TIME_TARGET_S} s and < ${RSS_TARGET_MB} MB in every format. SARIF is \`--jsonl --sarif FILE\` (both written in one pass).

| Format | Wall time | Rows/s | Peak RSS (client) | Output |
| --- | --- | --- | --- | --- |
${rows.map((r) => `| ${r.format} | ${r.seconds.toFixed(1)} s${mark(r.seconds < TIME_TARGET_S)} | ${fmt(r.rowsPerSecond)} | ${r.peakMb.toFixed(0)} MB${mark(r.peakMb < RSS_TARGET_MB)} | ${r.sizeMb.toFixed(1)} MB |`).join('\n')}

Every format is written as the rows arrive (\`apps/cli/src/services/vulns-stream.ts\`): a table is drawn per 100 rows, the JSON document's \`result_count\` and SARIF's rules (one per template) are written last. The listing reads keyset pages of 1000 (\`cursor\` → \`next_cursor\` on \`panel/vulnerabilities/\`, core's \`pageThroughCursor\`, the next page asked for while the current one is written): each is an index range of \`vulnerabilities_ws_rank_idx\` after the previous page's last (rank, last_seen_at, id), with no count, so the last page costs what the first does.
`;
    const file = join(ROOT, 'docs/benchmarks.md');
    const doc = readFileSync(file, 'utf8');
    const start = doc.indexOf('## Terminal client');
    if (start < 0) throw new Error('no "## Terminal client" section in docs/benchmarks.md');
    const sectionEnd = doc.indexOf('\n## ', start + 3);
    const end = sectionEnd < 0 ? doc.length : sectionEnd + 1;
    const section = doc.slice(start, end);
    const at = section.indexOf('### Findings output');
    let next = at >= 0 ? section.indexOf('\n### ', at + 3) : -1;
    if (next >= 0) next += 1;
    const updated =
      at >= 0
        ? `${section.slice(0, at)}${block}${next >= 0 ? `\n${section.slice(next)}` : ''}`
        : `${section.trimEnd()}\n\n${block}`;
    writeFileSync(file, `${doc.slice(0, start)}${updated}${sectionEnd < 0 ? '' : `\n${doc.slice(end)}`}`);
    console.log(`wrote the "Findings output" part of the "Terminal client" section of ${file}`);
  }
} finally {
  await cleanup();
}
