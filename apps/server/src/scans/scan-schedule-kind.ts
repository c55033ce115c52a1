/**
 * The 'scan' schedule kind: when a scan's slot comes, a run starts — unless one is still going
 * (the slot is skipped rather than stacking runs) or the workspace has used its plan's scans this
 * month (the slot is reported as failed and the schedule moves on).
 */
import { and, eq } from 'drizzle-orm';
import { assertWithinLimit } from '../billing/limits.js';
import { scans } from '../db/schema.js';
import { registerScheduleKind } from '../scheduler/scheduler.js';
import { activeHistory } from './scan-store.js';
import { SCAN_SCHEDULE_KIND } from './schedule-kind-name.js';
import { startScanRun } from './start-scan-run.js';

registerScheduleKind(SCAN_SCHEDULE_KIND, async (tx, schedule) => {
  const [scan] = await tx
    .select()
    .from(scans)
    .where(and(eq(scans.id, schedule.subject_id), eq(scans.workspace_id, schedule.workspace_id)));
  if (!scan) return;
  if (await activeHistory(tx, scan.id)) return;
  await assertWithinLimit(tx, scan.workspace_id, 'scans', 1);
  await startScanRun(tx, scan, 'schedule', null);
});
