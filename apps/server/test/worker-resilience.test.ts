import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorker, type WorkerEvent, type WorkerHandle } from '@didban/worker';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/env.js';
import type { Db } from '../src/db/database.js';
import { assetGroups, assets, enumerationHistories, workspaces } from '../src/db/schema.js';
import { startDiscovery } from '../src/discovery/start-discovery.js';
import { startServer } from '../src/server.js';
import { type Lab, type LabManifest, labScopeRange, startLab } from './helpers/lab.js';
import { migratedPgliteSeed } from './helpers/pglite-seed.js';
import {
  createPgDatabase,
  createTestServer,
  registerUser,
  type TestServer,
  testDbKind,
} from './helpers/test-server.js';
import { createWorker, personalWorkspaceId } from './helpers/workers.js';

let lab: Lab;
let manifest: LabManifest;
beforeAll(async () => {
  lab = await startLab();
  manifest = lab.manifest();
}, 60_000);
afterAll(() => lab?.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** A small group the lab answers quickly: the AXFR zone on port 80. */
async function zoneGroup(db: Db, workspaceId: string) {
  const [group] = await db
    .insert(assetGroups)
    .values({
      workspace_id: workspaceId,
      name: 'Zone',
      roots: [manifest.axfrZone],
      port_setting: 'custom',
      custom_ports: '80',
    })
    .returning();
  return group!;
}
const finishedHistory = (db: Db, id: string) =>
  until(`history ${id}`, async () => {
    const [h] = await db.select().from(enumerationHistories).where(eq(enumerationHistories.id, id));
    return h?.status !== 'running' && h;
  });
const zoneKeys = () =>
  manifest.hosts
    .filter((h) => h.zone === manifest.axfrZone)
    .flatMap((h) => h.services.map((s) => `${h.name}:${s.port}`))
    .sort();

describe('a worker survives the server going away', () => {
  let server: TestServer;
  let worker: WorkerHandle | undefined;
  afterAll(async () => {
    worker?.kill();
    await server?.close();
  });

  it('backs off while the server is down, then works; across a restart it carries on', async () => {
    server = await createTestServer({ DIDBAN_TASK_LEASE_SECONDS: '3' });
    const owner = await registerUser(server);
    const workspaceId = await personalWorkspaceId(server, owner.user.id);
    const { api_key } = await createWorker(server, owner.auth, { name: 'patient' });
    const port = await freePort();
    const events: WorkerEvent[] = [];
    worker = startWorker({
      serverUrl: `http://127.0.0.1:${port}`,
      apiKey: api_key,
      resolvers: [lab.resolver],
      taskIntervalSeconds: 0.2,
      backoffMinMs: 100,
      backoffMaxMs: 400,
      onEvent: (e) => events.push(e),
    });

    // Nothing listens yet: the worker retries its hello with growing waits, capped.
    await until('three retries', async () => events.filter((e) => e.type === 'retry').length >= 3);
    const waits = events.flatMap((e) => (e.type === 'retry' ? [e.waitMs] : []));
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
    expect(Math.max(...waits)).toBeLessThanOrEqual(400 * 1.2);

    await server.app.listen({ port, host: '127.0.0.1' });
    await until('hello', async () => events.some((e) => e.type === 'hello'));
    const first = await startDiscovery(server.db, (await zoneGroup(server.db, workspaceId)).id);
    expect((await finishedHistory(server.db, first.history.id)).status).toBe('finished');

    // The server stops; a task is queued meanwhile; a new server process (same database) starts.
    await server.app.close();
    const retriesBefore = events.filter((e) => e.type === 'retry').length;
    const second = await startDiscovery(server.db, (await zoneGroup(server.db, workspaceId)).id);
    await until(
      'a retry while down',
      async () => events.filter((e) => e.type === 'retry').length > retriesBefore,
    );
    const again = await buildApp({ config: server.config, db: server.db });
    await again.listen({ port, host: '127.0.0.1' });
    try {
      expect((await finishedHistory(server.db, second.history.id)).status).toBe('finished');
      const rows = await server.db.select().from(assets).where(eq(assets.group_id, second.history.group_id));
      expect(rows.map((a) => `${a.host}:${a.port}`).sort()).toEqual(zoneKeys());
    } finally {
      worker.kill();
      await again.close();
    }
  }, 120_000);
});

describe('the built-in worker', () => {
  it('discovers with nothing else running when the server starts (DIDBAN_BUILTIN_WORKER default on)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'didban-builtin-'));
    const pgDb = testDbKind() === 'postgres' ? await createPgDatabase() : undefined;
    const config = loadConfig({
      DIDBAN_DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      DIDBAN_WORKER_RESOLVERS: lab.resolver,
      // The lab lives on loopback, refused by default: open its /24 only.
      DIDBAN_BUILTIN_WORKER_ALLOW: labScopeRange(manifest),
      DIDBAN_BUILTIN_WORKER_INTERVAL: '0.2',
      DIDBAN_WORKER_PROVIDERS: `crtsh@${manifest.providers.crtsh},otx@${manifest.providers.otx}`,
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    });
    expect(config.builtinWorker).toBe(true);
    const server = await startServer(config, { pgliteSeed: await migratedPgliteSeed() });
    try {
      const register = await fetch(`${server.address}/api/v1/auth/register/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'newcomer',
          email: 'newcomer@example.com',
          password: 'secret-pass',
          confirm_password: 'secret-pass',
        }),
      });
      const userId = ((await register.json()) as { data: { user: { id: string } } }).data.user.id;
      const [workspace] = await server.db
        .select()
        .from(workspaces)
        .where(and(eq(workspaces.owner_id, userId), eq(workspaces.kind, 'personal')));
      const group = await zoneGroup(server.db, workspace!.id);
      const { history } = await startDiscovery(server.db, group.id);
      expect((await finishedHistory(server.db, history.id)).status).toBe('finished');
      const rows = await server.db.select().from(assets).where(eq(assets.group_id, group.id));
      expect(rows.map((a) => `${a.host}:${a.port}`).sort()).toEqual(zoneKeys());
      expect(rows.every((a) => a.status === '200')).toBe(true);
    } finally {
      await server.stop();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
