/**
 * Attempts and outages (issue 35): a result batch is stored only for the attempt that holds the
 * lease — a late batch of an expired attempt is refused even when the same worker key has claimed
 * the task again — and while the database cannot be reached the API answers 503 with Retry-After
 * (a real TCP proxy in front of PostgreSQL is cut and restored), recovering by itself.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/env.js';
import { openDatabase } from '../src/db/database.js';
import { assets } from '../src/db/schema.js';
import { startDiscovery } from '../src/discovery/start-discovery.js';
import {
  createPgDatabase,
  createTestServer,
  registerUser,
  type TestServer,
  testDbKind,
} from './helpers/test-server.js';
import {
  assetResult,
  asWorker,
  createAssetGroup,
  createWorker,
  personalWorkspaceId,
} from './helpers/workers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('result batches and their attempt', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ DIDBAN_TASK_LEASE_SECONDS: '1', DIDBAN_TASK_MAX_ATTEMPTS: '3' });
  }, 180_000);
  afterAll(() => server?.close());

  it('a late batch of an expired attempt is refused, though the same key holds the task again', async () => {
    const owner = await registerUser(server);
    const workspaceId = await personalWorkspaceId(server, owner.user.id);
    const w = asWorker(server, (await createWorker(server, owner.auth, { name: 'one-key' })).api_key);
    const group = await createAssetGroup(server, workspaceId);
    const { task } = await startDiscovery(server.db, group.id);
    const first = (await w.claim()).json().data.task;
    expect(first).toMatchObject({ id: task.id, attempt: 1 });
    await sleep(1_300);
    // The same key claims the task again: attempt 2.
    expect((await w.claim()).json().data.task).toMatchObject({ id: task.id, attempt: 2 });
    const late = await w.call(`tasks/${task.id}/results/`, {
      seq: 5,
      attempt: 1,
      items: [assetResult('late.lab.test', 80)],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('lease_lost');
    const current = await w.call(`tasks/${task.id}/results/`, {
      seq: 0,
      attempt: 2,
      items: [assetResult('now.lab.test', 80)],
    });
    expect(current.json().data).toEqual({ stored: true });
    const hosts = (await server.db.select().from(assets).where(eq(assets.group_id, group.id))).map(
      (a) => a.host,
    );
    expect(hosts).toEqual(['now.lab.test']);
  }, 30_000);
});

/** A TCP relay to PostgreSQL that can be cut (connections dropped, port refused) and restored. */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const pgSocket = connect(target.port, target.host);
        for (const s of [client, pgSocket]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(pgSocket).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      await new Promise((r) => server!.close(r));
      for (const s of sockets) s.destroy();
    },
    restore: listen,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server?.close(r));
    },
  };
}

describe.runIf(testDbKind() === 'postgres')('database outage', () => {
  it('answers 503 with Retry-After while PostgreSQL is unreachable, and recovers by itself', async () => {
    const target = await createPgDatabase();
    const url = new URL(target.url);
    const relay = await startRelay({ host: url.hostname, port: Number(url.port || 5432) });
    const viaRelay = new URL(target.url);
    viaRelay.port = String(relay.port);
    const dataDir = mkdtempSync(join(tmpdir(), 'didban-outage-'));
    const config = loadConfig({
      DIDBAN_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: viaRelay.toString(),
      DIDBAN_AUTH_RATE_LIMIT: '10000',
      DIDBAN_BUILTIN_WORKER: '0',
      DIDBAN_ALERTS: '0',
    });
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir,
      onIdleError: () => undefined,
    });
    const app = await buildApp({ config, db: database.db });
    await app.ready();
    try {
      const reg = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register/',
        payload: {
          username: 'outage',
          email: 'outage@example.com',
          password: 'not-a-common-one',
          confirm_password: 'not-a-common-one',
        },
      });
      expect(reg.statusCode, reg.body).toBe(201);
      const auth = { authorization: `Bearer ${reg.json().data.access}`, 'accept-language': 'en' };
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/panel/profile/', headers: auth })).statusCode,
      ).toBe(200);

      await relay.cut();
      const down = await app.inject({ method: 'GET', url: '/api/v1/panel/profile/', headers: auth });
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toEqual({
        code: 'database_unavailable',
        message: 'The service is briefly unavailable. Try again in a few seconds.',
      });
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);

      await relay.restore();
      let back = 0;
      for (let i = 0; i < 50 && back !== 200; i++) {
        back = (await app.inject({ method: 'GET', url: '/api/v1/panel/profile/', headers: auth })).statusCode;
        if (back !== 200) await sleep(100);
      }
      expect(back).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await relay.close();
      await target.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
