/**
 * The plan's asset limit applied to discovery results (issue 34 item 7), for every worker alike
 * (built-in or self-hosted: both post result batches to the same ingest).
 *
 * The rule, as the panel states it:
 * - a host the group already holds is always refreshed (it is counted already);
 * - a new host is stored while the workspace is under its plan's asset limit, in the order the
 *   worker reports them, the group's roots first within each batch;
 * - every other new host is "over the plan's limit": counted on the discovery's history entry,
 *   the first OVER_LIMIT_LISTED listed as `host:port`, and not stored.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { assertWithinLimit, getPlanLimits, planUsage } from '../billing/limits.js';
import { assets, enumerationHistories, workspaces } from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';

/** How many over-limit hosts a history entry lists (the count goes on past it). */
export const OVER_LIMIT_LISTED = 1000;

type Keyed = { host: string; port: number; is_root: boolean };

export type CapSplit<T> = {
  /** Hosts to upsert: those already held and the new ones within the limit. */
  keep: T[];
  /** New hosts past the limit. */
  over: T[];
  /** The plan's asset limit. */
  limit: number;
};

const keyOf = (item: { host: string; port: number }) => `${item.host.toLowerCase()}:${item.port}`;

/**
 * Split one result batch by the rule above. Locks the workspace row first (FOR UPDATE), so two
 * groups' batches stored at once cannot both take the last free place.
 * @example const { keep, over } = await splitByPlanCap(tx, task.workspace_id, groupId, items);
 */
export async function splitByPlanCap<T extends Keyed>(
  tx: Tx,
  workspaceId: string,
  groupId: string,
  items: readonly T[],
): Promise<CapSplit<T>> {
  await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
  const { limits, ownerId } = await getPlanLimits(tx, workspaceId);
  const limit = limits.assets;
  if (items.length === 0) return { keep: [], over: [], limit };
  const held = new Set(
    (
      await tx
        .select({ host: assets.host, port: assets.port })
        .from(assets)
        .where(
          and(
            eq(assets.group_id, groupId),
            inArray(assets.host, [...new Set(items.map((i) => i.host.toLowerCase()))]),
          ),
        )
    ).map(keyOf),
  );
  let free = Math.max(0, limit - (await planUsage(tx, workspaceId, 'assets', ownerId)));
  // Roots first, then as reported (a stable sort keeps the worker's order within each part).
  const ordered = [...items].sort((a, b) => Number(b.is_root) - Number(a.is_root));
  const keep: T[] = [];
  const over: T[] = [];
  for (const item of ordered) {
    if (held.has(keyOf(item))) keep.push(item);
    else if (free > 0) {
      keep.push(item);
      free--;
    } else over.push(item);
  }
  return { keep, over, limit };
}

/**
 * Record a batch's over-limit hosts on its history entry: the count, the plan's limit, and the
 * first hosts (each listed once; a batch sent again by a new attempt is not counted twice).
 */
export async function recordOverLimit(
  tx: Tx,
  historyId: string,
  over: readonly { host: string; port: number }[],
  limit: number,
): Promise<number> {
  if (over.length === 0) return 0;
  const [row] = await tx
    .select({ listed: enumerationHistories.over_limit_hosts, n: enumerationHistories.over_limit })
    .from(enumerationHistories)
    .where(eq(enumerationHistories.id, historyId))
    .for('update');
  if (!row) return 0;
  const listed = new Set(row.listed);
  let added = 0;
  for (const item of over) {
    const key = keyOf(item);
    if (listed.has(key)) continue;
    // Past the listed few a host cannot be told from one counted already: count it.
    if (listed.size < OVER_LIMIT_LISTED) listed.add(key);
    added++;
  }
  await tx
    .update(enumerationHistories)
    .set({
      over_limit: sql`${enumerationHistories.over_limit} + ${added}`,
      over_limit_hosts: [...listed],
      asset_limit: limit,
      updated_at: sql`now()`,
    })
    .where(eq(enumerationHistories.id, historyId));
  return added;
}

/**
 * Refuse a discovery that could store nothing: a workspace at its plan's asset limit may still
 * re-discover a group that holds assets (it refreshes them and lists what is new as over the
 * limit), but not start one of a group holding none (403 plan_limit, as before).
 */
export async function assertCanDiscover(tx: Tx, workspaceId: string, groupId: string): Promise<void> {
  const [row] = await tx.select({ n: count() }).from(assets).where(eq(assets.group_id, groupId));
  if ((row?.n ?? 0) > 0) return;
  await assertWithinLimit(tx, workspaceId, 'assets', 1);
}

/** The fields the enumeration status answers carry about the limit. */
export function planCapFields(history: { over_limit: number; asset_limit: number | null } | undefined) {
  return { over_limit: history?.over_limit ?? 0, asset_limit: history?.asset_limit ?? null };
}
