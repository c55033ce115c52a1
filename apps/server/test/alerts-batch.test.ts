import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAlertEvents } from '../src/alerts/record-events.js';
import { alertChannels, alertDeliveries, alertRules } from '../src/db/schema.js';
import { type AlertStandIns, startAlertStandIns } from './helpers/alert-stand-ins.js';
import { settle, startTestAlertLoop } from './helpers/alerts.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let stand: AlertStandIns;

beforeAll(async () => {
  stand = await startAlertStandIns();
  server = await createTestServer({ DIDBAN_ALERTS_ALLOW: '127.0.0.0/8', DIDBAN_ALERTS_INTERVAL_MS: '60000' });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await stand?.close();
});

/** A workspace with a webhook channel, as its owner made it through the API. */
async function workspaceWithHook(path: string) {
  const owner = await registerUser(server);
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/v1/panel/alerts/channels/',
    headers: owner.auth,
    payload: {
      name: 'Hook',
      kind: 'webhook',
      language: 'en',
      secrets: { url: `${stand.base}/hook/${path}` },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const channel = created.json().data as { id: string };
  const [row] = await server.db.select().from(alertChannels).where(eq(alertChannels.id, channel.id));
  return { channelId: channel.id, workspaceId: row!.workspace_id };
}

describe('alerts: many rules firing at once (flushed in batches)', () => {
  it('250 rules, each matching its own event: one message per rule with its own event; a rule naming another workspace’s channel sends nothing', async () => {
    const { channelId, workspaceId } = await workspaceWithHook('mine');
    const other = await workspaceWithHook('theirs');
    const groups = Array.from({ length: 250 }, () => randomUUID());
    await server.db.insert(alertRules).values(
      groups.map((g, i) => ({
        workspace_id: workspaceId,
        name: `R${i}`,
        triggers: ['port_opened'],
        channel_ids: [channelId],
        asset_group_ids: [g],
      })),
    );
    // Written past the API's checks: a rule row naming a channel of another workspace.
    const stray = randomUUID();
    await server.db.insert(alertRules).values({
      workspace_id: workspaceId,
      name: 'Stray',
      triggers: ['port_opened'],
      channel_ids: [other.channelId],
      asset_group_ids: [stray],
    });
    await server.db.transaction((tx) =>
      recordAlertEvents(tx, [
        ...groups.map((g, i) => ({
          workspace_id: workspaceId,
          kind: 'port_opened' as const,
          group_ids: [g],
          data: { host: `h${i}.batch.test`, port: 8443 },
        })),
        {
          workspace_id: workspaceId,
          kind: 'port_opened' as const,
          group_ids: [stray],
          data: { host: 'stray.test', port: 1 },
        },
      ]),
    );
    const loop = await startTestAlertLoop(server);
    await settle(server, loop, 60_000);
    await loop.stop();

    const got = stand.of('hook').filter((r) => r.path === '/hook/mine');
    expect(got).toHaveLength(250);
    expect(got.map((r) => r.body.rule.name).sort()).toEqual(groups.map((_, i) => `R${i}`).sort());
    for (const r of got) {
      const i = Number(r.body.rule.name.slice(1));
      expect(r.body.text).toBe(`Port opened: h${i}.batch.test:8443`);
    }
    expect(stand.of('hook').filter((r) => r.path === '/hook/theirs')).toEqual([]);
    const rows = await server.db.select({ status: alertDeliveries.status }).from(alertDeliveries);
    expect(rows.filter((r) => r.status === 'delivered')).toHaveLength(250);
    expect(rows).toHaveLength(250);
  }, 120_000);
});
