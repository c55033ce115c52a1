/**
 * Triage writes (issue 32), set-based so one finding and "all 10,000 matching" take the same
 * path: one UPDATE over the selection, its history rows written by the same statement. The
 * severity × status counters follow by their triggers (migration 0019), so they stay exact.
 */
import { type SQL, sql } from 'drizzle-orm';
import { vulnerabilities as v } from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';
import { type Actor, statusHistoryAppend } from './history.js';
import type { StatusChange } from './triage-rules.js';

type Changed = { id: string; template_name: string; host: string; group_id: string | null };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Set a status on the selected findings of a workspace. Findings already in that status are left
 * alone, except an accepted risk given again (a new reason or end date is a change).
 * Returns the findings changed.
 */
export async function changeStatus(
  tx: Tx,
  workspaceId: string,
  selection: SQL,
  change: StatusChange,
  actor: Actor,
): Promise<Changed[]> {
  const { status, reason } = change;
  const until = change.accepted_until?.toISOString() ?? null;
  const again = status === 'accepted_risk';
  const result = await tx.execute(sql`
    with target as (
      select ${v.id} as id, ${v.status} as old_status from ${v}
      where ${v.workspace_id} = ${workspaceId}::uuid and (${selection})
        and (${v.status} <> ${status}::text or ${again}::boolean)
      for update
    ), changed as (
      update ${v} set
        "status" = ${status}::text,
        "status_reason" = ${reason}::text,
        "accepted_until" = ${until}::timestamptz,
        "fixed_at" = case when ${status}::text = 'fixed' then now() else null end,
        "status_history" = ${statusHistoryAppend(status, actor?.username ?? null)},
        "updated_at" = now()
      from target where ${v.id} = target.id
      returning ${v.id} as id, target.old_status, ${v.template_name} as template_name, ${v.host} as host, ${v.asset_id} as asset_id
    ), events as (
      insert into finding_events (workspace_id, vulnerability_id, kind, actor_id, actor_name, data)
      select ${workspaceId}::uuid, id, 'status', ${actor?.id ?? null}::uuid, ${actor?.username ?? null}::text,
        jsonb_strip_nulls(jsonb_build_object('from', old_status, 'to', ${status}::text, 'reason', ${reason}::text, 'accepted_until', ${until}::text))
      from changed
    )
    select c.id, c.template_name, c.host, a.group_id from changed c left join assets a on a.id = c.asset_id`);
  return rowsOf<Changed>(result);
}

/** Assign the selected findings to a member (or to nobody). Returns the findings changed. */
export async function changeAssignee(
  tx: Tx,
  workspaceId: string,
  selection: SQL,
  assignee: { id: string; username: string } | null,
  actor: Actor,
): Promise<Changed[]> {
  const to = assignee?.id ?? null;
  const result = await tx.execute(sql`
    with target as (
      select ${v.id} as id, ${v.assignee_id} as old_assignee from ${v}
      where ${v.workspace_id} = ${workspaceId}::uuid and (${selection})
        and ${v.assignee_id} is distinct from ${to}::uuid
      for update
    ), changed as (
      update ${v} set "assignee_id" = ${to}::uuid, "updated_at" = now()
      from target where ${v.id} = target.id
      returning ${v.id} as id, target.old_assignee, ${v.template_name} as template_name, ${v.host} as host, ${v.asset_id} as asset_id
    ), events as (
      insert into finding_events (workspace_id, vulnerability_id, kind, actor_id, actor_name, data)
      select ${workspaceId}::uuid, c.id, 'assignee', ${actor?.id ?? null}::uuid, ${actor?.username ?? null}::text,
        jsonb_build_object('from', (select u.username from users u where u.id = c.old_assignee), 'to', ${assignee?.username ?? null}::text)
      from changed c
    )
    select c.id, c.template_name, c.host, a.group_id from changed c left join assets a on a.id = c.asset_id`);
  return rowsOf<Changed>(result);
}

/**
 * Set one finding's due date by hand, or (null) give it back to the SLA: first seen + the
 * workspace's days for its severity. Returns whether it changed.
 */
export async function changeDueDate(
  tx: Tx,
  workspaceId: string,
  id: string,
  due: Date | null,
  actor: Actor,
): Promise<boolean> {
  const to = due?.toISOString() ?? null;
  const newDue =
    to === null
      ? sql`${v.first_seen_at} + make_interval(days => didban_sla_days(${v.workspace_id}, ${v.severity_rank}))`
      : sql`${to}::timestamptz`;
  const result = await tx.execute(sql`
    with target as (
      select ${v.id} as id, ${v.due_at} as old_due from ${v}
      where ${v.workspace_id} = ${workspaceId}::uuid and ${v.id} = ${id}::uuid for update
    ), changed as (
      update ${v} set "due_at" = ${newDue}, "due_at_manual" = ${to !== null}::boolean,
        "sla_breach_notified_at" = null, "updated_at" = now()
      from target where ${v.id} = target.id and ${v.due_at} is distinct from ${newDue}
      returning ${v.id} as id, target.old_due, ${v.due_at} as new_due
    )
    insert into finding_events (workspace_id, vulnerability_id, kind, actor_id, actor_name, data)
    select ${workspaceId}::uuid, id, 'due_date', ${actor?.id ?? null}::uuid, ${actor?.username ?? null}::text,
      jsonb_build_object('from', old_due, 'to', new_due, 'manual', ${to !== null}::boolean)
    from changed returning vulnerability_id`);
  return rowsOf<unknown>(result).length > 0;
}
