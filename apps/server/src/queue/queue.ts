/**
 * The task queue on PostgreSQL/PGlite. A claim takes the oldest queued task the worker may run
 * with `FOR UPDATE SKIP LOCKED`, so two servers or two workers never get the same task. A lease
 * holds a task until `lease_expires_at`; heartbeats extend it; an expired lease puts the task
 * back in the queue (or fails it once its attempts are used). Results come in numbered batches,
 * stored once per (task, attempt, seq).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { taskResultBatches, tasks } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import type { WorkerContext } from '../http/fastify-types.js';
import type { FileStorage } from '../storage/file-storage.js';
import { registeredTaskKinds, type Task, type Tx, taskKindHandler } from './task-kinds.js';

export type QueueSettings = { leaseSeconds: number; maxAttempts: number };

const leaseLost = () => new HttpError(409, 'lease_lost', 'errors.lease_lost');
const taskCancelled = () => new HttpError(409, 'task_cancelled', 'errors.task_cancelled');

type EnqueueInput = {
  kind: string;
  payload: Record<string, unknown>;
  workspaceId: string;
  workerGroupId?: string | null;
  maxAttempts?: number;
};

/** Put a task in the queue. @example await enqueueTask(tx, { kind: 'discovery', payload, workspaceId }) */
export async function enqueueTask(db: Tx, input: EnqueueInput): Promise<Task> {
  const [task] = await db
    .insert(tasks)
    .values({
      kind: input.kind,
      payload: input.payload,
      workspace_id: input.workspaceId,
      worker_group_id: input.workerGroupId ?? null,
      ...(input.maxAttempts ? { max_attempts: input.maxAttempts } : {}),
    })
    .returning();
  return task!;
}

/**
 * Leases that expired go back to the queue; those out of attempts fail (and their kind is told).
 * Runs before every claim, so no timer is needed and any server process may do it.
 */
