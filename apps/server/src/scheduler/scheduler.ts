/**
 * The generic scheduler: rows of `schedules` whose `next_run_at` has come are claimed with
 * FOR UPDATE SKIP LOCKED, run by their kind's handler and advanced in the same transaction. Two
 * servers on one PostgreSQL never claim the same row at once, and the slot has moved on before
 * the lock is released, so each slot runs exactly once. A slot missed while every server was down
 * runs once on start-up and the schedule continues from the next future slot. Enumeration
 * schedules are one kind ('enumeration'); scan schedules register theirs.
 */
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { schedules } from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';
import { type Frequency, nextRunAfter } from './next-run.js';

export type ScheduleRow = typeof schedules.$inferSelect;
export type ScheduleHandler = (tx: Tx, schedule: ScheduleRow) => Promise<void>;

const handlers = new Map<string, ScheduleHandler>();

/** Register what a kind does when its slot comes (once, at import time). */
export function registerScheduleKind(kind: string, handler: ScheduleHandler): void {
  handlers.set(kind, handler);
}

export const planOf = (row: Pick<ScheduleRow, 'frequency' | 'weekdays' | 'start_time'>) => ({
  frequency: row.frequency as Frequency,
  weekdays: row.weekdays,
  start: row.start_time,
});

export type RunReport = { id: string; kind: string; slot: Date; error: string | null };

/**
 * Run every schedule that is due at `now`, one claimed row per transaction. A handler that throws
 * is reported and its slot still advances (its effects roll back to the savepoint).
 * @example const ran = await runDueSchedules(db); // [{ id, kind: 'enumeration', slot, error: null }]
 */
export async function runDueSchedules(db: Db, now: Date = new Date(), max = 100): Promise<RunReport[]> {
  const ran: RunReport[] = [];
  for (let i = 0; i < max; i++) {
    const report = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(schedules)
        .where(and(isNotNull(schedules.next_run_at), lte(schedules.next_run_at, now)))
        .orderBy(asc(schedules.next_run_at))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      const slot = row.next_run_at!;
      let error: string | null = null;
      const handler = handlers.get(row.kind);
      try {
        if (!handler) throw new Error(`no schedule handler for kind ${row.kind}`);
        await tx.transaction((inner) => handler(inner, row));
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      await tx
        .update(schedules)
        .set({
          last_run_at: slot,
          next_run_at: nextRunAfter(planOf(row), now > slot ? now : slot),
          run_count: sql`${schedules.run_count} + 1`,
          updated_at: sql`now()`,
        })
        .where(eq(schedules.id, row.id));
      return { id: row.id, kind: row.kind, slot, error };
    });
    if (!report) break;
    ran.push(report);
  }
  return ran;
}

/**
 * Tick every `intervalMs` (and once at once) until stopped; errors are logged, never thrown.
 * @example const stop = startScheduler(db, { intervalMs: 5000, log }); … stop();
 */
export function startScheduler(
  db: Db,
  options: { intervalMs?: number; log?: (msg: string, extra?: object) => void } = {},
): () => void {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = runDueSchedules(db)
      .then((ran) => {
        for (const r of ran) if (r.error) options.log?.('scheduled run failed', r);
      })
      .catch((e) => options.log?.('scheduler tick failed', { error: String(e) }));
  };
  tick();
  const timer = setInterval(tick, options.intervalMs ?? 5000);
  timer.unref?.();
  return () => {
    stopped = true;
    clearInterval(timer);
    void running;
  };
}
