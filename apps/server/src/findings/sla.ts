/**
 * SLA settings of a workspace (issue 32): days to fix per severity. Saving them moves the due
 * date of every finding that follows the SLA (not those set by hand); the trigger of migration
 * 0025 gives new findings theirs.
 */
import { SLA_DEFAULTS, type SlaSettings } from '@didban/core';
import { eq, sql } from 'drizzle-orm';
import { findingSlaSettings, vulnerabilities } from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';

export async function readSla(db: Tx, workspaceId: string): Promise<SlaSettings> {
  const [row] = await db
    .select()
    .from(findingSlaSettings)
    .where(eq(findingSlaSettings.workspace_id, workspaceId));
  if (!row) return { ...SLA_DEFAULTS };
  return {
    critical: row.critical_days,
    high: row.high_days,
    medium: row.medium_days,
    low: row.low_days,
    info: row.info_days,
  };
}

export async function saveSla(tx: Tx, workspaceId: string, s: SlaSettings): Promise<SlaSettings> {
  const values = {
    critical_days: s.critical,
    high_days: s.high,
    medium_days: s.medium,
    low_days: s.low,
    info_days: s.info,
    updated_at: sql`now()`,
  };
  await tx
    .insert(findingSlaSettings)
    .values({ workspace_id: workspaceId, ...values })
    .onConflictDoUpdate({ target: findingSlaSettings.workspace_id, set: values });
  // Only rows whose date moves are written (each write costs its counters' triggers).
  const due = sql`${vulnerabilities.first_seen_at} + make_interval(days => didban_sla_days(${vulnerabilities.workspace_id}, ${vulnerabilities.severity_rank}))`;
  await tx.execute(sql`
    update ${vulnerabilities} set "due_at" = ${due}, "sla_breach_notified_at" = null
    where ${vulnerabilities.workspace_id} = ${workspaceId}::uuid and not ${vulnerabilities.due_at_manual}
      and ${vulnerabilities.due_at} is distinct from ${due}`);
  return readSla(tx, workspaceId);
}
