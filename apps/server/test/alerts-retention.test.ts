import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDeliveries, alertEvents, tasks } from '../src/db/schema.js';
import { type AlertStandIns, startAlertStandIns } from './helpers/alert-stand-ins.js';
import { settle, startTestAlertLoop } from './helpers/alerts.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let stand: AlertStandIns;

beforeAll(async () => {
  stand = await startAlertStandIns();
  server = await createTestServer({
    DIDBAN_ALERTS_ALLOW: '127.0.0.0/8',
    DIDBAN_ALERTS_INTERVAL_MS: '60000',
    DIDBAN_ALERTS_RETENTION_DAYS: '30',
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await stand?.close();
});

const daysAgo = (n: number) => sql`now() - make_interval(days => ${n})`;

describe('alert history retention (DIDBAN_ALERTS_RETENTION_DAYS)', () => {
  it('deletes matched events and finished deliveries past the retention; keeps the rest', async () => {
    const owner = await registerUser(server);
    const auth = { ...owner.auth, 'accept-language': 'en' };
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/panel/alerts/channels/',
      headers: auth,
      payload: { name: 'Hook', kind: 'webhook', language: 'en', secrets: { url: `${stand.base}/hook` } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const channelId = created.json().data.id as string;
    const test = () =>
      server.app.inject({
        method: 'POST',
        url: `/api/v1/panel/alerts/channels/${channelId}/test/`,
        headers: auth,
      });
    const old = (await test()).json().data.id as string;
    const recent = (await test()).json().data.id as string;
    const first = await startTestAlertLoop(server);
    await settle(server, first);
    await first.stop();
    // One delivery waits for a retry: however old, it is still on its way.
    const waiting = (await test()).json().data.id as string;

    const [oldDelivery] = await server.db
      .update(alertDeliveries)
      .set({ created_at: daysAgo(31) })
      .where(eq(alertDeliveries.id, old))
      .returning();
    await server.db
      .update(alertDeliveries)
      .set({ created_at: daysAgo(31), status: 'retrying' })
      .where(eq(alertDeliveries.id, waiting));
    await server.db
      .update(alertDeliveries)
      .set({ created_at: daysAgo(29) })
      .where(eq(alertDeliveries.id, recent));

    const workspaceId = oldDelivery!.workspace_id;
    const event = (name: string, age: number, extra: { processed?: boolean; subject?: string } = {}) => ({
      workspace_id: workspaceId,
      kind: 'asset_new',
      data: { name },
      subject_key: extra.subject ?? null,
      created_at: daysAgo(age),
      processed_at: extra.processed === false ? null : daysAgo(age),
    });
    await server.db
      .insert(alertEvents)
      .values([
        event('old', 31),
        event('recent', 29),
        event('old, not matched yet', 31, { processed: false }),
        event('old, once-only', 31, { subject: 'worker-1:2026-01-01' }),
      ]);

    const loop = await startTestAlertLoop(server);
    await loop.tick();
    await loop.stop();

    const events = await server.db.select({ data: alertEvents.data }).from(alertEvents);
    expect(events.map((e) => e.data.name).sort()).toEqual(
      ['old, not matched yet', 'old, once-only', 'recent'].sort(),
    );
    const log = await server.app.inject({
      method: 'GET',
      url: '/api/v1/panel/alerts/deliveries/',
      headers: auth,
    });
    expect(
      log
        .json()
        .data.results.map((d: { id: string }) => d.id)
        .sort(),
    ).toEqual([recent, waiting].sort());
    expect(await server.db.select().from(tasks).where(eq(tasks.id, oldDelivery!.task_id!))).toEqual([]);
  });
});
