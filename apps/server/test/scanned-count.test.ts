import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findingItem, groupWithAssets } from './helpers/scans.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { asWorker, createWorker, personalWorkspaceId } from './helpers/workers.js';

// spec §3 Asset.scanned_count: the scan runs that covered the asset, once each.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const GIT = 'public:git-config-exposure';

describe("an asset's scanned_count", () => {
  it('counts each finished run that covered the asset once, whatever the worker retried', async () => {
    const owner = await registerUser(server);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      server.app.inject({
        method,
        url: `/api/v1/${url}`,
        headers: owner.auth,
        ...(payload ? { payload } : {}),
      });
    const workspaceId = await personalWorkspaceId(server, owner.user.id);
    const hosts = ['a.count.test', 'b.count.test', 'c.count.test'];
    const { group } = await groupWithAssets(server, workspaceId, hosts);
    const worker = asWorker(server, (await createWorker(server, owner.auth, { name: 'hand' })).api_key);
    const countsShown = async () => {
      const list = (await call('GET', `panel/all-assets/?asset_group=${group.id}&page_size=50`)).json().data;
      return Object.fromEntries(
        (list.results as { host: string; scanned_count: number }[]).map((a) => [a.host, a.scanned_count]),
      );
    };
    expect(await countsShown()).toEqual({ 'a.count.test': 0, 'b.count.test': 0, 'c.count.test': 0 });

    /** Claims the run's chunks; each target's chunk ends done, except those in `failing`. */
    async function runOnce(failing: string[] = []) {
      for (let i = 0; i < hosts.length; i += 1) {
        const task = (await worker.claim()).json().data.task;
        const target: string = task.payload.targets[0];
        if (failing.some((h) => target.includes(h))) {
          expect((await worker.fail(task.id, 'connection refused')).statusCode).toBe(200);
          continue;
        }
        const items = [findingItem(target, 'git-config-exposure')];
        // The same batch twice (a retry after a lost answer), and the complete twice.
        expect((await worker.results(task.id, 0, items)).statusCode).toBe(200);
        expect((await worker.results(task.id, 0, items)).statusCode).toBe(200);
        expect((await worker.complete(task.id)).statusCode).toBe(200);
        await worker.complete(task.id);
      }
    }

    const created = await call('POST', 'panel/scans/', {
      name: 'Counting',
      asset_group: [group.id],
      template_ids: [GIT],
      template_tags: [],
    });
    expect(created.statusCode).toBe(201);
    const scan = created.json().data;
    // c's chunk fails: the run finishes, but it did not cover c.
    await runOnce(['c.count.test']);
    const first = await call('GET', `panel/scans/${scan.id}/histories/${scan.scan_history_id}/status`);
    expect(first.json().data).toMatchObject({ status: 'finished', tasks_done: 3 });
    expect(await countsShown()).toEqual({ 'a.count.test': 1, 'b.count.test': 1, 'c.count.test': 0 });

    expect((await call('POST', `panel/scans/${scan.id}/run/`, {})).statusCode).toBeLessThan(300);
    await runOnce();
    expect(await countsShown()).toEqual({ 'a.count.test': 2, 'b.count.test': 2, 'c.count.test': 1 });
  });
});
