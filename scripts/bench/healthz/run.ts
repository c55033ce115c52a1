/**
 * /healthz while the built-in worker runs a catastrophic regex (`pnpm bench`, or on its own:
 *   node --conditions=didban-source --import tsx scripts/bench/healthz/run.ts [--no-write]).
 *
 * The real server in its own process (PGlite), its built-in worker either inside the API's
 * event loop (DIDBAN_BUILTIN_WORKER_ISOLATION=inline, the old path: "before") or in its child
 * process (process, the default: "after"). A tenant's scan-now runs a template whose regex
 * matcher `.*a.*a.*a.*a.*a.*b` backtracks for seconds on a short body of `a`s, served by a
 * local target on 127.0.0.1 (opened with DIDBAN_BUILTIN_WORKER_ALLOW for this bench only).
 * Meanwhile /healthz is called every 20 ms for WINDOW seconds: p50/p99/max latency, and what
 * became of the run. Figures go to docs/benchmarks.md under "## Health under a hostile template".
 * DIDBAN_BENCH_BODY (84 bytes) sets the body length, DIDBAN_BENCH_WINDOW (15 s) the window.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { ROOT, startServerProcess } from '../lib/server-process.mjs';

const write = !process.argv.includes('--no-write');
const BODY = Number(process.env.DIDBAN_BENCH_BODY ?? 84);
const WINDOW_S = Number(process.env.DIDBAN_BENCH_WINDOW ?? 15);
const STALL_S = 5;

const TEMPLATE = `id: bench-redos
info:
  name: Catastrophic backtracking
  author: didban
  severity: info
http:
  - method: GET
    path:
      - "{{BaseURL}}/"
    matchers:
      - type: regex
        regex:
          - ".*a.*a.*a.*a.*a.*b"
`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One /healthz call, ms; a call that has not answered in 10 s counts as 10 s. */
async function healthz(url: string): Promise<number> {
  const start = performance.now();
  try {
    await (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) })).text();
  } catch {}
  return performance.now() - start;
}

async function runMode(mode: 'inline' | 'process', targetUrl: string) {
  const server = await startServerProcess({
    DIDBAN_BUILTIN_WORKER_ISOLATION: mode,
    DIDBAN_BUILTIN_WORKER_ALLOW: '127.0.0.1/32',
    DIDBAN_BUILTIN_WORKER_INTERVAL: '0.2',
    DIDBAN_BUILTIN_TASK_STALL_SECONDS: String(STALL_S),
    DIDBAN_AUTH_RATE_LIMIT: '1000',
    LOG_LEVEL: 'silent',
  });
  try {
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
    const auth = {
      authorization: `Bearer ${((await register.json()) as { data: { access: string } }).data.access}`,
    };
    // Let the built-in worker start (engine import) before the window opens.
    await sleep(8_000);
    const idle: number[] = [];
    for (let i = 0; i < 50; i++) {
      idle.push(await healthz(server.url));
      await sleep(20);
    }
    const started = await fetch(`${server.url}/api/v1/panel/templates/scan-now/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ yaml: TEMPLATE, targets: [targetUrl] }),
    });
    const runId = ((await started.json()) as { data: { run_id: string } }).data.run_id;
    const busy: number[] = [];
    const end = Date.now() + WINDOW_S * 1000;
    while (Date.now() < end) {
      busy.push(await healthz(server.url));
      await sleep(20);
    }
    const run = (
      (await (
        await fetch(`${server.url}/api/v1/panel/templates/runs/${runId}/`, {
          headers: auth,
          signal: AbortSignal.timeout(60_000),
        }).catch(() => undefined)
      )
        ?.json()
        .catch(() => undefined)) as { data?: { status: string; error: string | null } } | undefined
    )?.data;
    return {
      mode,
      idle: { p50: percentile(idle, 50), p99: percentile(idle, 99) },
      busy: { n: busy.length, p50: percentile(busy, 50), p99: percentile(busy, 99), max: Math.max(...busy) },
      run: run ? `${run.status}${run.error ? `: ${run.error}` : ''}` : 'no answer',
    };
  } finally {
    // The inline server may still be inside the regex: do not wait for it.
    if (server.pid) process.kill(server.pid, 'SIGKILL');
  }
}

const target = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('a'.repeat(BODY));
});
await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

const loadBefore = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(', ');
const results = [];
for (const mode of ['inline', 'process'] as const) {
  const result = await runMode(mode, targetUrl);
  console.log(JSON.stringify(result));
  results.push(result);
}
target.close();
const loadAfter = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(', ');

const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const rows = results.map(
  (r) =>
    `| ${r.mode === 'inline' ? 'before: in the API process (`inline`)' : 'after: child process (`process`, default)'} | ${ms(r.idle.p99)} | ${r.busy.n} | ${ms(r.busy.p50)} | ${ms(r.busy.p99)} | ${ms(r.busy.max)} | ${r.run} |`,
);
const section = `## Health under a hostile template

\`scripts/bench/healthz/run.ts\`, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}; load average (1/5/15 min) ${loadBefore} before, ${loadAfter} after (other engineers' jobs share the machine).
The server (PGlite) runs in its own process; a tenant's scan-now runs a template whose regex matcher
\`.*a.*a.*a.*a.*a.*b\` backtracks catastrophically on a ${BODY}-byte body of \`a\`s. \`/healthz\` is called every
20 ms for ${WINDOW_S} s from the moment the run is queued (a call counts from send to answer; one stuck
call shows as its own wait). Stall budget in the bench: ${STALL_S} s (\`DIDBAN_BUILTIN_TASK_STALL_SECONDS\`, default 20).

| Built-in worker | idle p99 | calls in window | p50 | p99 | max | the run |
|---|---|---|---|---|---|---|
${rows.join('\n')}

Before, every API answer waited for the regex (the whole window is one blocked event loop). After, the API
keeps answering; the worker's child process is killed once it computes for more than the stall budget
without a pause, the task fails with that reason, and a fresh child takes the next task.
`;
console.log(section);
if (write) {
  const file = join(ROOT, 'docs/benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const start = doc.indexOf('## Health under a hostile template');
  let next = start === -1 ? -1 : doc.indexOf('\n## ', start + 3);
  if (next !== -1) next += 1;
  const updated =
    start === -1
      ? `${doc.trimEnd()}\n\n${section}`
      : doc.slice(0, start) + section + (next === -1 ? '' : `\n${doc.slice(next)}`);
  writeFileSync(file, updated);
}
