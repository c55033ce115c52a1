import { assetDetailSchema, enumerationHistorySchema } from '@didban/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, enumerationHistories, notifications, tasks } from '../src/db/schema.js';
import { presentAssetDetail, presentEnumerationHistory } from '../src/discovery/present-asset.js';
import { cancelEnumeration, startDiscovery } from '../src/discovery/start-discovery.js';
import { ensureBuiltinWorker } from '../src/workers/builtin.js';
import { createTeam } from './helpers/teams.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import {
  assetResult,
  asWorker,
  createAssetGroup,
  createWorker,
  personalWorkspaceId,
} from './helpers/workers.js';

// A one-second lease keeps expiry tests short; workers are told to heartbeat every third of it.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ DIDBAN_TASK_LEASE_SECONDS: '1', DIDBAN_TASK_MAX_ATTEMPTS: '2' });
});
afterAll(() => server.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function setup() {
  const owner = await registerUser(server);
  const workspaceId = await personalWorkspaceId(server, owner.user.id);
  const { api_key, worker } = await createWorker(server, owner.auth, { name: 'eu-1' });
  return { owner, workspaceId, key: api_key, worker, w: asWorker(server, api_key) };
}

const historyOf = async (id: string) =>
  (await server.db.select().from(enumerationHistories).where(eq(enumerationHistories.id, id)))[0]!;
const taskOf = async (id: string) => (await server.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
const assetsOf = (groupId: string) => server.db.select().from(assets).where(eq(assets.group_id, groupId));

describe('worker protocol', () => {
  it('hello records name, IP, country and version, and the worker shows online', async () => {
    const { owner, worker, w } = await setup();
    const hello = await w.hello({ name: 'edge-1', ip: '203.0.113.7', country: 'DE', version: '0.1.0' });
    expect(hello.statusCode).toBe(200);
    expect(hello.json().data).toMatchObject({ worker_id: worker.id, name: 'edge-1', lease_seconds: 1 });
    expect(hello.json().data.heartbeat_seconds).toBeCloseTo(1 / 3);
    const detail = await server.app.inject({
      method: 'GET',
      url: `/api/v1/panel/workers/${worker.id}/`,
      headers: owner.auth,
    });
    expect(detail.json().data).toMatchObject({
      name: 'edge-1',
      ip: '203.0.113.7',
      country: 'DE',
      version: '0.1.0',
      status: 'online',
    });
  });

  it('claims a discovery task with the group settings, and nothing when the queue is empty', async () => {
    const { workspaceId, w } = await setup();
    const group = await createAssetGroup(server, workspaceId, {
      roots: ['lab.didban.test', '127.0.0.1'],
      port_setting: 'custom',
      custom_ports: '80,443,8080-8090',
      scope_exclude: ['legacy.lab.didban.test'],
    });
    const { history, task } = await startDiscovery(server.db, group.id);
    const claim = await w.claim();
    expect(claim.statusCode).toBe(200);
    expect(claim.json().data.task).toMatchObject({
      id: task.id,
      kind: 'discovery',
      attempt: 1,
      payload: {
        group_id: group.id,
        history_id: history.id,
        roots: ['lab.didban.test', '127.0.0.1'],
        auto_discovery: true,
        ports: '80,443,8080-8090',
        scope: { include: [], exclude: ['legacy.lab.didban.test'] },
      },
    });
    expect((await w.claim()).json().data.task).toBeNull();
    expect((await taskOf(task.id)).status).toBe('leased');
  });

  it('stores the same batch once, counts new assets once, and finishes the history with a notification', async () => {
    const { owner, workspaceId, w } = await setup();
    const group = await createAssetGroup(server, workspaceId, { name: 'Shop' });
    const { history, task } = await startDiscovery(server.db, group.id);
    await w.claim();
    const batch = [assetResult('a.shop.test', 80), assetResult('b.shop.test', 443)];
    const first = await w.results(task.id, 0, batch);
    expect(first.json().data).toEqual({ stored: true });
    const again = await w.results(task.id, 0, batch);
    expect(again.json().data).toEqual({ stored: false });
    // A later batch that sees a known host again updates it instead of adding a row.
    await w.results(task.id, 1, [
      assetResult('a.shop.test', 80, { ips: ['127.0.0.2', '127.0.0.3'], cnames: ['x.cdn.test'] }),
      assetResult('c.shop.test', 8080),
    ]);
    expect((await w.heartbeat(task.id)).json().data.cancel).toBe(false);
    const done = await w.complete(task.id, { assets: 3 });
    expect(done.json().data).toEqual({ status: 'done' });

    const rows = await assetsOf(group.id);
    expect(rows.map((r) => `${r.host}:${r.port}`).sort()).toEqual([
      'a.shop.test:80',
      'b.shop.test:443',
      'c.shop.test:8080',
    ]);
    const a = rows.find((r) => r.host === 'a.shop.test')!;
    expect(a).toMatchObject({
      ip: '127.0.0.2,127.0.0.3',
      cname: "['x.cdn.test']",
      status: '200',
      title: 'Title of a.shop.test',
      server: 'nginx',
      enumeration_history_id: history.id,
      workspace_id: workspaceId,
    });
    expect(a.technologies[0]).toMatchObject({ name: 'Nginx', version: '1.25.3' });
    // The spec §3 shape the panel will read.
    expect(assetDetailSchema.parse(presentAssetDetail(a))).toMatchObject({
      host: 'a.shop.test',
      port: 80,
      ip: '127.0.0.2,127.0.0.3',
      status: '200',
      group: group.id,
      enumeration_history: history.id,
      technologies: [
        {
          id: 'nginx',
          version: '1.25.3',
          platform: { name: 'Nginx', categories: [{ name: 'Web servers' }] },
        },
      ],
      response_headers: { server: 'nginx' },
      body_start: '<html></html>',
    });
    const finished = await historyOf(history.id);
    expect(finished).toMatchObject({ status: 'finished', new_assets: 3 });
    expect(finished.duration).toBeGreaterThanOrEqual(0);
    expect(finished.completed_at).not.toBeNull();
    expect(enumerationHistorySchema.parse(presentEnumerationHistory(finished))).toMatchObject({
      status: 'finished',
      new_assets: 3,
    });

    const bell = await server.app.inject({
      method: 'GET',
      url: '/api/v1/panel/notifications/',
      headers: { ...owner.auth, 'accept-language': 'en' },
    });
    expect(bell.json().data.results[0]).toMatchObject({
      text: 'Discovery of Shop finished: 3 new asset(s).',
      link: `/assets/${group.id}`,
    });
    const fa = await server.app.inject({
      method: 'GET',
      url: '/api/v1/panel/notifications/',
      headers: owner.auth,
    });
    expect(fa.json().data.results[0].text).toBe('کشف دارایی‌های \u2068Shop\u2069 تمام شد: ۳ دارایی جدید.');

    // A second run of the same group: nothing new, the same rows are seen again.
    const second = await startDiscovery(server.db, group.id);
    await w.claim();
    await w.results(second.task.id, 0, batch);
    await w.complete(second.task.id);
    expect(await assetsOf(group.id)).toHaveLength(3);
    // Nothing new, and c.shop.test was not seen again: new_assets is the net change in the
    // group's size since the previous run (spec §3: it can be negative; assets/history-snapshot.ts).
    expect((await historyOf(second.history.id)).new_assets).toBe(-1);
  });

  it('rejects a malformed result and stores nothing of its batch', async () => {
    const { workspaceId, w } = await setup();
    const group = await createAssetGroup(server, workspaceId);
    const { task } = await startDiscovery(server.db, group.id);
    await w.claim();
    const bad = await w.call(
      `tasks/${task.id}/results/`,
      { seq: 0, items: [assetResult('ok.test', 80), { host: 'x' }] },
      {
        'accept-language': 'en',
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'result_invalid',
      message: 'A result in this batch is not valid.',
    });
    expect(await assetsOf(group.id)).toHaveLength(0);
    // The batch was not recorded either, so the worker can post it again once fixed.
    expect((await w.results(task.id, 0, [assetResult('ok.test', 80)])).json().data).toEqual({ stored: true });
  });

  it('puts an expired lease back in the queue; the old holder is told it lost it', async () => {
    const { owner, w: first } = await setup();
    const workspaceId = await personalWorkspaceId(server, owner.user.id);
    const second = asWorker(server, (await createWorker(server, owner.auth, { name: 'eu-2' })).api_key);
    const group = await createAssetGroup(server, workspaceId);
    const { history, task } = await startDiscovery(server.db, group.id);
    expect((await first.claim()).json().data.task.id).toBe(task.id);
    await first.results(task.id, 0, [assetResult('a.lab.test', 80)]);
    expect((await second.claim()).json().data.task).toBeNull();
    await sleep(1_300);
    const reclaimed = (await second.claim()).json().data.task;
    expect(reclaimed).toMatchObject({ id: task.id, attempt: 2 });

    const late = await first.heartbeat(task.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('lease_lost');
    expect((await first.results(task.id, 1, [assetResult('z.lab.test', 80)])).statusCode).toBe(409);
    expect((await first.complete(task.id)).statusCode).toBe(409);

    // The new holder numbers its batches from 0 again; they are not mistaken for the old ones.
    expect(
      (
        await second.results(task.id, 0, [assetResult('a.lab.test', 80), assetResult('b.lab.test', 80)])
      ).json().data,
    ).toEqual({ stored: true });
    await second.complete(task.id);
    expect((await assetsOf(group.id)).map((a) => a.host).sort()).toEqual(['a.lab.test', 'b.lab.test']);
    expect(await historyOf(history.id)).toMatchObject({ status: 'finished', new_assets: 2 });
  });

  it('fails the task and the history when leases expire more often than allowed', async () => {
    const { owner, workspaceId, w } = await setup();
    const group = await createAssetGroup(server, workspaceId, { name: 'Flaky' });
    const { history, task } = await startDiscovery(server.db, group.id);
    await w.claim();
    await sleep(1_200);
    expect((await w.claim()).json().data.task).toMatchObject({ id: task.id, attempt: 2 });
    await sleep(1_200);
    expect((await w.claim()).json().data.task).toBeNull();
    expect(await taskOf(task.id)).toMatchObject({ status: 'failed', error: 'lease expired too many times' });
    expect(await historyOf(history.id)).toMatchObject({ status: 'failed' });
    const [note] = await server.db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, owner.user.id));
    expect(note).toMatchObject({
      message_key: 'notify.discovery_failed',
      params: { name: 'Flaky', count: 0 },
    });
  });

  it('a worker that reports failure fails the history', async () => {
    const { workspaceId, w } = await setup();
    const group = await createAssetGroup(server, workspaceId);
    const { history, task } = await startDiscovery(server.db, group.id);
    await w.claim();
    expect((await w.fail(task.id, 'resolver unreachable')).json().data).toEqual({ status: 'failed' });
    expect(await historyOf(history.id)).toMatchObject({ status: 'failed', error: 'resolver unreachable' });
  });

  it('tells the worker to stop on its next heartbeat after a cancel, and refuses its results', async () => {
    const { workspaceId, w } = await setup();
    const group = await createAssetGroup(server, workspaceId);
    const { history, task } = await startDiscovery(server.db, group.id);
    await w.claim();
    await cancelEnumeration(server.db, workspaceId, history.id);
    const beat = await w.heartbeat(task.id);
    expect(beat.json().data).toEqual({ cancel: true, lease_expires_at: null });
    const late = await w.call(
      `tasks/${task.id}/results/`,
      { seq: 0, items: [assetResult('a.test', 80)] },
      {
        'accept-language': 'en',
      },
    );
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'task_cancelled', message: 'The task was cancelled.' });
    expect(await historyOf(history.id)).toMatchObject({ status: 'cancelled' });
    expect(await assetsOf(group.id)).toHaveLength(0);
  });

  it('another workspace cannot cancel the history (404)', async () => {
    const { workspaceId } = await setup();
    const other = await setup();
    const group = await createAssetGroup(server, workspaceId);
    const { history } = await startDiscovery(server.db, group.id);
    await expect(cancelEnumeration(server.db, other.workspaceId, history.id)).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('routing', () => {
  it("never gives a task to another workspace's worker", async () => {
    const alice = await setup();
    const bob = await setup();
    const group = await createAssetGroup(server, alice.workspaceId);
    const { task } = await startDiscovery(server.db, group.id);
    expect((await bob.w.claim()).json().data.task).toBeNull();
    expect((await alice.w.claim()).json().data.task.id).toBe(task.id);
  });

  it("a task for a worker group goes only to that group's workers", async () => {
    const owner = await registerUser(server);
    const team = await createTeam(server, owner.user.id, 'Red team');
    const headers = { ...owner.auth, 'x-workspace-id': team.id };
    const groupRes = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/worker-groups/',
      headers,
      payload: { name: 'EU' },
    });
    const workerGroup = groupRes.json().data;
    const loose = asWorker(server, (await createWorker(server, headers, { name: 'loose' })).api_key);
    const member = asWorker(
      server,
      (await createWorker(server, headers, { name: 'eu', group_id: workerGroup.id })).api_key,
    );
    const group = await createAssetGroup(server, team.id, { worker_group_id: workerGroup.id });
    const { task } = await startDiscovery(server.db, group.id);
    expect((await loose.claim()).json().data.task).toBeNull();
    expect((await member.claim()).json().data.task.id).toBe(task.id);
    // A task that names no group goes to any worker of the workspace, grouped or not.
    const plain = await createAssetGroup(server, team.id);
    const second = await startDiscovery(server.db, plain.id);
    expect((await loose.claim()).json().data.task.id).toBe(second.task.id);
  });

  it('the built-in worker takes tasks without a worker group from any workspace, never group tasks', async () => {
    const { owner, workspaceId } = await setup();
    const builtin = asWorker(
      server,
      (await ensureBuiltinWorker(server.db, 'a'.repeat(40), 'builtin-test')).key,
    );
    // Drain what earlier tests left queued so the assertion is about this test's tasks.
    while ((await builtin.claim()).json().data.task) {}
    const groupRes = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/worker-groups/',
      headers: owner.auth,
      payload: { name: 'Private' },
    });
    const grouped = await createAssetGroup(server, workspaceId, { worker_group_id: groupRes.json().data.id });
    await startDiscovery(server.db, grouped.id);
    expect((await builtin.claim()).json().data.task).toBeNull();
    const plain = await createAssetGroup(server, workspaceId);
    const { task } = await startDiscovery(server.db, plain.id);
    expect((await builtin.claim()).json().data.task.id).toBe(task.id);
    // The same secret gives the same key: a restart (or a second server) keeps working.
    const again = await ensureBuiltinWorker(server.db, 'a'.repeat(40), 'builtin-test');
    expect((await asWorker(server, again.key).hello()).statusCode).toBe(200);
  });
});

