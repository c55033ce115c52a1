import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { assetResult, asWorker, createWorker } from './helpers/workers.js';

let server: TestServer;
beforeAll(async () => {
  // A free plan of two assets, so the limit is reached with a small lab.
  server = await createTestServer({ DIDBAN_FREE_ASSETS: '2' });
});
afterAll(() => server.close());

describe('plan limit on assets', () => {
  it('refuses a new group (not a re-discovery of a group it holds) once the workspace holds as many assets as its plan allows', async () => {
    const owner = await registerUser(server);
    const auth = { ...owner.auth, 'accept-language': 'en' };
    const call = (url: string, payload: object) =>
      server.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: auth, payload });
    const group = (await call('panel/assets/', { name: 'Lab', roots: 'lab.test' })).json().data;
    const w = asWorker(server, (await createWorker(server, owner.auth, { name: 'w' })).api_key);
    const task = (await w.claim()).json().data.task;
    await w.results(task.id, 0, [assetResult('a.lab.test', 80), assetResult('b.lab.test', 80)]);
    await w.complete(task.id);

    // At the limit the group holding assets may still be re-discovered (discovery-plan-cap.test.ts);
    // a new group may not.
    const again = await call('panel/asset-rediscovery/', { asset_group_id: group.id });
    expect(again.statusCode).toBe(201);
    const another = await call('panel/assets/', { name: 'More', roots: 'more.test' });
    expect(another.statusCode).toBe(403);
    expect(another.json()).toEqual({
      message: 'Your plan allows at most 2 assets (2 in use). Upgrade your plan at /settings/billing.',
      code: 'plan_limit',
    });
    const groups = await server.app.inject({ method: 'GET', url: '/api/v1/panel/assets/', headers: auth });
    expect(groups.json().data.results.map((g: { name: string }) => g.name)).toEqual(['Lab']);
  });
});
