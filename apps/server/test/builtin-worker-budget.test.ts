import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanNow, startServerWithUser, templateRun } from './helpers/builtin-server.js';

// Issue 15: the built-in worker runs in a child process with a stall budget. A template whose
// regex backtracks for minutes is killed there and its run fails with the reason, the API keeps
// answering meanwhile, and the next run is served by a fresh child.
const REDOS = `id: redos
info:
  name: Catastrophic regex
  author: didban
  severity: info
http:
  - method: GET
    path:
      - "{{BaseURL}}/"
    extractors:
      - type: regex
        regex:
          - '(?:\\w*a){200}\\d'
          - '(?:\\w*a){200}\\d\\d'
          - '(?:\\w*a){200}\\d\\d\\d'
`;
const FINE = `id: fine
info:
  name: Plain word
  author: didban
  severity: info
http:
  - method: GET
    path:
      - "{{BaseURL}}/"
    matchers:
      - type: word
        words:
          - "aaa"
`;

let target: http.Server;
let targetUrl: string;
let server: Awaited<ReturnType<typeof startServerWithUser>>['server'];
let auth: { authorization: string };
let started: Awaited<ReturnType<typeof startServerWithUser>> | undefined;

beforeAll(async () => {
  // A million `a`s, then a digit (within the 1 MiB an RE2 call reads). RE2's DFA answers "is
  // there a match" in milliseconds, but an extractor must find where it is: the NFA then steps a
  // large program (200 nested `\w*a`) over every byte, about 10 CPU seconds per regex
  // (linear-time, not free). One regex alone must outlast the stall budget: the engine's 2 s
  // match budget is checked between regexes, and on a loaded machine 2 s of wall clock holds
  // well under a CPU second. A matcher would not do: it needs only the DFA. The 5 s budget
  // leaves a fresh child room to load its modules.
  target = http.createServer((_req, res) => res.end(`${'a'.repeat(1_000_000)}1`));
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  started = await startServerWithUser(
    {
      DIDBAN_BUILTIN_WORKER_INTERVAL: '0.2',
      DIDBAN_BUILTIN_WORKER_ALLOW: '127.0.0.1/32',
      DIDBAN_BUILTIN_TASK_STALL_SECONDS: '5',
    },
    'budget',
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

describe('the built-in worker budget', () => {
  it('kills a catastrophic regex, fails its run with the reason, keeps /healthz fast, and recovers', async () => {
    const id = await scan(REDOS);
    const latencies: number[] = [];
    let ended: Awaited<ReturnType<typeof run>> | undefined;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const t0 = performance.now();
      expect((await fetch(`${server.address}/healthz`)).status).toBe(200);
      latencies.push(performance.now() - t0);
      const current = await run(id);
      if (['finished', 'failed', 'cancelled'].includes(current.status)) {
        ended = current;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(ended?.status).toBe('failed');
    expect(ended?.error).toBe(
      'the built-in worker stopped this task: it computed for more than 5 s without a pause (a template too costly to run, e.g. a catastrophic regular expression)',
    );
    // In-process, every call during the regex waited for it (minutes); now none waits for it.
    // Generous bound: the test machine is shared and loaded.
    expect(Math.max(...latencies)).toBeLessThan(5_000);
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
