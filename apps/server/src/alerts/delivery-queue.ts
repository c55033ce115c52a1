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

/** 'report': a scheduled report (issue 33), mailed with its file by the email channel. */
export type DeliveryPurpose = 'message' | 'test' | 'tracker_open' | 'tracker_close' | 'report';

export type QueueOptions = {
  maxAttempts: number;
  /** First retry after this many seconds, doubling each time, capped at an hour. */
  retryBaseSeconds: number;
  leaseSeconds: number;
};

export type NewDelivery = {
  workspaceId: string;
  channelId: string;
  ruleId: string | null;
  purpose: DeliveryPurpose;
  events: AlertEventRecord[];
};

/** Rows an INSERT carries at most (each column is a bind parameter; PostgreSQL allows 65,535). */
const INSERT_ROWS = 500;

/**
 * Queue many deliveries in two multi-row inserts per few hundred (a task and its log row each);
 * ids are made here so each log row names its own task without relying on RETURNING's order.
 * @example await enqueueDeliveries(tx, [{ workspaceId, channelId, ruleId, purpose: 'message', events }], opts)
 */
export async function enqueueDeliveries(
  tx: Tx,
  inputs: NewDelivery[],
  options: Pick<QueueOptions, 'maxAttempts'>,
) {
  const rows: (typeof alertDeliveries.$inferSelect)[] = [];
  for (let i = 0; i < inputs.length; i += INSERT_ROWS) {
    const chunk = inputs.slice(i, i + INSERT_ROWS).map((input) => ({
      input,
      id: randomUUID(),
      taskId: randomUUID(),
    }));
    await tx.insert(tasks).values(
      chunk.map(({ input, id, taskId }) => ({
        id: taskId,
        kind: ALERT_TASK_KIND,
        payload: { delivery_id: id },
        workspace_id: input.workspaceId,
        max_attempts: options.maxAttempts,
      })),
    );
    rows.push(
      ...(await tx
        .insert(alertDeliveries)
        .values(
          chunk.map(({ input, id, taskId }) => ({
            id,
            workspace_id: input.workspaceId,
            channel_id: input.channelId,
            rule_id: input.ruleId,
            task_id: taskId,
            purpose: input.purpose,
            events: input.events,
            idempotency_key: `didban-${id}`,
          })),
        )
        .returning()),
    );
  }
  return rows;
}

/** @example await enqueueDelivery(tx, { workspaceId, channelId, ruleId: null, purpose: 'test', events: [] }, opts) */
export async function enqueueDelivery(
  tx: Tx,
  input: NewDelivery,
  options: Pick<QueueOptions, 'maxAttempts'>,
) {
  const [row] = await enqueueDeliveries(tx, [input], options);
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

/**
 * Lease up to `limit` deliveries that are due, fairly: no workspace holds more than
 * `perWorkspace` leases at once (counted across every server on the database), so one tenant's
 * stuck or numerous deliveries leave the other slots to everyone else; each workspace's oldest
 * first, and the workspaces taken in turn (round robin by rank). A channel slowed down after
 * repeated timeouts (`slow_until`) is skipped until then.
 */
export async function claimDeliveries(
  db: Db,
  limit: number,
  options: QueueOptions & { perWorkspace: number },
) {
  if (limit <= 0) return [];
  const result = await db.execute(sql`
    update tasks set status = 'leased',
      lease_expires_at = now() + make_interval(secs => ${options.leaseSeconds}),
      attempts = tasks.attempts + 1,
      started_at = coalesce(tasks.started_at, now()),
      updated_at = now()
    where tasks.id in (
      select ranked.id from (
        select due.id, due.next_attempt_at,
          row_number() over (partition by due.workspace_id order by due.next_attempt_at, due.id) as rank,
          coalesce(busy.n, 0) as busy
        from (
          select t.id, t.workspace_id, d.next_attempt_at
          from tasks t
          join alert_deliveries d on d.task_id = t.id
          join alert_channels c on c.id = d.channel_id
          where t.kind = ${ALERT_TASK_KIND} and t.status = 'queued' and d.next_attempt_at <= now()
            and (c.slow_until is null or c.slow_until <= now())
        ) due
        left join (
          select l.workspace_id, count(*)::int as n from tasks l
          where l.kind = ${ALERT_TASK_KIND} and l.status = 'leased'
          group by l.workspace_id
        ) busy on busy.workspace_id = due.workspace_id
      ) ranked
      where ranked.busy + ranked.rank <= ${options.perWorkspace}
      order by ranked.rank, ranked.next_attempt_at, ranked.id
      limit ${limit})
    -- No SKIP LOCKED beside a window: a row another server claims meanwhile is re-checked here.
    and tasks.status = 'queued'
    returning tasks.id, tasks.payload->>'delivery_id' as delivery_id, tasks.attempts, tasks.max_attempts,
      tasks.workspace_id`);
  return (result as unknown as { rows: ClaimedDelivery[] }).rows;
}

export type ClaimedDelivery = {
  id: string;
  delivery_id: string;
  attempts: number;
  max_attempts: number;
  workspace_id: string;
};

export type Outcome =
  | { ok: true; responseCode: number | null }
  | {
      ok: false;
      responseCode: number | null;
      error: string;
      retryable: boolean;
      /** Not sent (the workspace's mail cap): waits until then, and the attempt is not counted. */
      heldUntil?: Date;
      /** The attempt hit its deadline: counted against the channel (backoff per channel). */
      timedOut?: boolean;
    };
