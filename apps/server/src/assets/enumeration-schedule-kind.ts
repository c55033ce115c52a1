/**
 * The 'enumeration' schedule kind: when a group's slot comes, its discovery starts — unless one is
 * still running, in which case this slot is skipped rather than stacking a second run, or the
 * workspace is at its plan's asset limit and the group holds no asset (discovery/plan-cap.ts).
 */

import type { Db } from '../db/database.js';
import { assertCanDiscover } from '../discovery/plan-cap.js';
import { startDiscovery } from '../discovery/start-discovery.js';
import { registerScheduleKind } from '../scheduler/scheduler.js';
import { runningHistory } from './groups.js';
import { ENUMERATION_SCHEDULE_KIND } from './schedule-kind-name.js';

registerScheduleKind(ENUMERATION_SCHEDULE_KIND, async (tx, schedule) => {
  if (await runningHistory(tx, schedule.subject_id)) return;
  // At the plan's asset limit a group holding no asset cannot be discovered: the slot is reported
  // as failed (logged) and the schedule moves on. A group holding assets is re-discovered.
  await assertCanDiscover(tx, schedule.workspace_id, schedule.subject_id);
  await startDiscovery(tx as Db, schedule.subject_id);
});
