/**
 * Asset groups of a workspace: presentation in the spec §3 shape, validation with the §5
 * messages, creation (which starts the first discovery) and deletion.
 */
import {
  type AssetGroup,
  type AssetGroupPatchInput,
  type AssetGroupWriteInput,
  type Lang,
  targetMessage,
  translate,
  validateAssetGroupForm,
  validateRoots,
} from '@didban/core';
import type { ScopePolicy } from '@didban/engine/scope';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { groupAssetCounts } from '../counters/counters.js';
import type { Db } from '../db/database.js';
import { assetGroups, enumerationHistories, schedules, workerGroups } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import { cancelTask } from '../queue/queue.js';
import type { Tx } from '../queue/task-kinds.js';
import { ENUMERATION_SCHEDULE_KIND } from './schedule-kind-name.js';

type GroupRow = typeof assetGroups.$inferSelect;
type ScheduleRow = typeof schedules.$inferSelect;

/** The group's discovery settings as the database stores them. */
export type GroupColumns = Pick<
  GroupRow,
  'name' | 'roots' | 'scope_include' | 'scope_exclude' | 'port_setting' | 'custom_ports' | 'auto_discovery'
> & { worker_group_id: string | null };

/** A 400 whose per-field messages come from the shared target rules, in the caller's language. */
export class GroupValidationError extends Error {
  constructor(readonly errors: Record<string, { en: string; fa: string }[]>) {
    super('asset group invalid');
  }
  body(lang: Lang) {
    return {
      message: translate('errors.validation', lang),
      code: 'validation',
      errors: Object.fromEntries(
        Object.entries(this.errors).map(([field, list]) => [field, list.map((m) => m[lang])]),
      ),
    };
  }
}

/**
 * The stored columns for a create body or a patch over an existing group; throws
 * {@link GroupValidationError} with the §5 messages when the result is not valid.
 */
export function groupColumns(
  input: AssetGroupWriteInput | AssetGroupPatchInput,
  current?: GroupRow,
): GroupColumns {
  const merged = {
    name: input.name ?? current?.name ?? '',
    roots: input.roots ?? current?.roots ?? '',
    port_setting: input.port_setting ?? current?.port_setting ?? 'top-100',
    custom_ports: input.custom_ports !== undefined ? input.custom_ports : (current?.custom_ports ?? null),
  };
  const errors = validateAssetGroupForm(merged);
  if (Object.keys(errors).length) throw new GroupValidationError(errors);
  const roots = validateRoots(merged.roots);
  if (!roots.ok) throw new GroupValidationError({ roots: roots.errors });
  return {
    name: merged.name.trim(),
    roots: roots.value.map((t) => t.value),
    scope_include: (input.scope_include ?? current?.scope_include ?? []).map((s) => s.trim().toLowerCase()),
    scope_exclude: (input.scope_exclude ?? current?.scope_exclude ?? []).map((s) => s.trim().toLowerCase()),
    port_setting: merged.port_setting,
    custom_ports: merged.port_setting === 'custom' ? (merged.custom_ports ?? '').trim() : null,
    auto_discovery: input.auto_discovery ?? current?.auto_discovery ?? true,
    worker_group_id:
      input.worker_group !== undefined ? input.worker_group : (current?.worker_group_id ?? null),
  };
}

/**
 * Roots the built-in worker would refuse (loopback, private, reserved… unless the operator opened
 * them), refused when the group is saved, one message per root. Only for groups the built-in
 * worker may scan: a group bound to a worker group runs on the tenant's own workers, made for
 * internal networks.
 */
export function assertRootsInScope(columns: GroupColumns, policy: ScopePolicy | undefined): void {
  if (!policy || columns.worker_group_id) return;
  const refused = columns.roots.filter((root) => policy.checkTarget(root) !== null);
  if (refused.length)
    throw new GroupValidationError({
      roots: refused.map((entry) => targetMessage('asset_group.root_out_of_scope', { entry })),
    });
}

