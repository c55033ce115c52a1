import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/env.js';
import { type Database, openDatabase } from '../src/db/database.js';
import { enumerationHistories, schedules } from '../src/db/schema.js';
import { nextRunAfter } from '../src/scheduler/next-run.js';
import { runDueSchedules, startScheduler } from '../src/scheduler/scheduler.js';
import { migratedPgliteSeed } from './helpers/pglite-seed.js';
import { createPgDatabase, registerUser, testDbKind } from './helpers/test-server.js';

describe('nextRunAfter', () => {
  const start = new Date('2026-01-31T09:30:00Z'); // a Saturday
  const at = (iso: string) => new Date(iso);
  it('none never runs; a start still ahead is the first slot', () => {
    expect(nextRunAfter({ frequency: 'none', weekdays: [], start }, at('2026-01-01T00:00:00Z'))).toBeNull();
    expect(nextRunAfter({ frequency: 'daily', weekdays: [], start }, at('2026-01-01T00:00:00Z'))).toEqual(
      start,
    );
  });
  it('daily and weekly keep the start time of day, strictly after', () => {
    expect(nextRunAfter({ frequency: 'daily', weekdays: [], start }, start)).toEqual(
      at('2026-02-01T09:30:00Z'),
    );
    expect(nextRunAfter({ frequency: 'daily', weekdays: [], start }, at('2026-02-03T10:00:00Z'))).toEqual(
      at('2026-02-04T09:30:00Z'),
    );
    expect(nextRunAfter({ frequency: 'weekly', weekdays: [], start }, at('2026-02-07T09:30:00Z'))).toEqual(
      at('2026-02-14T09:30:00Z'),
    );
  });
  it('monthly clamps to the last day of shorter months', () => {
    expect(nextRunAfter({ frequency: 'monthly', weekdays: [], start }, start)).toEqual(
      at('2026-02-28T09:30:00Z'),
    );
    expect(nextRunAfter({ frequency: 'monthly', weekdays: [], start }, at('2026-02-28T09:30:00Z'))).toEqual(
      at('2026-03-31T09:30:00Z'),
    );
  });
  it('custom runs on the chosen weekdays at the start time', () => {
    const plan = { frequency: 'custom' as const, weekdays: [1, 3], start }; // Monday, Wednesday
    expect(nextRunAfter(plan, at('2026-01-01T00:00:00Z'))).toEqual(at('2026-02-02T09:30:00Z'));
    expect(nextRunAfter(plan, at('2026-02-02T09:30:00Z'))).toEqual(at('2026-02-04T09:30:00Z'));
    expect(nextRunAfter({ ...plan, weekdays: [] }, start)).toBeNull();
  });
});

type Instance = { app: Awaited<ReturnType<typeof buildApp>>; database: Database };

/**
 * Two app instances on one database: two PostgreSQL pools on one database in the PostgreSQL run
 * (as two server processes would be), one PGlite otherwise (PGlite is one process by design).
 */
