/**
 * The home page's SLA counts (issue 32): open findings overdue, due within 7 days (the overdue
 * included, as the lists' "due within N days" filter counts them, so a count and the Findings page
 * it opens agree), and the caller's.
 */
import type { FindingSummary } from '@didban/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../queue/task-kinds.js';

export async function findingSummary(db: Tx, workspaceId: string, userId: string): Promise<FindingSummary> {
  // Each count reads a partial index of open findings (migration 0025), not the whole table.
  const result = await db.execute(sql`
    select
      (select count(*)::int from vulnerabilities where workspace_id = ${workspaceId}::uuid
        and status in ('open', 'in_progress') and due_at is not null and due_at < now()) as overdue,
      (select count(*)::int from vulnerabilities where workspace_id = ${workspaceId}::uuid
        and status in ('open', 'in_progress') and due_at is not null
        and due_at < now() + interval '7 days') as due_7d,
      (select count(*)::int from vulnerabilities where workspace_id = ${workspaceId}::uuid
        and assignee_id = ${userId}::uuid and status in ('open', 'in_progress')) as assigned_to_me`);
  const row = (result as unknown as { rows: FindingSummary[] }).rows[0]!;
  return {
    overdue: Number(row.overdue),
    due_7d: Number(row.due_7d),
    assigned_to_me: Number(row.assigned_to_me),
  };
}
