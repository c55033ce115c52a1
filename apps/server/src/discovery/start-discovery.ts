import type { DiscoveryPayload } from '@didban/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { assetGroups, enumerationHistories } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { cancelTask, enqueueTask } from '../queue/queue.js';

/**
 * Start a discovery of an asset group: an enumeration history entry ('running') and a
 * 'discovery' task built from the group's settings, routed to its worker group if it names one.
 * @example const { history, task } = await startDiscovery(db, group.id);
 */
export async function startDiscovery(db: Db, groupId: string, options: { maxAttempts?: number } = {}) {
  return db.transaction(async (tx) => {
    const [group] = await tx.select().from(assetGroups).where(eq(assetGroups.id, groupId));
    if (!group) throw notFound();
    const [history] = await tx
      .insert(enumerationHistories)
      .values({ workspace_id: group.workspace_id, group_id: group.id, status: 'running' })
      .returning();
    const payload: DiscoveryPayload = {
      group_id: group.id,
      history_id: history!.id,
      roots: group.roots,
      auto_discovery: group.auto_discovery,
      scope: { include: group.scope_include, exclude: group.scope_exclude },
      ports: group.port_setting === 'custom' ? (group.custom_ports ?? '') : group.port_setting,
    };
    const task = await enqueueTask(tx, {
      kind: 'discovery',
      payload,
      workspaceId: group.workspace_id,
      workerGroupId: group.worker_group_id,
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    });
    const [linked] = await tx
      .update(enumerationHistories)
      .set({ task_id: task.id })
      .where(eq(enumerationHistories.id, history!.id))
      .returning();
    await tx
      .update(assetGroups)
      .set({ status: 'running', updated_at: sql`now()` })
      .where(eq(assetGroups.id, group.id));
    return { history: linked!, task };
  });
}

/**
 * Cancel a running enumeration of a workspace: its task is cancelled (the worker stops on its
 * next heartbeat) and the history and group say 'cancelled'. An id of another workspace is 404.
 */
export async function cancelEnumeration(db: Db, workspaceId: string, historyId: string) {
  return db.transaction(async (tx) => {
    const [history] = await tx
      .select()
      .from(enumerationHistories)
      .where(and(eq(enumerationHistories.id, historyId), eq(enumerationHistories.workspace_id, workspaceId)));
    if (!history) throw notFound();
    if (history.status !== 'running') return history;
    if (history.task_id) await cancelTask(tx, history.task_id);
    const [cancelled] = await tx
      .update(enumerationHistories)
      .set({
        status: 'cancelled',
        completed_at: sql`now()`,
        duration: sql`extract(epoch from now() - ${enumerationHistories.started_at})`,
        updated_at: sql`now()`,
      })
      .where(eq(enumerationHistories.id, history.id))
      .returning();
    await tx
      .update(assetGroups)
      .set({ status: 'cancelled', updated_at: sql`now()` })
      .where(eq(assetGroups.id, history.group_id));
    return cancelled!;
  });
}