export async function reclaimExpiredLeases(
  db: Db,
  storage: FileStorage,
  settings: QueueSettings,
): Promise<void> {
  // A task's own bound if it has one, capped by the installation's (DIDBAN_TASK_MAX_ATTEMPTS);
  // least() skips a null, so a task without one gets the installation's.
  const bound = sql`least(${tasks.max_attempts}, ${settings.maxAttempts})`;
  await db
    .update(tasks)
    .set({ status: 'queued', lease_owner: null, lease_expires_at: null, updated_at: sql`now()` })
    .where(
      and(
        eq(tasks.status, 'leased'),
        sql`${tasks.lease_expires_at} < now()`,
        sql`${tasks.attempts} < ${bound}`,
      ),
    );
  const failed = await db
    .update(tasks)
    .set({
      status: 'failed',
      lease_owner: null,
      lease_expires_at: null,
      error: 'lease expired too many times',
      finished_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where(
      and(
        eq(tasks.status, 'leased'),
        sql`${tasks.lease_expires_at} < now()`,
        sql`${tasks.attempts} >= ${bound}`,
      ),
    )
    .returning();
  for (const task of failed) {
    await taskKindHandler(task.kind)?.fail({ tx: db, task, storage }, task.error ?? 'failed');
  }
}

/**
 * Lease the oldest task this worker may run, or null. Routing: a task naming a worker group goes
 * only to that group's workers; a task without one goes to its workspace's workers or to the
 * installation's built-in worker.
 */
export async function claimTask(
  db: Db,
  storage: FileStorage,
  worker: WorkerContext,
  settings: QueueSettings,
  kinds?: readonly string[],
): Promise<(Task & { lease_seconds: number }) | null> {
  await reclaimExpiredLeases(db, storage, settings);
  const wanted = (kinds?.length ? kinds : registeredTaskKinds()).filter((k) => taskKindHandler(k));
  if (wanted.length === 0) return null;
  const routing = worker.builtin
    ? sql`t.worker_group_id is null`
    : sql`t.workspace_id = ${worker.workspace_id}::uuid and (t.worker_group_id is null${
        worker.group_id ? sql` or t.worker_group_id = ${worker.group_id}::uuid` : sql``
      })`;
  const kindList = sql.join(
    wanted.map((k) => sql`${k}`),
    sql`, `,
  );
  const [task] = await db
    .update(tasks)
    .set({
      status: 'leased',
      lease_owner: worker.id,
      lease_expires_at: sql`now() + make_interval(secs => ${settings.leaseSeconds})`,
      attempts: sql`${tasks.attempts} + 1`,
      started_at: sql`coalesce(${tasks.started_at}, now())`,
      updated_at: sql`now()`,
    })
    .where(
      eq(
        tasks.id,
        sql`(select t.id from tasks t
             where t.status = 'queued' and t.kind in (${kindList}) and ${routing}
             order by t.created_at, t.id
             limit 1
             for update skip locked)`,
      ),
    )
    .returning();
  return task ? { ...task, lease_seconds: settings.leaseSeconds } : null;
}

/**
 * Extend the lease. Answers `cancel: true` when the task was cancelled (the worker stops), and
 * 409 lease_lost when the task is no longer this worker's (expired and reclaimed, or finished).
 */
export async function heartbeatTask(
  db: Db,
  worker: WorkerContext,
  taskId: string,
  settings: QueueSettings,
): Promise<{ cancel: boolean; leaseExpiresAt: Date | null }> {
  const [extended] = await db
    .update(tasks)
    .set({
      lease_expires_at: sql`now() + make_interval(secs => ${settings.leaseSeconds})`,
      updated_at: sql`now()`,
    })
    .where(and(eq(tasks.id, taskId), eq(tasks.status, 'leased'), eq(tasks.lease_owner, worker.id)))
    .returning({ lease_expires_at: tasks.lease_expires_at });
  if (extended) return { cancel: false, leaseExpiresAt: extended.lease_expires_at };
  const [task] = await db
    .select({ status: tasks.status, lease_owner: tasks.lease_owner })
    .from(tasks)
    .where(eq(tasks.id, taskId));
  if (task?.status === 'cancelled') return { cancel: true, leaseExpiresAt: null };
  throw leaseLost();
}

/** The task, locked, if this worker holds its lease; 409 otherwise. */
async function leasedTask(tx: Tx, worker: WorkerContext, taskId: string): Promise<Task> {
  const [task] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('update');
  if (task?.status === 'cancelled') throw taskCancelled();
  if (task?.status !== 'leased' || task.lease_owner !== worker.id) throw leaseLost();
  return task;
}

/**
 * Store one result batch. The same (task, attempt, seq) posted twice is stored once: the second
 * post answers `stored: false` and writes nothing.
 */
export async function storeResultBatch(
  db: Db,
  storage: FileStorage,
  worker: WorkerContext,
  taskId: string,
  batch: { seq: number; attempt?: number | undefined; items: unknown[] },
): Promise<{ stored: boolean }> {
  return db.transaction(async (tx) => {
    const task = await leasedTask(tx, worker, taskId);
    // A late batch of an attempt whose lease expired belongs to no attempt now, even when the
    // same worker holds the task again: storing it into the new attempt would mix two runs.
    if (batch.attempt !== undefined && batch.attempt !== task.attempts) throw leaseLost();
    const [fresh] = await tx
      .insert(taskResultBatches)
      .values({
        task_id: task.id,
        attempt: task.attempts,
        seq: batch.seq,
        worker_id: worker.id,
        item_count: batch.items.length,
      })
      .onConflictDoNothing()
      .returning({ seq: taskResultBatches.seq });
    if (!fresh) return { stored: false };
    const handler = taskKindHandler(task.kind);
    if (!handler) throw new Error(`no handler for task kind ${task.kind}`);
    const summary = await handler.ingest({ tx, task, storage }, batch.items);
    await tx
      .update(taskResultBatches)
      .set({ summary })
      .where(
        and(
          eq(taskResultBatches.task_id, task.id),
          eq(taskResultBatches.attempt, task.attempts),
          eq(taskResultBatches.seq, batch.seq),
        ),
      );
    return { stored: true };
  });
}

/** The worker finished the task: it is done and its kind records the outcome. */
export async function completeTask(
  db: Db,
  storage: FileStorage,
  worker: WorkerContext,
  taskId: string,
  stats: Record<string, unknown> = {},
): Promise<Task> {
  return db.transaction(async (tx) => {
    const task = await leasedTask(tx, worker, taskId);
    const [done] = await tx
      .update(tasks)
      .set({
        status: 'done',
        lease_owner: null,
        lease_expires_at: null,
        result: stats,
        finished_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(eq(tasks.id, task.id))
      .returning();
    await taskKindHandler(task.kind)?.complete({ tx, task: done!, storage }, stats);
    return done!;
  });
}

/** The worker gave up on the task: it fails for good (a worker error is not retried). */
export async function failTask(
  db: Db,
  storage: FileStorage,
  worker: WorkerContext,
  taskId: string,
  error: string,
): Promise<Task> {
  return db.transaction(async (tx) => {
    const task = await leasedTask(tx, worker, taskId);
    const [failed] = await tx
      .update(tasks)
      .set({
        status: 'failed',
        lease_owner: null,
        lease_expires_at: null,
        error,
        finished_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(eq(tasks.id, task.id))
      .returning();
    await taskKindHandler(task.kind)?.fail({ tx, task: failed!, storage }, error);
    return failed!;
  });
}

/** Cancel a queued or running task; its worker learns it on the next heartbeat. */
export async function cancelTask(db: Tx, taskId: string): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({
      status: 'cancelled',
      lease_owner: null,
      lease_expires_at: null,
      finished_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where(and(eq(tasks.id, taskId), sql`${tasks.status} in ('queued', 'leased')`))
    .returning({ id: tasks.id });
  return rows.length > 0;
}
