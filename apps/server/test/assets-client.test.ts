import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError, buildAssetCsv, createApiClient, initialAssetListState } from '@didban/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import { assetGroups, assets } from '../src/db/schema.js';
import { startServer } from '../src/server.js';
import { migratedPgliteSeed } from './helpers/pglite-seed.js';
import { createPgDatabase, testDbKind } from './helpers/test-server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'didban-assets-client-'));
let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
let server: Awaited<ReturnType<typeof startServer>>;
let baseUrl = '';

beforeAll(async () => {
  pgDb = testDbKind() === 'postgres' ? await createPgDatabase() : undefined;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DIDBAN_BUILTIN_WORKER: '0',
    DIDBAN_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
  server = await startServer(config, { pgliteSeed: await migratedPgliteSeed() });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await server?.stop();
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signUp(username: string) {
  let token = '';
  const api = createApiClient({
    baseUrl,
    getToken: () => token,
    getLanguage: () => 'en',
    getWorkspace: () => null,
  });
  const session = await api.auth.register({
    username,
    email: `${username}@example.com`,
    password: 'secret-pass',
    confirm_password: 'secret-pass',
  });
  token = session.access;
  return { api, user: session.user };
}

describe('asset calls of the core client against a real server', () => {
  it('groups, inventory with the list state, options, enumerations, schedules, compare, delete', async () => {
    const { api } = await signUp('assets_client');
    const group = await api.assets.createGroup({ name: 'Client', roots: 'client.test\n10.1.0.0/30' });
    expect(group).toMatchObject({ name: 'Client', roots: ['client.test', '10.1.0.0/30'], status: 'running' });
    expect((await api.assets.listGroups({ search: 'client' })).results.map((g) => g.id)).toEqual([group.id]);
    expect((await api.assets.updateGroup(group.id, { auto_discovery: false })).auto_discovery).toBe(false);

    const bad = await api.assets.createGroup({ name: '', roots: '' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ApiError);
    expect((bad as ApiError).status).toBe(400);

    const status = await api.assets.enumerationStatus(group.id);
    expect(status).toMatchObject({ enumeration_id: group.id, status: 'running' });
    const busy = await api.assets.rediscover(group.id).catch((e: unknown) => e);
    expect((busy as ApiError).message).toBe('A discovery of this asset group is already running.');
    await api.assets.cancelEnumeration(group.id, status.history_id!);
    const started = await api.assets.startEnumeration(group.id);
    expect(started).toMatchObject({ enumeration_id: group.id, status: 'running' });
    const enumeration = await api.assets.getEnumeration(group.id);
    expect(enumeration.history.map((h) => h.status)).toEqual(['running', 'cancelled']);
    const compared = await api.assets.compareHistories(status.history_id!, started.history_id);
    expect(compared).toMatchObject({ added: [], removed: [], changed: [] });

    // Assets as discovery stores them (the worker protocol has its own tests).
    const [stored] = await server.db.select().from(assetGroups).where(eq(assetGroups.id, group.id));
    await server.db.insert(assets).values(
      [443, 80, 8443].map((port, i) => ({
        workspace_id: stored!.workspace_id,
        group_id: group.id,
        host: `h${i}.client.test`,
        port,
        status: i === 1 ? '301' : '200',
        title: i === 2 ? '=HYPERLINK("x")' : `Host ${i}`,
      })),
    );
    const state = initialAssetListState({
      groupIds: [group.id],
      sort: { column: 'port', direction: 'asc' },
      filters: { status: ['200'] },
    });
    const page = await api.assets.inventory(state);
    expect(page.results.map((a) => a.port)).toEqual([443, 8443]);
    expect(buildAssetCsv(page.results)).toContain(`,"'=HYPERLINK(""x"")",`);
    expect(await api.assets.inventoryOptions('status')).toEqual([
      { value: '200', count: 2 },
      { value: '301', count: 1 },
    ]);
    expect(await api.assets.groupOptions(group.id, 'port', '44')).toEqual([
      { value: '443', count: 1 },
      { value: '8443', count: 1 },
    ]);
    expect((await api.assets.groupAssets(group.id)).result_count).toBe(3);
    expect(await api.assets.technologies()).toEqual([]);
    const detail = await api.assets.getAsset(page.results[0]!.id);
    expect(detail.host).toBe('h0.client.test');
    expect(await api.assets.changelog(detail.id)).toEqual([]);
    await api.assets.deleteAsset(detail.id);
    expect((await api.assets.groupAssets(group.id)).result_count).toBe(2);

    const schedule = await api.assets.createSchedule({
      asset_group: group.id,
      frequency: 'custom',
      custom_weekdays: [1, 5],
      start_time: '2030-01-01T06:00:00Z',
    });
    expect(schedule).toMatchObject({ custom_weekdays: [1, 5], next_run_at: '2030-01-04T06:00:00.000Z' });
    expect((await api.assets.getSchedule(schedule.id)).id).toBe(schedule.id);
    await expect(api.assets.getSchedule(null)).rejects.toThrow(
      'Schedule ID is required for getting enumeration schedule',
    );
    expect((await api.assets.updateSchedule(schedule.id, { frequency: 'daily' })).next_run_at).toBe(
      '2030-01-01T06:00:00.000Z',
    );
    expect((await api.assets.getGroup(group.id)).scan_frequency).toBe('daily');
    await api.assets.deleteSchedule(schedule.id);
    await api.assets.deleteGroup(group.id);
    expect((await api.assets.listGroups()).result_count).toBe(0);
  });
});
