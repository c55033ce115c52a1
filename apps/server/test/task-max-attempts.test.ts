import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../src/db/schema.js';
import { startDiscovery } from '../src/discovery/start-discovery.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { asWorker, createAssetGroup, createWorker, personalWorkspaceId } from './helpers/workers.js';

// Issue 21 (found by the chaos bench): DIDBAN_TASK_MAX_ATTEMPTS above 3 had no effect — every
// task got a bound of 3 of its own and the lower of the two won. Now a task without its own bound
// is claimed as many times as the installation allows.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ DIDBAN_TASK_LEASE_SECONDS: '1', DIDBAN_TASK_MAX_ATTEMPTS: '5' });
});
afterAll(() => server.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('DIDBAN_TASK_MAX_ATTEMPTS', () => {
  it('lets a task be claimed that many times before its expiring lease fails it', async () => {
    const owner = await registerUser(server);
    const workspaceId = await personalWorkspaceId(server, owner.user.id);
    const w = asWorker(server, (await createWorker(server, owner.auth, { name: 'flaky' })).api_key);
    const group = await createAssetGroup(server, workspaceId, { name: 'Five tries' });
    const { task } = await startDiscovery(server.db, group.id);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await w.claim()).json().data.task).toMatchObject({ id: task.id, attempt });
      await sleep(1_200);
    }
    expect((await w.claim()).json().data.task).toBeNull();
    const [row] = await server.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row).toMatchObject({ status: 'failed', error: 'lease expired too many times', attempts: 5 });
  }, 30_000);
});
