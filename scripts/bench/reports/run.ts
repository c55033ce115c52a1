/**
 * Reports bench (issue 33): time and peak resident memory of building a technical PDF report of
 * 1,000 and 10,000 findings (each with ~3 KB of response evidence, the first 1,500 characters
 * printed), on the embedded database (PGlite in a data folder, as `pnpm start` runs), in one
 * process as the server's report loop runs it. Figures: the slices step (facts + findings streamed
 * into HTML slices, each printed by Chromium while the next is written), the join step (the
 * printed slices joined and numbered into one PDF), pages per second over the whole build, the
 * peak RSS of this process above its idle RSS, and Chromium's own peak (its processes, summed).
 * `node --conditions=didban-source --import tsx --expose-gc scripts/bench/reports/run.ts [1000 10000]`
 * (BENCH_SLICE=N: findings per slice; BENCH_FORMAT=html: the HTML file alone.)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../apps/server/src/app.js';
import { loadConfig } from '../../../apps/server/src/config/env.js';
import { openDatabase } from '../../../apps/server/src/db/database.js';
import { generateReport as generateNew } from '../../../apps/server/src/reports/generate-report.js';
import { claimReport } from '../../../apps/server/src/reports/report-queue.js';
import { queueReport } from '../../../apps/server/src/reports/report-request.js';
import { seedFindings } from '../../../apps/server/test/helpers/report-findings.js';

// BENCH_OLD=<dir>: the same bench with another copy of the reports code (e.g. the commit before a
// change, extracted beside apps/server/src/reports so its imports resolve), to compare layouts
// alternately in the same minutes on a shared machine.
const generateReport: typeof generateNew = process.env.BENCH_OLD
  ? (await import(join(process.env.BENCH_OLD, 'generate-report.js'))).generateReport
  : generateNew;
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const SIZES = sizes.length ? sizes : [1000, 10000];
const mb = (bytes: number) => Math.round(bytes / 1048576);

/** CPU seconds (user + system) seen so far of each process below this one, by pid. */
const childCpu = new Map<number, number>();
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** Resident KB of every process below this one (Chromium and its helpers); notes their CPU time. */
function childrenRssKb(): number {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=,rss='], { encoding: 'utf8' });
  const rows = out
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number, number]);
  const below = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of rows)
      if (below.has(ppid) && !below.has(pid)) {
        below.add(pid);
        grew = true;
      }
  }
  const mine = rows.filter(([pid]) => pid !== process.pid && below.has(pid));
  for (const [pid] of mine) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      childCpu.set(pid, (Number(f[11]) + Number(f[12])) / TICKS);
    } catch {
      // gone between ps and the read
    }
  }
  return mine.reduce((s, [, , rss]) => s + rss, 0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'didban-bench-reports-'));
const config = loadConfig({
  DIDBAN_DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DIDBAN_AUTH_RATE_LIMIT: '100000',
});
const database = await openDatabase({ databaseUrl: undefined, dataDir });
const app = await buildApp({ config, db: database.db });
await app.ready();

console.log(`reports bench: PGlite in ${dataDir}, node ${process.version}`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
console.log(
  `load average before: ${load()}${process.env.BENCH_OLD ? `, reports code from ${process.env.BENCH_OLD}` : ''}`,
);
console.log(
  '| findings | slices step (write + print + join) | last join | total | CPU: server / Chromium | PDF pages | pages/s | peak RSS above idle | Chromium peak | file | load after |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const n of SIZES) {
  const reg = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register/',
    payload: {
      username: `bench${n}`,
      email: `bench${n}@example.com`,
      password: 'secret-pass',
      confirm_password: 'secret-pass',
    },
  });
  const { user, access } = reg.json().data as { user: { id: string }; access: string };
  const ws = (
    await app.inject({
      method: 'GET',
      url: '/api/v1/panel/workspace/',
      headers: { authorization: `Bearer ${access}` },
    })
  ).json().data as { id: string };
  await seedFindings(database.db, ws.id, n);
  const queued = await queueReport(database.db, ws.id, user.id, {
    format: (process.env.BENCH_FORMAT as 'pdf' | 'html') ?? 'pdf',
    lang: 'fa',
    preset: 'technical',
  });
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 500));
  const idle = process.memoryUsage().rss;
  let peak = idle;
  let chromePeak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  const chromeSampler = setInterval(() => {
    chromePeak = Math.max(chromePeak, childrenRssKb() * 1024);
  }, 250);
  childCpu.clear();
  const cpu0 = process.cpuUsage();
  const row = (await claimReport(database.db, 600))!;
  if (row.id !== queued.id) throw new Error('claimed another report');
  const t0 = performance.now();
  let htmlDone = 0;
  const done = await generateReport(row, {
    db: database.db,
    dataDir,
    chromiumPath: config.reports.chromiumPath,
    printTimeoutMs: 600_000,
    findingsPerSlice: Number(process.env.BENCH_SLICE) || undefined,
    onProgress: async (p) => {
      if (p === 90) htmlDone = performance.now();
      if (process.env.BENCH_TRACE)
        console.log(`  ${p}% at ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    },
  });
  const t1 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  clearInterval(chromeSampler);
  const serverCpu = (cpu.user + cpu.system) / 1e6;
  const chromeCpu = [...childCpu.values()].reduce((a, b) => a + b, 0);
  const slices = (htmlDone - t0) / 1000;
  const join = (t1 - htmlDone) / 1000;
  const all = (t1 - t0) / 1000;
  console.log(
    `| ${n.toLocaleString('en')} | ${slices.toFixed(1)} s | ${join.toFixed(1)} s | ${all.toFixed(1)} s | ${serverCpu.toFixed(1)} s / ${chromeCpu.toFixed(1)} s | ${done.pages} | ${((done.pages ?? 0) / all).toFixed(1)} | ${mb(peak - idle)} MB (idle ${mb(idle)} MB) | ${mb(chromePeak)} MB | ${mb(done.sizeBytes)} MB | ${load()} |`,
  );
  if (process.env.BENCH_KEEP) console.log(`kept: ${dataDir}/${done.fileKey}`);
}
await app.close();
await database.close();
if (!process.env.BENCH_KEEP) rmSync(dataDir, { recursive: true, force: true });
