/**
 * Deliveries ride the server's task queue (tasks table, kind 'alert-delivery'): the task is the
 * durable job, alert_deliveries its log and schedule. The server's alert loop — not a worker,
 * since secrets never leave the server — claims them with FOR UPDATE SKIP LOCKED, so several
 * servers share the work without sending twice at once. A failed attempt goes back to 'queued'
 * with a later `next_attempt_at` (exponential backoff); a lease that expires (the server died
 * mid-send) puts the task back too. At-least-once: receivers dedupe on the idempotency key.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { type AlertEventRecord, alertDeliveries, tasks } from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';

export const ALERT_TASK_KIND = 'alert-delivery';

export type DeliveryPurpose = 'message' | 'test' | 'tracker_open' | 'tracker_close';

export type QueueOptions = {
  maxAttempts: number;
  /** First retry after this many seconds, doubling each time, capped at an hour. */
  retryBaseSeconds: number;
  leaseSeconds: number;
};

/** @example await enqueueDelivery(tx, { workspaceId, channelId, ruleId, purpose: 'message', events }, opts) */
export async function enqueueDelivery(
  tx: Tx,
  input: {
    workspaceId: string;
    channelId: string;
    ruleId: string | null;
    purpose: DeliveryPurpose;
    events: AlertEventRecord[];
  },
  options: Pick<QueueOptions, 'maxAttempts'>,
) {
  const id = randomUUID();
  const [task] = await tx
    .insert(tasks)
    .values({
      kind: ALERT_TASK_KIND,
      payload: { delivery_id: id },
      workspace_id: input.workspaceId,
      max_attempts: options.maxAttempts,
    })
    .returning({ id: tasks.id });
  const [row] = await tx
    .insert(alertDeliveries)
    .values({
      id,
      workspace_id: input.workspaceId,
      channel_id: input.channelId,
      rule_id: input.ruleId,
      task_id: task!.id,
      purpose: input.purpose,
      events: input.events,
      idempotency_key: `didban-${id}`,
    })
    .returning();
  return row!;
}

/** Deliveries whose lease ran out go back to the queue (their server stopped mid-send). */
export async function reclaimAlertLeases(db: Db) {
  await db
    .update(tasks)
    .set({ status: 'queued', lease_expires_at: null, updated_at: sql`now()` })
    .where(
      and(
        eq(tasks.kind, ALERT_TASK_KIND),
        eq(tasks.status, 'leased'),
        sql`${tasks.lease_expires_at} < now()`,
      ),
    );
}

/** Lease up to `limit` deliveries that are due. */
export async function claimDeliveries(db: Db, limit: number, options: QueueOptions) {
  if (limit <= 0) return [];
  const result = await db.execute(sql`
    update tasks set status = 'leased',
      lease_expires_at = now() + make_interval(secs => ${options.leaseSeconds}),
      attempts = tasks.attempts + 1,
      started_at = coalesce(tasks.started_at, now()),
      updated_at = now()
    where tasks.id in (
      select t.id from tasks t join alert_deliveries d on d.task_id = t.id
      where t.kind = ${ALERT_TASK_KIND} and t.status = 'queued' and d.next_attempt_at <= now()
      order by d.next_attempt_at, t.id
      limit ${limit}
      for update of t skip locked)
    returning tasks.id, tasks.payload->>'delivery_id' as delivery_id, tasks.attempts, tasks.max_attempts`);
  return (result as unknown as { rows: ClaimedDelivery[] }).rows;
}

export type ClaimedDelivery = { id: string; delivery_id: string; attempts: number; max_attempts: number };

export type Outcome =
  | { ok: true; responseCode: number | null }
  | { ok: false; responseCode: number | null; error: string; retryable: boolean };

/** Record an attempt's outcome: delivered, back in the queue with backoff, or failed for good. */
export async function settleDelivery(
  db: Db,
  claimed: ClaimedDelivery,
  outcome: Outcome,
  options: QueueOptions,
) {
  await db.transaction(async (tx) => {
    if (outcome.ok) {
      await tx
        .update(tasks)
        .set({ status: 'done', lease_expires_at: null, finished_at: sql`now()`, updated_at: sql`now()` })
        .where(eq(tasks.id, claimed.id));
      await tx
        .update(alertDeliveries)
        .set({
          status: 'delivered',
          attempts: claimed.attempts,
          response_code: outcome.responseCode,
          error: null,
          delivered_at: sql`now()`,
          updated_at: sql`now()`,
        })
        .where(eq(alertDeliveries.id, claimed.delivery_id));
      return;
    }
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
  });
}
