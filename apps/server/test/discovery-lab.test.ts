import { startWorker, type WorkerEvent, type WorkerHandle } from '@didban/worker';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, enumerationHistories, tasks } from '../src/db/schema.js';
import { cancelEnumeration, startDiscovery } from '../src/discovery/start-discovery.js';
import {
  expectedAssetKeys,
  type Lab,
  type LabManifest,
  labProviders,
  plantedPorts,
  startLab,
} from './helpers/lab.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { createAssetGroup, createWorker, personalWorkspaceId } from './helpers/workers.js';

// A real worker loop against the lab, over HTTP, with a 3 s lease (heartbeat every second).
const LEASE_SECONDS = 3;
let lab: Lab;
let manifest: LabManifest;
let server: TestServer;
let serverUrl: string;
const workers: WorkerHandle[] = [];

beforeAll(async () => {
  lab = await startLab();
  manifest = lab.manifest();
  server = await createTestServer({ DIDBAN_TASK_LEASE_SECONDS: String(LEASE_SECONDS) });
  serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  for (const w of workers) w.kill();
  await server?.close();
  await lab?.stop();
}, 120_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 90_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

function labWorker(apiKey: string, events: WorkerEvent[] = [], extra: object = {}) {
  const handle = startWorker({
    serverUrl,
    apiKey,
    resolvers: [lab.resolver],
    providers: labProviders(manifest),
    taskIntervalSeconds: 0.2,
    // Engine defaults for DNS and connects (0), a shorter probe limit so the hanging service
    // (two timeouts) stays quick; generous enough for a loaded 2-core machine.
    httpxTimeoutSeconds: 4,
    naabuTimeoutSeconds: 0,
    dnsTimeoutSeconds: 0,
    backoffMinMs: 100,
    backoffMaxMs: 500,
    onEvent: (e) => events.push(e),
    ...extra,
  });
  workers.push(handle);
  return handle;
}

async function labGroup(name: string) {
  const owner = await registerUser(server);
  const workspaceId = await personalWorkspaceId(server, owner.user.id);
  const group = await createAssetGroup(server, workspaceId, {
    name,
    roots: [manifest.zone, manifest.axfrZone],
    port_setting: 'custom',
    custom_ports: plantedPorts(manifest),
  });
  return { owner, workspaceId, group };
}

const historyOf = async (id: string) =>
  (await server.db.select().from(enumerationHistories).where(eq(enumerationHistories.id, id)))[0]!;
const finished = (id: string) =>
  until(`history ${id} to finish`, async () => {
    const h = await historyOf(id);
    return h.status !== 'running' && h;
  });
const assetsOf = (groupId: string) => server.db.select().from(assets).where(eq(assets.group_id, groupId));

describe('discovery through a worker against the lab', () => {
  it("stores every planted host, port, title and technology as assets; another workspace's worker gets nothing", async () => {
    const { owner, group } = await labGroup('Lab');
    const key = (await createWorker(server, owner.auth, { name: 'lab-worker' })).api_key;
    const outsider = await registerUser(server);
    const outsiderEvents: WorkerEvent[] = [];
    labWorker((await createWorker(server, outsider.auth, { name: 'outsider' })).api_key, outsiderEvents);
    const events: WorkerEvent[] = [];
    const worker = labWorker(key, events, { batchSize: 4 });
    const { history } = await startDiscovery(server.db, group.id);
    const done = await finished(history.id);
    expect(done.status).toBe('finished');

    const rows = await assetsOf(group.id);
    expect(rows.map((a) => `${a.host}:${a.port}`).sort()).toEqual(expectedAssetKeys(manifest));
    expect(done.new_assets).toBe(rows.length);
    expect(done.duration).toBeGreaterThan(0);
    // The wildcard zone is one asset, not one per name under it.
    const underWildcard = rows.filter((a) => a.host.endsWith(`.apps.${manifest.zone}`));
    expect(underWildcard.map((a) => a.host)).toEqual([`*.apps.${manifest.zone}`]);
    expect(underWildcard[0]?.wildcard).toBe(true);

    for (const host of manifest.hosts) {
      for (const service of host.services) {
        const row = rows.find((a) => a.host === host.name && a.port === service.port);
        if (!row) continue; // under the wildcard: checked above
        expect(row.ip).toBe(host.ips.join(','));
        if (service.hostile || service.protocol !== 'http') continue;
        expect(row, `${host.name}:${service.port}`).toMatchObject({
          status: String(service.status),
          title: service.title,
          server: service.server || null,
          service: service.tls ? 'https' : 'http',
        });
        for (const tech of service.technologies ?? []) {
          const found = row.technologies.find((t) => t.name === tech.name);
          expect(found, `${tech.name} on ${host.name}:${service.port}`).toBeDefined();
          if (tech.version) expect(found?.version).toBe(tech.version);
        }
      }
    }
    const cnamed = manifest.hosts.find((h) => h.cnames.length > 0 && h.services.length > 0);
    if (cnamed) {
      const row = rows.find((a) => a.host === cnamed.name)!;
      expect(row.cname).toBe(`[${cnamed.cnames.map((c) => `'${c}'`).join(', ')}]`);
    }
    const root = rows.find((a) => a.host === manifest.zone)!;
    expect(root.is_root).toBe(true);
    const smtp = rows.find((a) => a.port === 25)!;
    expect(smtp).toMatchObject({ status: 'done', service: 'smtp' });

    expect(events.some((e) => e.type === 'batch' && e.seq > 0)).toBe(true);
    // The history finishes inside the complete call; the worker hears the answer just after.
    await until('the completed event', async () => events.some((e) => e.type === 'completed'));
    expect(outsiderEvents.filter((e) => e.type === 'claimed')).toEqual([]);
    await worker.stop();
  }, 120_000);

  it("counts the panel's assets so far up as result batches arrive, not only at the end", async () => {
    const { owner, group } = await labGroup('Lab counting');
    const key = (await createWorker(server, owner.auth, { name: 'counting-worker' })).api_key;
    // Full batches never fill (1000): only the worker's post-while-running rule (flush after a
    // pause, here at once) sends results before the end.
    const seen: Promise<{ status: string; asset_count: number }>[] = [];
    const status = async () =>
      (
        await server.app.inject({
          method: 'GET',
          url: `/api/v1/panel/enumeration-status/${group.id}`,
          headers: owner.auth,
        })
      ).json().data;
    const worker = labWorker(key, [], {
      batchSize: 1000,
      flushAfterMs: 0,
      onEvent: (e: WorkerEvent) => {
        if (e.type === 'batch') seen.push(status());
      },
    });
    const { history } = await startDiscovery(server.db, group.id);
    await finished(history.id);
    const total = (await assetsOf(group.id)).length;
    const counts = await Promise.all(seen);
    const whileRunning = counts.filter((c) => c.status === 'running').map((c) => c.asset_count);
    expect(whileRunning.some((n) => n > 0 && n < total)).toBe(true);
    expect(whileRunning).toEqual([...whileRunning].sort((a, b) => a - b));
    await worker.stop();
  }, 120_000);

  it('loses nothing when a worker dies mid-task: the lease lapses, another worker finishes, no duplicates', async () => {
    const { owner, group } = await labGroup('Crash');
    const firstKey = (await createWorker(server, owner.auth, { name: 'doomed' })).api_key;
    const secondKey = (await createWorker(server, owner.auth, { name: 'rescuer' })).api_key;
    const { history, task } = await startDiscovery(server.db, group.id);

    const firstEvents: WorkerEvent[] = [];
    const doomed = labWorker(firstKey, firstEvents, { batchSize: 2 });
    await until('the first batch', async () => firstEvents.some((e) => e.type === 'batch' && e.stored));
    doomed.kill();
    const storedBefore = (await assetsOf(group.id)).length;
    expect(storedBefore).toBeGreaterThan(0);
    expect((await historyOf(history.id)).status).toBe('running');

    const rescuerEvents: WorkerEvent[] = [];
    labWorker(secondKey, rescuerEvents, { batchSize: 2 });
    const done = await finished(history.id);
    expect(done.status).toBe('finished');
    const rescued = rescuerEvents.find((e) => e.type === 'claimed');
    expect(rescued).toMatchObject({ taskId: task.id });
    expect(rescued?.type === 'claimed' && rescued.attempt).toBeGreaterThanOrEqual(2);
    await until('the completed event', async () => rescuerEvents.some((e) => e.type === 'completed'));
    const [row] = await server.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row?.status).toBe('done');

    const rows = await assetsOf(group.id);
    const keys = rows.map((a) => `${a.host}:${a.port}`).sort();
    expect(keys).toEqual(expectedAssetKeys(manifest));
    expect(new Set(keys).size).toBe(keys.length);
    // Assets the dead worker stored are not counted twice as new.
    expect(done.new_assets).toBe(rows.length);
  }, 120_000);

  it('stops a cancelled enumeration within one heartbeat', async () => {
    const { owner, workspaceId, group } = await labGroup('Slow');
    // A hanging service and a long probe limit keep the task busy for far longer than the test.
    await server.db
      .update((await import('../src/db/schema.js')).assetGroups)
      .set({ roots: [`hostile.${manifest.zone}`], custom_ports: '8081', auto_discovery: false })
      .where(eq((await import('../src/db/schema.js')).assetGroups.id, group.id));
    const events: WorkerEvent[] = [];
    const worker = labWorker((await createWorker(server, owner.auth, { name: 'w' })).api_key, events, {
      httpxTimeoutSeconds: 60,
    });
    const { history, task } = await startDiscovery(server.db, group.id);
    await until('the claim', async () => events.some((e) => e.type === 'claimed'));
    await sleep(300);
    expect(worker.running()).toBe(1);

    const cancelledAt = Date.now();
    await cancelEnumeration(server.db, workspaceId, history.id);
    await until('the worker to stop', async () => worker.running() === 0, 10_000);
    const tookMs = Date.now() - cancelledAt;
    // One heartbeat is LEASE_SECONDS / 3; allow for the engine to unwind its sockets.
    expect(tookMs).toBeLessThan((LEASE_SECONDS / 3) * 1000 + 1_000);
    expect(events.find((e) => e.type === 'cancelled')).toMatchObject({ taskId: task.id });
    expect(events.some((e) => e.type === 'completed' || e.type === 'failed')).toBe(false);
    expect((await historyOf(history.id)).status).toBe('cancelled');
    const [row] = await server.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row?.status).toBe('cancelled');
    await worker.stop();
  }, 60_000);
});
