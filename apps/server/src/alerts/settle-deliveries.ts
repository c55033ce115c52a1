/**
 * Recording attempts' outcomes. Sends finish one by one, but their bookkeeping is written in
 * batches (group commit): the outcomes that arrive while one write is under way go together in
 * the next, in one transaction — two statements for all the successes, so a thousand quick
 * deliveries cost a few dozen round trips instead of four thousand.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { alertDeliveries, tasks } from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';
import type { ClaimedDelivery, Outcome, QueueOptions } from './delivery-queue.js';

export type Settled = { claimed: ClaimedDelivery; outcome: Outcome };

/** Delivered, back in the queue with backoff, or failed for good: each item's outcome, in one transaction. */
export async function settleDeliveries(db: Db, items: Settled[], options: QueueOptions): Promise<void> {
  if (items.length === 0) return;
  await db.transaction(async (tx) => {
    const delivered = items.filter((i) => i.outcome.ok);
    if (delivered.length) {
      await tx
        .update(tasks)
        .set({ status: 'done', lease_expires_at: null, finished_at: sql`now()`, updated_at: sql`now()` })
        .where(
          inArray(
            tasks.id,
            delivered.map((i) => i.claimed.id),
          ),
        );
      const rows = sql.join(
        delivered.map(
          (i) =>
            sql`(${i.claimed.delivery_id}::uuid, ${i.claimed.attempts}::int, ${i.outcome.responseCode}::int)`,
        ),
        sql`, `,
      );
      await tx.execute(sql`update alert_deliveries d set
          status = 'delivered', attempts = v.attempts, response_code = v.code, error = null,
          delivered_at = now(), updated_at = now()
        from (values ${rows}) as v(id, attempts, code)
        where d.id = v.id`);
    }
    for (const i of items) if (!i.outcome.ok) await settleFailure(tx, i.claimed, i.outcome, options);
  });
}

async function settleFailure(
  tx: Tx,
  claimed: ClaimedDelivery,
  outcome: Extract<Outcome, { ok: false }>,
  options: QueueOptions,
) {
  if (outcome.heldUntil) return settleHeld(tx, claimed, outcome.error, outcome.heldUntil);
  const again = outcome.retryable && claimed.attempts < claimed.max_attempts;
  const delay = Math.min(3600, options.retryBaseSeconds * 2 ** (claimed.attempts - 1));
  await tx
    .update(tasks)
    .set(
      again
        ? { status: 'queued', lease_expires_at: null, error: outcome.error, updated_at: sql`now()` }
        : {
            status: 'failed',
            lease_expires_at: null,
            error: outcome.error,
            finished_at: sql`now()`,
            updated_at: sql`now()`,
          },
    )
    .where(eq(tasks.id, claimed.id));
  await tx
    .update(alertDeliveries)
    .set({
      status: again ? 'retrying' : 'failed',
      attempts: claimed.attempts,
      response_code: outcome.responseCode,
      error: outcome.error.slice(0, 1000),
      next_attempt_at: again ? sql`now() + make_interval(secs => ${delay})` : sql`now()`,
      updated_at: sql`now()`,
    })
    .where(eq(alertDeliveries.id, claimed.delivery_id));
}

/** Over the mail cap: back in the queue until the next window, the attempt claimed given back. */
async function settleHeld(tx: Tx, claimed: ClaimedDelivery, error: string, until: Date) {
  await tx
    .update(tasks)
    .set({
      status: 'queued',
      lease_expires_at: null,
      attempts: claimed.attempts - 1,
      error,
      updated_at: sql`now()`,
    })
    .where(eq(tasks.id, claimed.id));
  await tx
    .update(alertDeliveries)
    .set({
      status: 'held',
      attempts: claimed.attempts - 1,
      response_code: null,
      error: error.slice(0, 1000),
      next_attempt_at: until,
      updated_at: sql`now()`,
    })
    .where(eq(alertDeliveries.id, claimed.delivery_id));
}

/**
 * `settle(item)` resolves once the item's outcome is written. The first outcome is written at
 * once; those that come while it is being written wait and go together in the next write.
 */
export function createSettler(db: Db, options: QueueOptions) {
  let waiting: { item: Settled; done(): void; fail(error: unknown): void }[] = [];
  let writing = false;
  const drain = async () => {
    writing = true;
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      try {
        await settleDeliveries(
          db,
          batch.map((b) => b.item),
          options,
        );
        for (const b of batch) b.done();
      } catch (error) {
        for (const b of batch) b.fail(error);
      }
    }
    writing = false;
  };
  return (item: Settled) =>
    new Promise<void>((done, fail) => {
      waiting.push({ item, done, fail });
      if (!writing) void drain();
    });
}
