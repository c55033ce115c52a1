import { runMessageText } from '@didban/core';
import { startWorker, type WorkerHandle } from '@didban/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, registerUser, type TestServer } from '../helpers/test-server.js';
import { createWorker } from '../helpers/workers.js';

// A run's problems name the capability gate that skipped a template: a self-contained template
// run from /templates on a real self-hosted worker (its gate opens only for a scan that asks) is
// reported as skipped by "self-contained", with how to open it, in the run the panel shows.
let server: TestServer;
let serverUrl: string;
const handles: WorkerHandle[] = [];

const SELF_CONTAINED = `id: token-check
info: {name: Third-party token check, author: didban, severity: info}
self-contained: true
http:
  - method: GET
    path: ["http://127.0.0.1:9/never"]
    matchers:
      - type: status
        status: [200]
`;

beforeAll(async () => {
  server = await createTestServer();
  serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  for (const h of handles) h.kill();
  await server?.close();
});

describe('a run’s problems name the gate', () => {
  it('reports a self-contained template as skipped by its closed gate, in en and fa', async () => {
    const owner = await registerUser(server);
    const { api_key } = await createWorker(server, owner.auth, { name: 'gates' });
    handles.push(startWorker({ serverUrl, apiKey: api_key, taskIntervalSeconds: 0.2 }));
    const started = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/templates/scan-now/',
      headers: owner.auth,
      payload: { yaml: SELF_CONTAINED, targets: ['http://127.0.0.1:9'] },
    });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const runId = started.json().data.run_id as string;
    const run = async () =>
      (
        await server.app.inject({
          method: 'GET',
          url: `/api/v1/panel/templates/runs/${runId}/`,
          headers: owner.auth,
        })
      ).json().data;
    await expect.poll(async () => (await run()).status, { timeout: 60_000, interval: 300 }).toBe('finished');
    const { problems, counts } = await run();
    expect(counts).toMatchObject({ findings: 0, skipped: 1 });
    expect(problems).toEqual([
      {
        kind: 'skipped',
        template_id: 'token-check',
        target: null,
        message: 'capability gate "self-contained" is closed (the scan did not ask for it)',
      },
    ]);
    expect(runMessageText(problems[0].message, 'fa')).toBe(
      'دروازهٔ توانایی «\u2068self-contained\u2069» بسته است (اسکن آن را نخواسته است)',
    );
  }, 90_000);
});