describe('scheduler', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'didban-sched-'));
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  const instances: Instance[] = [];

  beforeAll(async () => {
    pgDb = testDbKind() === 'postgres' ? await createPgDatabase() : undefined;
    const copies = pgDb ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      const config = loadConfig({
        DIDBAN_DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        DIDBAN_AUTH_RATE_LIMIT: '10000',
        ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      });
      const database = await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: pgDb ? dataDir : ':memory:',
        pgliteSeed: pgDb ? undefined : await migratedPgliteSeed(),
      });
      const app = await buildApp({ config, db: database.db });
      await app.ready();
      instances.push({ app, database });
    }
  });
  afterAll(async () => {
    for (const i of instances) {
      await i.app.close();
      await i.database.close();
    }
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const first = () => instances[0]!;
  const last = () => instances[instances.length - 1]!;

  async function scheduledGroups(n: number, startTime: Date, frequency = 'daily') {
    const server = { app: first().app } as Parameters<typeof registerUser>[0];
    const owner = await registerUser(server);
    const headers = { ...owner.auth, 'accept-language': 'en' };
    const ids: { group: string; schedule: string }[] = [];
    for (let i = 0; i < n; i++) {
      const group = (
        await first().app.inject({
          method: 'POST',
          url: '/api/v1/panel/assets/',
          headers,
          payload: { name: `G${i}`, roots: `g${i}.sched.test` },
        })
      ).json().data;
      // The first discovery runs at creation; cancel it so the scheduled one is not skipped.
      const status = (
        await first().app.inject({
          method: 'GET',
          url: `/api/v1/panel/enumeration-status/${group.id}`,
          headers,
        })
      ).json().data;
      await first().app.inject({
        method: 'POST',
        url: `/api/v1/panel/enumerations/${group.id}/histories/${status.history_id}/cancel-scan/`,
        headers,
      });
      const schedule = await last().app.inject({
        method: 'POST',
        url: '/api/v1/panel/enumerations-schedules/',
        headers,
        payload: { asset_group: group.id, frequency, start_time: startTime.toISOString() },
      });
      expect(schedule.statusCode).toBe(201);
      ids.push({ group: group.id, schedule: schedule.json().data.id });
    }
    return { ids, headers };
  }

  const runsOf = async (groupIds: string[]) => {
    const rows = await first()
      .database.db.select({ group: enumerationHistories.group_id, n: count() })
      .from(enumerationHistories)
      .where(inArray(enumerationHistories.group_id, groupIds))
      .groupBy(enumerationHistories.group_id);
    // Minus the cancelled creation run of each group.
    return new Map(rows.map((r) => [r.group, r.n - 1]));
  };

  it('runs each due slot exactly once when both instances claim at the same moment', async () => {
    const start = new Date(Date.now() + 3_600_000);
    const { ids } = await scheduledGroups(12, start);
    const slotTime = new Date(start.getTime() + 1000);
    // Both instances race through the due rows at once, several times over.
    const reports = await Promise.all(
      [0, 1, 2].flatMap(() => instances.map((i) => runDueSchedules(i.database.db, slotTime))),
    );
    const ran = reports.flat().filter((r) => ids.some((x) => x.schedule === r.id));
    expect(ran).toHaveLength(12);
    expect(ran.every((r) => r.error === null && r.slot.getTime() === start.getTime())).toBe(true);
    const runs = await runsOf(ids.map((x) => x.group));
    expect(ids.map((x) => runs.get(x.group))).toEqual(ids.map(() => 1));
    const [row] = await first()
      .database.db.select()
      .from(schedules)
      .where(eq(schedules.id, ids[0]!.schedule));
    expect(row).toMatchObject({
      run_count: 1,
      last_run_at: start,
      next_run_at: new Date(start.getTime() + 86_400_000),
    });
    // Nothing is due again until the next day's slot.
    expect(
      (await runDueSchedules(last().database.db, slotTime)).filter((r) =>
        ids.some((x) => x.schedule === r.id),
      ),
    ).toEqual([]);
  });

  it('starts a run on time from the running schedulers of both instances, once', async () => {
    const start = new Date(Date.now() + 1500);
    const { ids, headers } = await scheduledGroups(1, start, 'weekly');
    const stops = instances.map((i) => startScheduler(i.database.db, { intervalMs: 100 }));
    try {
      const deadline = Date.now() + 10_000;
      let history: typeof enumerationHistories.$inferSelect | undefined;
      while (Date.now() < deadline) {
        const rows = await first()
          .database.db.select()
          .from(enumerationHistories)
          .where(eq(enumerationHistories.group_id, ids[0]!.group));
        history = rows.find((h) => h.status === 'running');
        if (history) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(history).toBeDefined();
      const lateness = history!.started_at.getTime() - start.getTime();
      expect(lateness).toBeGreaterThanOrEqual(-50);
      expect(lateness).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      for (const stop of stops) stop();
    }
    expect((await runsOf([ids[0]!.group])).get(ids[0]!.group)).toBe(1);
    const schedule = (
      await first().app.inject({
        method: 'GET',
        url: `/api/v1/panel/enumerations-schedules/${ids[0]!.schedule}/`,
        headers,
      })
    ).json().data;
    expect(schedule).toMatchObject({
      last_run_at: start.toISOString(),
      next_run_at: new Date(start.getTime() + 7 * 86_400_000).toISOString(),
    });
  });

  it('refuses custom schedules without weekdays and repeating ones without a start time', async () => {
    const { ids, headers } = await scheduledGroups(1, new Date(Date.now() + 3_600_000));
    const patch = (payload: object) =>
      first().app.inject({
        method: 'PATCH',
        url: `/api/v1/panel/enumerations-schedules/${ids[0]!.schedule}/`,
        headers,
        payload,
      });
    const custom = await patch({ frequency: 'custom', custom_weekdays: [] });
    expect(custom.statusCode).toBe(400);
    expect(custom.json()).toEqual({
      message: 'Choose at least one weekday for a custom schedule.',
      code: 'schedule_weekdays_required',
      errors: { custom_weekdays: ['Choose at least one weekday for a custom schedule.'] },
    });
    expect((await patch({ start_time: null })).json().message).toBe(
      'A start time is required for a repeating schedule.',
    );
    const none = (await patch({ frequency: 'none' })).json().data;
    expect(none).toMatchObject({ frequency: 'none', next_run_at: null });
    const twice = await first().app.inject({
      method: 'POST',
      url: '/api/v1/panel/enumerations-schedules/',
      headers,
      payload: { asset_group: ids[0]!.group, frequency: 'daily', start_time: new Date().toISOString() },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      'This asset group already has an enumeration schedule; edit it instead.',
    );
  });
});
