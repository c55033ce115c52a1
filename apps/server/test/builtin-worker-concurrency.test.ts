import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import { startServerWithUser } from './helpers/builtin-server.js';

// Issue 21: the built-in worker holds DIDBAN_BUILTIN_WORKER_CONCURRENCY tasks at once (5 by
// default). Every task it holds loses an attempt when its server is killed, so an installation
// (and the chaos bench) that restarts servers often may want it to take one at a time.
const SLOW = `id: slow
info:
  name: Slow page
  author: didban
  severity: info
http:
  - method: GET
    path:
      - "{{BaseURL}}/"
    matchers:
      - type: word
        words:
          - "slow"
`;

let target: http.Server;
let targetUrl: string;
let server: Awaited<ReturnType<typeof startServerWithUser>>['server'];
let auth: { authorization: string };
let started: Awaited<ReturnType<typeof startServerWithUser>> | undefined;

beforeAll(async () => {
  // Each answer takes a second, so runs queued together overlap unless taken one at a time.
  target = http.createServer((_req, res) => setTimeout(() => res.end('slow'), 1000));
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  started = await startServerWithUser(
    {
      DIDBAN_BUILTIN_WORKER_INTERVAL: '0.2',
      DIDBAN_BUILTIN_WORKER_ALLOW: '127.0.0.1/32',
      DIDBAN_BUILTIN_WORKER_CONCURRENCY: '1',
    },
    'one_at_a_time',
  );
  server = started.server;
  auth = started.auth;
}, 120_000);

afterAll(async () => {
  await started?.stop();
  target?.close();
}, 60_000);

describe('DIDBAN_BUILTIN_WORKER_CONCURRENCY', () => {
  it('refuses a value outside 1–50 and defaults to 5', () => {
    expect(() => loadConfig({ DIDBAN_BUILTIN_WORKER_CONCURRENCY: '0' })).toThrow(
      /DIDBAN_BUILTIN_WORKER_CONCURRENCY/,
    );
    expect(loadConfig({}).builtinWorkerConcurrency).toBe(5);
  });

  it('at 1, the built-in worker holds one task at a time and still runs them all', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const queued = await fetch(`${server.address}/api/v1/panel/templates/scan-now/`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ yaml: SLOW, targets: [targetUrl] }),
      });
      expect(queued.status).toBe(201);
      ids.push(((await queued.json()) as { data: { run_id: string } }).data.run_id);
    }
    let mostLeased = 0;
    const deadline = Date.now() + 90_000;
    for (;;) {
      const result = await server.db.execute(
        sql`select count(*)::int as n from tasks where kind = 'template-run' and status = 'leased'`,
      );
      const leased = Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
      mostLeased = Math.max(mostLeased, leased);
      const statuses = await Promise.all(
        ids.map(async (id) => {
          const r = await fetch(`${server.address}/api/v1/panel/templates/runs/${id}/`, { headers: auth });
          return ((await r.json()) as { data: { status: string } }).data.status;
        }),
      );
      if (statuses.every((s) => s === 'finished') || Date.now() > deadline) {
        expect(statuses).toEqual(['finished', 'finished', 'finished']);
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(mostLeased).toBe(1);
  }, 120_000);
});
