import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanNow, startServerWithUser, templateRun } from './helpers/builtin-server.js';

// Issue 15 follow-up: the built-in worker's child reads up to 10 MB per response with many
// requests in flight, so a tenant's template could grow it to gigabytes (and the kernel's OOM
// killer might pick the API server instead). DIDBAN_BUILTIN_WORKER_MEMORY_MB caps it: past the
// limit the child is killed, the run fails saying why, the API keeps answering, and a fresh
// child takes the next run. MEMORY_MB env of this test (default 200) lets one measure "before"
// by setting it high (e.g. 16384) and reading the printed peak.
const LIMIT_MB = Number(process.env.DIDBAN_TEST_MEMORY_MB ?? 200);
const BODY = Buffer.alloc(10 * 1024 * 1024, 'a');
const PATHS = Array.from({ length: 100 }, (_, i) => `      - "{{BaseURL}}/big/${i}"`).join('\n');
const HOARD = `id: hoard
info:
  name: Many large responses at once
  author: didban
  severity: info
http:
  - method: GET
    path:
${PATHS}
    threads: 25
    matchers:
      - type: word
        words:
          - "never-there"
`;
const FINE = `id: fine
info:
  name: Small page
  author: didban
  severity: info
http:
  - method: GET
    path:
      - "{{BaseURL}}/small"
    matchers:
      - type: word
        words:
          - "hello"
`;

let target: http.Server;
let targetUrl: string;
let server: Awaited<ReturnType<typeof startServerWithUser>>['server'];
let auth: { authorization: string };
let started: Awaited<ReturnType<typeof startServerWithUser>> | undefined;

/** The built-in worker's child: this process's child running the isolated worker entry. */
function childPids(): number[] {
  const pids: number[] = [];
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    const list = readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim();
    if (list) pids.push(...list.split(' ').map(Number));
  }
  return pids.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('didban-isolated-worker');
    } catch {
      return false;
    }
  });
}
const peakRssMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

beforeAll(async () => {
  target = http.createServer((req, res) => {
    if (req.url === '/small') return res.end('hello');
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': BODY.length });
    res.end(BODY);
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  started = await startServerWithUser(
    {
      DIDBAN_BUILTIN_WORKER_INTERVAL: '0.2',
      DIDBAN_BUILTIN_WORKER_ALLOW: '127.0.0.1/32',
      DIDBAN_BUILTIN_WORKER_MEMORY_MB: String(LIMIT_MB),
    },
    'memory',
  );
  server = started.server;
  auth = started.auth;
}, 120_000);

afterAll(async () => {
  await started?.stop();
  target?.close();
}, 60_000);

const scan = (yaml: string) => scanNow({ server, auth }, yaml, [targetUrl]);
const run = (id: string) => templateRun({ server, auth }, id);

describe('the built-in worker memory cap (DIDBAN_BUILTIN_WORKER_MEMORY_MB)', () => {
  it('kills a child holding too many large responses, fails its run with the reason, keeps /healthz up, and recovers', async () => {
    const id = await scan(HOARD);
    let peak = 0;
    let ended: Awaited<ReturnType<typeof run>> | undefined;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      expect((await fetch(`${server.address}/healthz`)).status).toBe(200);
      for (const pid of childPids()) peak = Math.max(peak, peakRssMb(pid));
      const current = await run(id);
      if (['finished', 'failed', 'cancelled'].includes(current.status)) {
        ended = current;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(`built-in worker child peak RSS with a ${LIMIT_MB} MB limit: ${peak.toFixed(0)} MB`);
    expect(ended?.status).toBe('failed');
    expect(ended?.error).toBe(
      `the built-in worker stopped this task: its process needed more than ${LIMIT_MB} MB of memory (DIDBAN_BUILTIN_WORKER_MEMORY_MB; a template holding too many or too large responses at once)`,
    );
    // A fresh child serves the next run.
    const next = await scan(FINE);
    let after: Awaited<ReturnType<typeof run>> | undefined;
    for (let i = 0; i < 600; i++) {
      after = await run(next);
      if (['finished', 'failed', 'cancelled'].includes(after.status)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(after).toMatchObject({ status: 'finished', error: null });
    expect(after!.findings).toHaveLength(1);
  }, 240_000);
});
