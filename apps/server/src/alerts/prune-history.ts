/**
 * Retention of the alert history (DIDBAN_ALERTS_RETENTION_DAYS): matched events and finished
 * deliveries (with their done/failed queue tasks) older than the retention are deleted, a chunk
 * at a time so a large backlog never holds long locks. Kept whatever their age: events not yet
 * matched, deliveries still queued or retrying, and once-only events (a `subject_key`: a
 * certificate's warning, a worker's silence), which are what stops the same warning being sent
 * again.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { ALERT_TASK_KIND } from './delivery-queue.js';

const CHUNK = 5000;

export type Pruned = { events: number; deliveries: number; tasks: number };

/** Delete in chunks until a statement removes fewer rows than a chunk. */
async function inChunks(db: Db, statement: () => ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const result = (await db.execute(statement())) as unknown as { rows: unknown[] };
    total += result.rows.length;
    if (result.rows.length < CHUNK) return total;
  }
}

/** @example await pruneAlertHistory(db, 90) // → { events: 1200, deliveries: 40, tasks: 40 } */
export async function pruneAlertHistory(db: Db, retentionDays: number): Promise<Pruned> {
  const cutoff = sql`now() - make_interval(days => ${retentionDays})`;
  const events = await inChunks(
    db,
    () => sql`delete from alert_events where id in (
      select id from alert_events
      where processed_at is not null and subject_key is null and created_at < ${cutoff}
      limit ${CHUNK})
    returning id`,
  );
  const tasks = await inChunks(
    db,
    () => sql`delete from tasks where id in (
      select t.id from tasks t join alert_deliveries d on d.task_id = t.id
      where t.kind = ${ALERT_TASK_KIND} and t.status in ('done', 'failed')
        and d.status in ('delivered', 'failed') and d.created_at < ${cutoff}
      limit ${CHUNK})
    returning id`,
  );
  const deliveries = await inChunks(
    db,
    () => sql`delete from alert_deliveries where id in (
      select id from alert_deliveries
      where status in ('delivered', 'failed') and created_at < ${cutoff}
      limit ${CHUNK})
    returning id`,
  );
  // Past mail-cap windows (alert-loop's hourly cap) are of no use once over; a day is ample.
  await db.execute(sql`delete from alert_mail_windows where window_start < now() - interval '1 day'`);
  return { events, deliveries, tasks };
}
