import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanNow, startServerWithUser, type TemplateRunView, templateRun } from './helpers/builtin-server.js';

// Amplification: one scan-now whose template asks for a clusterbomb of two 400-item inline lists
// (160 000 requests) must not make the built-in worker send them all to the target. The task
// stops at DIDBAN_BUILTIN_TASK_MAX_REQUESTS, the run fails saying why, findings so far are kept.
const list = (n: number) => Array.from({ length: n }, (_, i) => `"v${i}"`).join(', ');
const BOMB = `id: clusterbomb
info:
  name: Many requests
  author: didban
  severity: info
http:
  - method: GET
    path:
      - "{{BaseURL}}/?a={{a}}&b={{b}}"
    attack: clusterbomb
    payloads:
      a: [${list(400)}]
      b: [${list(400)}]
    stop-at-first-match: false
    matchers:
      - type: word
        words:
          - "a=v0&b=v1\\n"
`;
const CAP = 300;

let target: http.Server;
let targetUrl: string;
let hits = 0;
let server: Awaited<ReturnType<typeof startServerWithUser>>['server'];
let auth: { authorization: string };
let started: Awaited<ReturnType<typeof startServerWithUser>> | undefined;

beforeAll(async () => {
  target = http.createServer((req, res) => {
    hits++;
    res.end(`${req.url?.slice(2)}\n`);
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  started = await startServerWithUser(
    {
      DIDBAN_BUILTIN_WORKER_INTERVAL: '0.2',
      DIDBAN_BUILTIN_WORKER_ALLOW: '127.0.0.1/32',
      DIDBAN_BUILTIN_TASK_STALL_SECONDS: '120',
      DIDBAN_BUILTIN_TASK_MAX_REQUESTS: String(CAP),
    },
    'capped',
  );
  server = started.server;
  auth = started.auth;
}, 120_000);

afterAll(async () => {
  await started?.stop();
  target?.close();
}, 60_000);

describe('the built-in worker request cap', () => {
  it('stops a clusterbomb of 160 000 requests at the cap; the run fails with the reason and keeps its finding', async () => {
    const id = await scanNow({ server, auth }, BOMB, [targetUrl]);
    let run: TemplateRunView | undefined;
    for (let i = 0; i < 600; i++) {
      run = await templateRun({ server, auth }, id);
      if (['finished', 'failed', 'cancelled'].includes(run.status)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(run?.status).toBe('failed');
    expect(run?.error).toBe(
      `the worker stopped this task after ${CAP} requests, the most one task may send on it (a template or payload list asking for too many; the built-in worker's limit is DIDBAN_BUILTIN_TASK_MAX_REQUESTS)`,
    );
    expect(run?.findings.map((f) => f.matched_at)).toEqual([`${targetUrl}/?a=v0&b=v1`]);
    // Nothing past the cap reached the target (retries are not requests of their own here: all succeed).
    await new Promise((r) => setTimeout(r, 500));
    expect(hits).toBe(CAP);
  }, 240_000);
});
