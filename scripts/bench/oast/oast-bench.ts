/**
 * The interaction server under load: memory while 100,000 interactions arrive (and wait on disk
 * for their polls), and how long a poll takes. Run:
 *   node --conditions=didban-source --import tsx scripts/bench/oast/oast-bench.ts [interactions] [sessions]
 * Prints one JSON object (docs/benchmarks.md, "Interaction server").
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InteractshClient } from '../../../packages/engine/src/nuclei/interactsh/interactsh-client.js';

const TOTAL = Number(process.argv[2] ?? 100_000);
const SESSIONS = Number(process.argv[3] ?? 50);
const CONCURRENCY = 64;
const DOMAIN = 'oast.bench.test';

const dir = await mkdtemp(join(tmpdir(), 'didban-oast-bench-'));
// The real `didban-oast` process, so its memory is the server's alone (not the load generator's).
const child = spawn(
  process.execPath,
  [fileURLToPath(new URL('../../../apps/server/bin/didban-oast.mjs', import.meta.url))],
  {
    env: {
      PATH: process.env.PATH ?? '',
      DIDBAN_OAST_DOMAIN: DOMAIN,
      DIDBAN_OAST_HTTP: '127.0.0.1:0',
      DIDBAN_OAST_MAX_DISK_MB: '4096',
      DIDBAN_DATA_DIR: dir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const port = await new Promise<number>((resolve, reject) => {
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (s: string) => {
    out += s;
    const m = /http 127\.0\.0\.1:(\d+)/.exec(out);
    if (m) resolve(Number(m[1]));
  });
  child.on('exit', (code) => reject(new Error(`didban-oast exited ${code}`)));
});
const status = (field: 'VmRSS' | 'VmHWM') => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) * 1024;
};
const serverUrl = `http://127.0.0.1:${port}`;
const signal = new AbortController().signal;
const clients = await Promise.all(
  Array.from({ length: SESSIONS }, () =>
    InteractshClient.register({ serverUrl, domain: DOMAIN, pollIntervalMs: 3_600_000 }, signal),
  ),
);
let received = 0;
const hosts = clients.map((c) => c.newUrl(() => received++));

const startRss = status('VmRSS');
const rssDuring: number[] = [];
const sampler = setInterval(() => rssDuring.push(status('VmRSS')), 1000);

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const hit = (host: string, i: number) =>
  new Promise<void>((resolve, reject) => {
    const body = `param=${i}&padding=${'x'.repeat(200)}`;
    request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: 'POST',
        path: `/callback/${i}?ssrf=1`,
        headers: { Host: host, 'User-Agent': 'Java/11.0.2', 'Content-Length': body.length },
      },
      (res) => {
        res.resume();
        res.on('end', resolve);
      },
    )
      .on('error', reject)
      .end(body);
  });

const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < TOTAL) {
      const i = next++;
      await hit(hosts[i % SESSIONS]!, i);
    }
  }),
);
const ingestMs = performance.now() - started;
const afterIngestRss = status('VmRSS');
const bytesOnDisk = Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);

// Poll latency: the first poll of each session takes its TOTAL/SESSIONS interactions; then empty polls.
const full: number[] = [];
for (const c of clients) {
  const t = performance.now();
  await c.pollOnce(signal);
  full.push(performance.now() - t);
}
const empty: number[] = [];
for (let round = 0; round < 5; round++)
  for (const c of clients) {
    c.newUrl(() => {});
    const t = performance.now();
    await c.pollOnce(signal);
    empty.push(performance.now() - t);
  }
clearInterval(sampler);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10;
};
const mb = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;
console.log(
  JSON.stringify(
    {
      interactions: TOTAL,
      sessions: SESSIONS,
      ingest_per_second: Math.round(TOTAL / (ingestMs / 1000)),
      rss_start_mb: mb(startRss),
      rss_after_ingest_mb: mb(afterIngestRss),
      rss_peak_mb: mb(status('VmHWM')),
      rss_per_second_mb: rssDuring.map(mb),
      on_disk_mb: mb(bytesOnDisk),
      received_by_clients: received,
      poll_with_interactions_ms: {
        per_poll: TOTAL / SESSIONS,
        p50: pct(full, 50),
        p95: pct(full, 95),
        max: pct(full, 100),
      },
      poll_empty_ms: { p50: pct(empty, 50), p95: pct(empty, 95) },
    },
    null,
    2,
  ),
);
agent.destroy();
await Promise.all(clients.map((c) => c.close()));
child.kill('SIGTERM');
await rm(dir, { recursive: true, force: true });
