/**
 * Events → rules. Each unprocessed event is matched against its workspace's enabled rules
 * (trigger, severity, asset group, certificate days) and parked in alert_pending for each rule
 * that wants it; the flush step then sends what each rule holds when its throttle or digest lets it.
 */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { alertEvents, alertPending, alertRules } from '../db/schema.js';
import { SEVERITY_RANK } from '../scans/severity-rank.js';

type EventRow = typeof alertEvents.$inferSelect;
type RuleRow = typeof alertRules.$inferSelect;

const FINDING_TRIGGERS = ['finding_new', 'finding_reopened'];

/** Whether a rule wants an event. @example ruleMatches(rule, { kind: 'asset_new', group_ids: [g], data }) */
export function ruleMatches(rule: RuleRow, event: Pick<EventRow, 'kind' | 'group_ids' | 'data'>): boolean {
  if (!rule.enabled) return false;
  const wantsKind =
    event.kind === 'finding_fixed'
      ? rule.triggers.some((t) => FINDING_TRIGGERS.includes(t))
      : rule.triggers.includes(event.kind);
  if (!wantsKind) return false;
  if (event.kind === 'finding_new' || event.kind === 'finding_reopened') {
    const rank = Number(event.data.severity_rank ?? 0);
    if (rank < (SEVERITY_RANK[rule.min_severity as keyof typeof SEVERITY_RANK] ?? 0)) return false;
  }
  if (event.kind === 'certificate_expiring' && event.data.rule_id !== rule.id) return false;
  if (event.kind === 'worker_offline' || rule.asset_group_ids.length === 0) return true;
  return event.group_ids.some((g) => rule.asset_group_ids.includes(g));
}

/**
 * Match every unprocessed event, a batch per transaction, until none is left (so one change's
 * events are all parked before any rule is flushed). Returns how many events were matched.
 */
export async function matchPendingEvents(db: Db, batch = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const events = await tx
        .select()
        .from(alertEvents)
        .where(isNull(alertEvents.processed_at))
        .orderBy(alertEvents.created_at)
        .limit(batch)
        .for('update', { skipLocked: true });
      if (events.length === 0) return 0;
      const workspaces = [...new Set(events.map((e) => e.workspace_id))];
      const rules = await tx
        .select()
        .from(alertRules)
        .where(and(inArray(alertRules.workspace_id, workspaces), sql`${alertRules.enabled}`));
      const pending: { rule_id: string; event_id: string }[] = [];
      for (const event of events)
        for (const rule of rules)
          if (rule.workspace_id === event.workspace_id && ruleMatches(rule, event))
            pending.push({ rule_id: rule.id, event_id: event.id });
      for (let i = 0; i < pending.length; i += 1000)
        await tx
          .insert(alertPending)
          .values(pending.slice(i, i + 1000))
          .onConflictDoNothing();
      await tx
        .update(alertEvents)
        .set({ processed_at: sql`now()` })
        .where(
          inArray(
            alertEvents.id,
            events.map((e) => e.id),
          ),
        );
      return events.length;
    });
    total += n;
    if (n < batch) return total;
  }
}
