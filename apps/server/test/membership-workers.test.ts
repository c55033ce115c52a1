import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, tasks, workers } from '../src/db/schema.js';
import { startDiscovery } from '../src/discovery/start-discovery.js';
import { createTeam } from './helpers/teams.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { assetResult, asWorker, createAssetGroup, createWorker } from './helpers/workers.js';

// Issue 15 §4: a member who is removed (or leaves) takes their worker keys with them; the tasks
// those workers held go back to the queue, and the team's log says so.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const taskOf = async (id: string) => (await server.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;

async function teamWithAdmin() {
  const owner = await registerUser(server);
  const admin = await registerUser(server);
  const team = await createTeam(server, owner.user.id, 'Red', [[admin.user.id, 'admin']]);
  const inTeam = (who: { auth: Record<string, string> }) => ({ ...who.auth, 'x-workspace-id': team.id });
  const adminKey = (await createWorker(server, inTeam(admin), { name: 'admin-box' })).api_key;
  const ownerKey = (await createWorker(server, inTeam(owner), { name: 'owner-box' })).api_key;
  const group = await createAssetGroup(server, team.id, { roots: ['lab.didban.test'] });
  return { owner, admin, team, inTeam, adminKey, ownerKey, group };
}

const activity = async (teamId: string, auth: Record<string, string>) =>
  (
    await server.app.inject({
      method: 'GET',
      url: `/api/v1/panel/teams/${teamId}/activity/`,
      headers: { ...auth, 'accept-language': 'en' },
    })
  ).json().data.results as Array<{ action: string; text: string }>;

describe('membership and worker keys', () => {
  it('removing a member revokes their keys, re-queues what their workers held and logs it', async () => {
    const { owner, admin, team, adminKey, ownerKey, group } = await teamWithAdmin();
    const { task } = await startDiscovery(server.db, group.id);
    const adminWorker = asWorker(server, adminKey);
    const claimed = await adminWorker.claim();
    expect(claimed.json().data.task.id).toBe(task.id);

    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/panel/teams/${team.id}/members/${admin.user.id}/`,
      headers: owner.auth,
    });
    expect(removed.statusCode).toBe(200);

    // The removed member's worker can neither claim nor post into the team's inventory.
    expect((await adminWorker.claim()).statusCode).toBe(401);
    const posted = await adminWorker.results(task.id, 1, [assetResult('made-up.lab.didban.test', 80)]);
    expect(posted.statusCode).toBe(401);
    expect(posted.json().code).toBe('worker_key_invalid');
    expect(await server.db.select().from(assets).where(eq(assets.host, 'made-up.lab.didban.test'))).toEqual(
      [],
    );

    // The task is back in the queue at once and the owner's worker takes it.
    expect(await taskOf(task.id)).toMatchObject({ status: 'queued', lease_owner: null });
    const again = await asWorker(server, ownerKey).claim();
    expect(again.json().data.task.id).toBe(task.id);

    const log = await activity(team.id, owner.auth);
    // Logged in the removal's transaction (same time as 'member.removed').
    expect(log.find((l) => l.action === 'workers.revoked')).toMatchObject({
      text: `1 worker key(s) made by ${admin.user.username} were revoked as they left the team: admin-box.`,
    });
    // The owner's own key is untouched.
    expect((await asWorker(server, ownerKey).hello()).statusCode).toBe(200);
  });

  it('a member who leaves loses their keys too', async () => {
    const { owner, admin, team, adminKey } = await teamWithAdmin();
    expect((await asWorker(server, adminKey).hello()).statusCode).toBe(200);
    const left = await server.app.inject({
      method: 'POST',
      url: `/api/v1/panel/teams/${team.id}/leave/`,
      headers: admin.auth,
      payload: {},
    });
    expect(left.statusCode).toBe(200);
    expect((await asWorker(server, adminKey).hello()).statusCode).toBe(401);
    const log = await activity(team.id, owner.auth);
    expect(
      log
        .map((l) => l.action)
        .slice(0, 2)
        .sort(),
    ).toEqual(['member.left', 'workers.revoked']);
  });

  it('keys with no recorded maker (made before makers were recorded) stay, and the log flags them', async () => {
    const { owner, admin, team, inTeam, adminKey } = await teamWithAdmin();
    const old = await createWorker(server, inTeam(owner), { name: 'legacy-box' });
    await server.db.update(workers).set({ created_by: null }).where(eq(workers.id, old.worker.id));
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/panel/teams/${team.id}/members/${admin.user.id}/`,
      headers: owner.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect((await asWorker(server, adminKey).hello()).statusCode).toBe(401);
    expect((await asWorker(server, old.api_key).hello()).statusCode).toBe(200);
    const log = await activity(team.id, owner.auth);
    expect(log.find((l) => l.action === 'workers.unknown_maker_kept')?.text).toBe(
      `1 worker key(s) of this team were made before Didban recorded who makes a key, so they were kept when ${admin.user.username} left: legacy-box. Revoke any that were theirs.`,
    );
  });
});
