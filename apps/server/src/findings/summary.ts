/**
 * The home page's SLA counts (issue 32): open findings overdue, due within 7 days (the overdue
 * included, as the lists' "due within N days" filter counts them, so a count and the Findings page
 * it opens agree), and the caller's.
 */
import type { FindingSummary } from '@didban/core';
import { sql } from 'drizzle-orm';
import { openDueCount } from '../counters/counters.js';
import type { Tx } from '../queue/task-kinds.js';

export async function findingSummary(db: Tx, workspaceId: string, userId: string): Promise<FindingSummary> {
  // Overdue and due within 7 days from the due-day counters (migration 0034); the caller's own from
  // the assignee index.
  const [overdue, due7d, mine] = await Promise.all([
    openDueCount(db, workspaceId, { days: 0 }),
    openDueCount(db, workspaceId, { days: 7 }),
    db.execute(sql`select count(*)::int as n from vulnerabilities where workspace_id = ${workspaceId}::uuid
        and assignee_id = ${userId}::uuid and status in ('open', 'in_progress')`),
  ]);
  return {
    overdue,
    due_7d: due7d,
    assigned_to_me: Number((mine as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0),
  };
}
