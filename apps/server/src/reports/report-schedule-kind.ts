/**
 * The 'report' kind of the generic scheduler: when a weekly or monthly slot comes, a workspace
 * report of the period just ended is queued; the report loop builds it and mails it through the
 * schedule's email channel.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { reportSchedules } from '../db/schema.js';
import { registerScheduleKind } from '../scheduler/scheduler.js';
import { queueReport } from './report-request.js';

export const REPORT_SCHEDULE_KIND = 'report';

registerScheduleKind(REPORT_SCHEDULE_KIND, async (tx, schedule) => {
  const [s] = await tx.select().from(reportSchedules).where(eq(reportSchedules.id, schedule.subject_id));
  if (!s) return;
  const until = schedule.next_run_at ?? new Date();
  const since = new Date(until);
  if (s.cadence === 'weekly') since.setUTCDate(since.getUTCDate() - 7);
  else since.setUTCMonth(since.getUTCMonth() - 1);
  await queueReport(
    tx as Db,
    s.workspace_id,
    null,
    {
      since: since.toISOString(),
      until: until.toISOString(),
      format: s.format,
      lang: s.lang,
      preset: s.preset,
    },
    s.id,
  );
});