/** A worker group named by a body must be the workspace's own. */
export async function assertWorkerGroup(db: Tx, workspaceId: string, workerGroupId: string | null) {
  if (!workerGroupId) return;
  const [found] = await db
    .select({ id: workerGroups.id })
    .from(workerGroups)
    .where(and(eq(workerGroups.id, workerGroupId), eq(workerGroups.workspace_id, workspaceId)));
  if (!found) {
    throw new HttpError(
      400,
      'worker_group_unknown',
      'assets.worker_group_unknown',
      {},
      {
        worker_group: ['assets.worker_group_unknown'],
      },
    );
  }
}

/** A group of the workspace, or 404 (another workspace's ids and malformed ids alike). */
export async function findGroup(db: Tx, workspaceId: string, groupId: string): Promise<GroupRow> {
  if (!/^[0-9a-f-]{36}$/i.test(groupId)) throw notFound();
  const [group] = await db
    .select()
    .from(assetGroups)
    .where(and(eq(assetGroups.id, groupId), eq(assetGroups.workspace_id, workspaceId)));
  if (!group) throw notFound();
  return group;
}

/** Groups in the spec §3 shape, with asset counts, latest duration and schedule, in one round of queries. */
export async function presentGroups(db: Tx, rows: GroupRow[]): Promise<AssetGroup[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const countOf = await groupAssetCounts(db, ids);
  const durations = await db
    .selectDistinctOn([enumerationHistories.group_id], {
      group: enumerationHistories.group_id,
      duration: enumerationHistories.duration,
    })
    .from(enumerationHistories)
    .where(and(inArray(enumerationHistories.group_id, ids), eq(enumerationHistories.status, 'finished')))
    .orderBy(enumerationHistories.group_id, desc(enumerationHistories.completed_at));
  const plans = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.kind, ENUMERATION_SCHEDULE_KIND), inArray(schedules.subject_id, ids)));
  const durationOf = new Map(durations.map((d) => [d.group, d.duration]));
  const planOf = new Map<string, ScheduleRow>(plans.map((p) => [p.subject_id, p]));
  return rows.map((row) => {
    const plan = planOf.get(row.id);
    return {
      id: row.id,
      name: row.name,
      roots: row.roots,
      scope: { include: row.scope_include, exclude: row.scope_exclude },
      port_setting: row.port_setting,
      custom_ports: row.custom_ports,
      auto_discovery: row.auto_discovery,
      worker_group: row.worker_group_id,
      scan_frequency: (plan?.frequency ?? 'none') as AssetGroup['scan_frequency'],
      custom_weekdays: plan?.weekdays ?? [],
      start_time: plan?.start_time?.toISOString() ?? null,
      asset_count: countOf.get(row.id) ?? 0,
      duration: durationOf.get(row.id) ?? null,
      status: row.status,
      last_updated: row.updated_at.toISOString(),
      created_at: row.created_at.toISOString(),
      // One enumeration per group: its id is the group's.
      enumeration: { enumeration_id: row.id },
    };
  });
}

/** Delete a group: its running discovery tasks are cancelled, its schedule dropped, rows cascade. */
export async function deleteGroup(db: Db, workspaceId: string, groupId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await findGroup(tx, workspaceId, groupId);
    const running = await tx
      .select({ task: enumerationHistories.task_id })
      .from(enumerationHistories)
      .where(and(eq(enumerationHistories.group_id, group.id), eq(enumerationHistories.status, 'running')));
    for (const r of running) if (r.task) await cancelTask(tx, r.task);
    await tx
      .delete(schedules)
      .where(and(eq(schedules.kind, ENUMERATION_SCHEDULE_KIND), eq(schedules.subject_id, group.id)));
    await tx.delete(assetGroups).where(eq(assetGroups.id, group.id));
  });
}

/** Is a discovery of the group running now? */
export async function runningHistory(db: Tx, groupId: string) {
  const [row] = await db
    .select()
    .from(enumerationHistories)
    .where(and(eq(enumerationHistories.group_id, groupId), eq(enumerationHistories.status, 'running')))
    .orderBy(desc(enumerationHistories.started_at))
    .limit(1);
  return row ?? null;
}
