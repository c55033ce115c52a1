import { CAPABILITY_GATES, runnerGates } from '@didban/engine';
import { startWorker, type WorkerHandle } from '@didban/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, registerUser, type TestServer } from '../helpers/test-server.js';
import { createWorker } from '../helpers/workers.js';

// A worker reports its capability gates at hello (engine trust/gates.ts, defaults of its runner)
// and whether out-of-band templates can run; the worker's page reads them from the panel API.
let server: TestServer;
let serverUrl: string;
const handles: WorkerHandle[] = [];

beforeAll(async () => {
  server = await createTestServer({
    DIDBAN_OAST_DOMAIN: 'oast.gates.test',
    DIDBAN_OAST_URL: 'http://127.0.0.1:9',
  });
  serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  for (const h of handles) h.kill();
  await server?.close();
});

const panelWorker = async (auth: Record<string, string>, id: string) =>
  (await server.app.inject({ method: 'GET', url: `/api/v1/panel/workers/${id}/`, headers: auth })).json()
    .data;

describe('capability gates on a worker’s page', () => {
  it('shows nothing before the first hello, then the gates a self-hosted worker reported and the server’s interaction server', async () => {
    const owner = await registerUser(server);
    const { worker, api_key } = await createWorker(server, owner.auth, { name: 'gated' });
    expect((await panelWorker(owner.auth, worker.id)).capabilities).toBeNull();

    const handle = startWorker({ serverUrl, apiKey: api_key, taskIntervalSeconds: 0.2 });
    handles.push(handle);
    await expect
      .poll(async () => (await panelWorker(owner.auth, worker.id)).capabilities, { timeout: 20_000 })
      .toEqual({
        // Every gate of the table with a self-hosted worker's default (none opened by flags).
        gates: runnerGates('self-hosted'),
        // No --interactsh-url of its own: the one the server hands out at hello.
        interactsh: 'server',
      });
    const gates = (await panelWorker(owner.auth, worker.id)).capabilities.gates;
    expect(Object.keys(gates).sort()).toEqual(CAPABILITY_GATES.map((g) => g.name).sort());
    expect(gates['self-contained']).toBe('per-scan');
  });

  it('says "own" for a worker started with --interactsh-url', async () => {
    const owner = await registerUser(server);
    const { worker, api_key } = await createWorker(server, owner.auth, { name: 'own-oast' });
    const handle = startWorker({
      serverUrl,
      apiKey: api_key,
      taskIntervalSeconds: 0.2,
      interactsh: { url: 'http://127.0.0.1:9', domain: 'oast.own.test' },
    });
    handles.push(handle);
    await expect
      .poll(async () => (await panelWorker(owner.auth, worker.id)).capabilities?.interactsh, {
        timeout: 20_000,
      })
      .toBe('own');
  });
});
