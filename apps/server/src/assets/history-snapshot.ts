/**
 * When a discovery finishes: keep the inventory as it was (a snapshot per history) and write each
 * asset's changelog against the group's previous finished history — appeared, changed fields,
 * disappeared. `new_assets` becomes the net change in the group's size, so it can be negative
 * (spec §3).
 */
import type { Asset } from '@didban/core';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { assetChangeEvents } from '../alerts/asset-change-events.js';
import { recordAlertEvents } from '../alerts/record-events.js';
import { assetChanges, assetSnapshots, assets, enumerationHistories } from '../db/schema.js';
import type { FieldChange } from '../db/tables/asset-history.js';
import { presentAsset } from '../discovery/present-asset.js';
import type { Tx } from '../queue/task-kinds.js';

/** Fields whose change is a changelog entry (ids, counters and timestamps are not). */
export const TRACKED_FIELDS = [
  'ip',
  'is_root',
  'status',
  'title',
  'cname',
  'content_length',
  'technologies',
] as const;

const techText = (a: Asset) =>
  a.technologies.map((t) => (t.version ? `${t.platform.name} (${t.version})` : t.platform.name)).sort();

/**
 * The tracked fields that differ between two states of an asset; technologies compare as
 * 'name (version)' lists so icon or description updates are not reported as changes.
 * @example diffAsset(before, { ...before, status: '500' }) // [{ field: 'status', from: '200', to: '500' }]
 */
export function diffAsset(before: Asset, after: Asset): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of TRACKED_FIELDS) {
    const from = field === 'technologies' ? techText(before) : before[field];
    const to = field === 'technologies' ? techText(after) : after[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes.push({ field, from, to });
  }
  return changes;
}

export type SnapshotSummary = {
  total: number;
  appeared: number;
  changed: number;
  disappeared: number;
  /** Whether an earlier finished history of the group was compared against. */
  previous: boolean;
};

/** Record the snapshot and changelog of a finished history (inside the finishing transaction). */
export async function recordHistorySnapshot(tx: Tx, historyId: string): Promise<SnapshotSummary> {
  const [history] = await tx
    .select()
    .from(enumerationHistories)
    .where(eq(enumerationHistories.id, historyId));
  if (!history) return { total: 0, appeared: 0, changed: 0, disappeared: 0, previous: false };
  const seen = await tx
    .select()
    .from(assets)
    .where(and(eq(assets.group_id, history.group_id), eq(assets.enumeration_history_id, history.id)));
  const [previous] = await tx
    .select({ id: enumerationHistories.id })
    .from(enumerationHistories)
    .where(
      and(
        eq(enumerationHistories.group_id, history.group_id),
        eq(enumerationHistories.status, 'finished'),
        ne(enumerationHistories.id, history.id),
        sql`${enumerationHistories.completed_at} is not null`,
      ),
    )
    .orderBy(desc(enumerationHistories.completed_at))
    .limit(1);
  const before = new Map<string, Asset>();
  if (previous) {
    const rows = await tx
      .select({ asset_id: assetSnapshots.asset_id, data: assetSnapshots.data })
      .from(assetSnapshots)
      .where(eq(assetSnapshots.history_id, previous.id));
    for (const r of rows) before.set(r.asset_id, r.data);
  }
  const now = seen.map((row) => ({ row, data: { ...presentAsset(row), enumeration_history: history.id } }));
  // Chunked so a large group stays under PostgreSQL's parameter limit.
  for (let i = 0; i < now.length; i += 500) {
    await tx
      .insert(assetSnapshots)
      .values(
        now.slice(i, i + 500).map(({ row, data }) => ({
          history_id: history.id,
          asset_id: row.id,
          workspace_id: row.workspace_id,
          group_id: row.group_id,
          host: row.host,
          port: row.port,
          data,
        })),
      )
      .onConflictDoNothing();
  }
  const entries: (typeof assetChanges.$inferInsert)[] = [];
  let appeared = 0;
  let changed = 0;
  for (const { row, data } of now) {
    const prior = before.get(row.id);
    if (!prior) {
      appeared++;
      entries.push({
        asset_id: row.id,
        workspace_id: row.workspace_id,
        history_id: history.id,
        kind: 'appeared',
      });
      continue;
    }
    before.delete(row.id);
    const changes = diffAsset(prior, data);
    if (changes.length) {
      changed++;
      entries.push({
        asset_id: row.id,
        workspace_id: row.workspace_id,
        history_id: history.id,
        kind: 'changed',
        changes,
      });
    }
  }
  // What the previous run saw and this one did not: gone (if the asset row still exists).
  const gone = [...before.keys()];
  let disappeared = 0;
  if (gone.length) {
    const existing = await tx
      .select({ id: assets.id, workspace_id: assets.workspace_id })
      .from(assets)
      .where(
        and(
          eq(assets.group_id, history.group_id),
          sql`${assets.id} in (${sql.join(
            gone.map((g) => sql`${g}`),
            sql`, `,
          )})`,
        ),
      );
    // Kept for its changelog and findings, but out of the live inventory until seen again
    // (ingest clears it); an asset already gone keeps the time it went.
    if (existing.length)
      await tx
        .update(assets)
        .set({ gone_at: sql`now()` })
        .where(
          and(
            sql`${assets.id} in (${sql.join(
              existing.map((a) => sql`${a.id}`),
              sql`, `,
            )})`,
            isNull(assets.gone_at),
          ),
        );
    for (const a of existing) {
      disappeared++;
      entries.push({
        asset_id: a.id,
        workspace_id: a.workspace_id,
        history_id: history.id,
        kind: 'disappeared',
      });
    }
  }
  for (let i = 0; i < entries.length; i += 500)
    await tx.insert(assetChanges).values(entries.slice(i, i + 500));
  // Alerts hear of the changelog in the same transaction (issue 20).
  await recordAlertEvents(
    tx,
    assetChangeEvents({
      groupId: history.group_id,
      historyId: history.id,
      entries,
      now: now.map((n) => n.data),
      gone: [...before.values()],
      previous: Boolean(previous),
    }),
  );
  const net = now.length - (previous ? now.length - appeared + before.size : 0);
  await tx
    .update(enumerationHistories)
    .set({ new_assets: net, updated_at: sql`now()` })
    .where(eq(enumerationHistories.id, history.id));
  return { total: now.length, appeared, changed, disappeared, previous: Boolean(previous) };
}
