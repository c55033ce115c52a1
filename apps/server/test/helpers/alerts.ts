/** Drive the alert loop of a test server: start it and tick until nothing is left to send. */
import { eq, inArray } from 'drizzle-orm';
import { type AlertLoop, startAlertLoop } from '../../src/alerts/alert-loop.js';
import { alertDeliveries } from '../../src/db/schema.js';
import { createMailer } from '../../src/mail/mailer.js';
import type { TestServer } from './test-server.js';

const quiet = { warn() {}, error() {} };

export async function startTestAlertLoop(server: Pick<TestServer, 'db' | 'config'>): Promise<AlertLoop> {
  return startAlertLoop({
    db: server.db,
    config: server.config,
    log: quiet,
    mailer: createMailer(server.config.mail, quiet),
  });
}

/** Tick until no delivery is queued or retrying (retries wait out their short test backoff). */
export async function settle(server: Pick<TestServer, 'db'>, loop: AlertLoop, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await loop.tick();
    const open = await server.db
      .select({ id: alertDeliveries.id })
      .from(alertDeliveries)
      .where(inArray(alertDeliveries.status, ['queued', 'retrying']));
    if (open.length === 0) {
      // One more pass: events parked by this tick's flush may still be waiting to match.
      await loop.tick();
      const again = await server.db
        .select({ id: alertDeliveries.id })
        .from(alertDeliveries)
        .where(inArray(alertDeliveries.status, ['queued', 'retrying']));
      if (again.length === 0) return;
    }
    if (Date.now() > until) throw new Error(`deliveries still open: ${open.length}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

export const deliveriesOf = (server: Pick<TestServer, 'db'>, channelId: string) =>
  server.db.select().from(alertDeliveries).where(eq(alertDeliveries.channel_id, channelId));
