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
      // An answer in time ends a channel's run of timeouts.
      await tx.execute(sql`update alert_channels c set timeouts_in_row = 0, slow_until = null
        from alert_deliveries d
        where d.channel_id = c.id and c.timeouts_in_row > 0
          and d.id in (${sql.join(
            delivered.map((i) => sql`${i.claimed.delivery_id}::uuid`),
            sql`, `,
          )})`);
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
  const error = outcome.timedOut
    ? `${outcome.error}${await slowDownChannel(tx, claimed, options)}`
    : outcome.error;
  const again = outcome.retryable && claimed.attempts < claimed.max_attempts;
  const delay = Math.min(3600, options.retryBaseSeconds * 2 ** (claimed.attempts - 1));
  await tx
    .update(tasks)
    .set(
      again
        ? { status: 'queued', lease_expires_at: null, error, updated_at: sql`now()` }
        : {
            status: 'failed',
            lease_expires_at: null,
            error,
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
      error: error.slice(0, 1000),
      next_attempt_at: again ? sql`now() + make_interval(secs => ${delay})` : sql`now()`,
      updated_at: sql`now()`,
    })
    .where(eq(alertDeliveries.id, claimed.delivery_id));
}

/**
 * A channel whose attempts keep hitting their deadline is slowed down: from its second timeout
 * in a row, none of its deliveries is claimed for a while (doubling, at most an hour), so a
 * receiver that never answers in time costs its workspace's slots less and less often.
 * Returns what the delivery log says about it.
 */
async function slowDownChannel(tx: Tx, claimed: ClaimedDelivery, options: QueueOptions) {
  const result = await tx.execute(sql`update alert_channels c set
      timeouts_in_row = c.timeouts_in_row + 1,
      slow_until = case when c.timeouts_in_row + 1 >= 2
        then now() + make_interval(secs => least(3600, ${options.retryBaseSeconds}::float8 * power(2, c.timeouts_in_row - 1)))
        else c.slow_until end,
      updated_at = now()
    from alert_deliveries d
    where d.id = ${claimed.delivery_id}::uuid and c.id = d.channel_id
    returning c.timeouts_in_row as n, c.slow_until as until`);
  const row = (result as unknown as { rows: { n: number; until: Date | string | null }[] }).rows[0];
  if (!row || row.n < 2 || !row.until) return '';
  const until = new Date(row.until).toISOString();
  return ` — ${row.n} timeouts in a row: this channel is slowed down, its deliveries wait until ${until}`;
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
