import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWorker, type WorkerEvent, type WorkerHandle } from '@didban/worker';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/env.js';
import { type Database, openDatabase } from '../src/db/database.js';
import { assets, scanChunks, scanHistories, taskResultBatches, vulnerabilities } from '../src/db/schema.js';
import { startScheduler } from '../src/scheduler/scheduler.js';
import { migratedPgliteSeed } from './helpers/pglite-seed.js';
import { createPgDatabase, registerUser, testDbKind } from './helpers/test-server.js';
import { createAssetGroup, createWorker, personalWorkspaceId } from './helpers/workers.js';

// A scheduled scan with two app instances (two PostgreSQL pools on one database in the
// PostgreSQL run, as two server processes; one PGlite otherwise) and two workers, one per
// instance: the slot runs once, and its chunks are spread over both workers.
type Instance = { app: Awaited<ReturnType<typeof buildApp>>; database: Database; url: string };
const dataDir = mkdtempSync(join(tmpdir(), 'didban-scan-sched-'));
let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
const instances: Instance[] = [];
const targets: Server[] = [];
const workers: WorkerHandle[] = [];

beforeAll(async () => {
  pgDb = testDbKind() === 'postgres' ? await createPgDatabase() : undefined;
  for (let i = 0; i < (pgDb ? 2 : 1); i++) {
    const config = loadConfig({
      DIDBAN_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DIDBAN_AUTH_RATE_LIMIT: '10000',
      DIDBAN_TASK_LEASE_SECONDS: '10',
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    });
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: pgDb ? dataDir : ':memory:',
      pgliteSeed: pgDb ? undefined : await migratedPgliteSeed(),
    });
    const app = await buildApp({ config, db: database.db });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    instances.push({ app, database, url });
  }
  // Four small sites that answer slowly enough for both workers to get work.
  for (let i = 0; i < 4; i++) {
    const site = createServer((_req, res) => {
      setTimeout(() => res.end(`<html>didban-sched site ${i}</html>`), 400);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    targets.push(site);
  }
}, 180_000);

afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  for (const t of targets) {
    t.closeAllConnections();
    t.close();
  }
  for (const i of instances) {
    await i.app.close();
    await i.database.close();
  }
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

const TEMPLATE = `id: sched-site
info:
  name: Scheduled site marker
  author: didban
  severity: low
  tags: sched
http:
  - method: GET
    path:
      - "{{BaseURL}}/"
    matchers:
      - type: word
        name: marker
        words:
          - "didban-sched site"
`;

describe('scheduled scans across two instances and two workers', () => {
  it('runs a due slot exactly once, with chunks spread over both workers', async () => {
    const first = instances[0]!;
    const last = instances[instances.length - 1]!;
    const server = { app: first.app, db: first.database.db } as unknown as Parameters<typeof registerUser>[0];
    const owner = await registerUser(server);
    const workspaceId = await personalWorkspaceId(server, owner.user.id);
    const inject = (i: Instance, method: 'GET' | 'POST', url: string, payload?: object) =>
      i.app.inject({ method, url: `/api/v1/${url}`, headers: owner.auth, ...(payload ? { payload } : {}) });

    const group = await createAssetGroup(server, workspaceId, { name: 'Sites', roots: ['127.0.0.1'] });
    await first.database.db.insert(assets).values(
      targets.map((t) => ({
        workspace_id: workspaceId,
        group_id: group.id,
        host: '127.0.0.1',
        port: (t.address() as AddressInfo).port,
        status: '200',
        service: 'http',
      })),
    );
    const template = (await inject(first, 'POST', 'panel/templates/', { yaml: TEMPLATE })).json().data;
    const scan = (
      await inject(first, 'POST', 'panel/scans/', {
        name: 'Scheduled',
        asset_group: [group.id],
        template_ids: [template.id],
        run_now: false,
      })
    ).json().data;
    expect(scan.scan_history_id).toBeNull();
    const start = new Date(Date.now() + 1500);
    const schedule = await inject(last, 'POST', 'panel/scan-schedules/', {
      scan: scan.id,
      frequency: 'weekly',
      start_time: start.toISOString(),
    });
    expect(schedule.statusCode).toBe(201);
    expect(schedule.json().data).toMatchObject({ frequency: 'weekly', next_run_at: start.toISOString() });
    expect((await inject(first, 'GET', `panel/scans/${scan.id}/`)).json().data.status).toBe('scheduled');

    const events: WorkerEvent[] = [];
    for (const [n, instance] of [first, last].entries()) {
      const key = (await createWorker(server, owner.auth, { name: `w${n}` })).api_key;
      workers.push(
        startWorker({
          serverUrl: instance.url,
          apiKey: key,
          maxConcurrency: 1,
          taskIntervalSeconds: 0.2,
          backoffMinMs: 100,
          backoffMaxMs: 500,
          onEvent: (e) => events.push(e),
        }),
      );
    }
    const stops = instances.map((i) => startScheduler(i.database.db, { intervalMs: 100 }));
    try {
      const deadline = Date.now() + 90_000;
      for (;;) {
        const runs = await first.database.db
          .select()
          .from(scanHistories)
          .where(eq(scanHistories.scan_id, scan.id));
        if (runs.length && runs.every((r) => r.status === 'finished')) break;
        if (Date.now() > deadline) throw new Error(`runs: ${JSON.stringify(runs.map((r) => r.status))}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      // A little longer: a second start would show up now.
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      for (const stop of stops) stop();
    }
    const runs = await first.database.db
      .select()
      .from(scanHistories)
      .where(eq(scanHistories.scan_id, scan.id));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'schedule', status: 'finished', tasks_done: 4, total_task: 4 });
    expect(runs[0]!.started_at!.getTime() - start.getTime()).toBeLessThan(1500);
    const chunks = await first.database.db
      .select()
      .from(scanChunks)
      .where(eq(scanChunks.history_id, runs[0]!.id));
    const batches = await first.database.db
      .select({ task: taskResultBatches.task_id, worker: taskResultBatches.worker_id })
      .from(taskResultBatches)
      .where(
        inArray(
          taskResultBatches.task_id,
          chunks.map((c) => c.task_id!),
        ),
      );
    expect(new Set(batches.map((b) => b.worker)).size).toBe(2);
    const found = await first.database.db
      .select()
      .from(vulnerabilities)
      .where(eq(vulnerabilities.workspace_id, workspaceId));
    expect(found).toHaveLength(4);
    expect(found.every((v) => v.severity === 'low' && v.template_id === 'sched-site')).toBe(true);
    const after = (await inject(first, 'GET', `panel/scan-schedules/?scan=${scan.id}`)).json().data
      .results[0];
    expect(after).toMatchObject({
      last_run_at: start.toISOString(),
      next_run_at: new Date(start.getTime() + 7 * 86_400_000).toISOString(),
    });
  }, 180_000);
});
