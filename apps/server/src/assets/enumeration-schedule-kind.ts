/**
 * The 'enumeration' schedule kind: when a group's slot comes, its discovery starts — unless one is
 * still running, in which case this slot is skipped rather than stacking a second run.
 */

import type { Db } from '../db/database.js';
import { startDiscovery } from '../discovery/start-discovery.js';
import { registerScheduleKind } from '../scheduler/scheduler.js';
import { runningHistory } from './groups.js';
import { ENUMERATION_SCHEDULE_KIND } from './schedule-kind-name.js';

registerScheduleKind(ENUMERATION_SCHEDULE_KIND, async (tx, schedule) => {
  if (await runningHistory(tx, schedule.subject_id)) return;
  await startDiscovery(tx as Db, schedule.subject_id);
});
