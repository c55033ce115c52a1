import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AlertDelivery, createApiClient } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import { startServer } from '../src/server.js';
import { type AlertStandIns, startAlertStandIns } from './helpers/alert-stand-ins.js';
import { migratedPgliteSeed } from './helpers/pglite-seed.js';
import { createPgDatabase, testDbKind } from './helpers/test-server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'didban-alerts-restart-'));
let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
let stand: AlertStandIns;
beforeAll(async () => {
  stand = await startAlertStandIns();
});
afterAll(async () => {
  await stand.close();
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A real server (startServer: API, alert loop) on the same data folder / database each time. */
async function boot() {
  pgDb ??= testDbKind() === 'postgres' ? await createPgDatabase() : undefined;
  const config = loadConfig({
    PORT: '0',
    DIDBAN_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DIDBAN_BUILTIN_WORKER: '0',
    DIDBAN_ALERTS_ALLOW: '127.0.0.0/8',
    DIDBAN_ALERTS_INTERVAL_MS: '100',
    // Long enough that the retry is still waiting when the server stops.
    DIDBAN_ALERTS_RETRY_BASE_SECONDS: '5',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
  const server = await startServer(config, { pgliteSeed: await migratedPgliteSeed() });
  const port = (server.app.server.address() as { port: number }).port;
  return { server, baseUrl: `http://127.0.0.1:${port}` };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('alerts across a server restart', () => {
  it('a delivery waiting for its retry when the server stops is sent by the next start, once more with the same key', async () => {
    let token = '';
    const first = await boot();
    const api = (baseUrl: string) =>
      createApiClient({ baseUrl, getToken: () => token, getLanguage: () => 'en' });
    const session = await api(first.baseUrl).auth.register({
      username: 'alerts_restart',
      email: 'alerts-restart@example.com',
      password: 'secret-pass',
      confirm_password: 'secret-pass',
    });
    token = session.access;
    const channel = await api(first.baseUrl).alerts.createChannel({
      name: 'Hook',
      kind: 'webhook',
      language: 'en',
      secrets: { url: `${stand.base}/hook` },
    });
    stand.state.webhookFailures = 1;
    await api(first.baseUrl).alerts.testChannel(channel.id);
    const waiting = await waitFor('the first attempt to fail', async () => {
      const [d] = (await api(first.baseUrl).alerts.listDeliveries()).results;
      return d?.status === 'retrying' ? d : undefined;
    });
    expect(waiting).toMatchObject({ attempts: 1, response_code: 500 });
    await first.server.stop();
    expect(stand.of('hook')).toHaveLength(1);

    const second = await boot();
    try {
      const done = await waitFor<AlertDelivery>('the retry after the restart', async () => {
        const [d] = (await api(second.baseUrl).alerts.listDeliveries()).results;
        return d?.status === 'delivered' ? d : undefined;
      });
      expect(done).toMatchObject({ attempts: 2, response_code: 200, error: null });
      const calls = stand.of('hook');
      expect(calls).toHaveLength(2);
      expect(calls[1]!.headers['idempotency-key']).toBe(calls[0]!.headers['idempotency-key']);
      expect(calls[1]!.headers['idempotency-key']).toBe(done.idempotency_key);
    } finally {
      await second.server.stop();
    }
  }, 240_000);
});