describe('worker keys', () => {
  it('answers 401 to a missing, unknown or revoked key, in the caller language', async () => {
    const { owner, worker, key } = await setup();
    expect((await asWorker(server, key).hello()).statusCode).toBe(200);
    const viaHeader = await server.app.inject({
      method: 'POST',
      url: '/api/v1/worker/hello/',
      headers: { 'x-worker-key': key },
      payload: {},
    });
    expect(viaHeader.statusCode).toBe(200);
    const revoke = await server.app.inject({
      method: 'POST',
      url: `/api/v1/panel/workers/${worker.id}/revoke/`,
      headers: owner.auth,
      payload: {},
    });
    expect(revoke.json().data.status).toBe('revoked');
    const refused = await asWorker(server, key).call('tasks/claim/', {}, { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: 'worker_key_invalid',
      message: 'The worker API key is missing, invalid or revoked.',
    });
    const fa = await asWorker(server, key).claim();
    expect(fa.json().message).toBe('کلید API کارگزار وارد نشده، نامعتبر است یا باطل شده است.');
    expect((await asWorker(server, 'dwk_made-up').claim()).statusCode).toBe(401);
    const none = await server.app.inject({ method: 'POST', url: '/api/v1/worker/tasks/claim/', payload: {} });
    expect(none.statusCode).toBe(401);
    // A user's session token is not a worker key.
    const bearer = await server.app.inject({
      method: 'POST',
      url: '/api/v1/worker/tasks/claim/',
      headers: owner.auth,
      payload: {},
    });
    expect(bearer.statusCode).toBe(401);
  });
});
