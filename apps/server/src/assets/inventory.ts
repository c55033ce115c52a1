/**
 * Inventory reads: a page of assets (live or as at one enumeration history) and filter option
 * values with their counts.
 */
import type { Asset, AssetOptionField, FilterOption } from '@didban/core';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import {
  assetValueCount,
  assetValueOptionCounts,
  type CountedAssetField,
  groupAssetCounts,
  workspaceAssetCount,
} from '../counters/counters.js';
import type { Db } from '../db/database.js';
import { assetSnapshots, assets, enumerationHistories } from '../db/schema.js';
import { presentAsset } from '../discovery/present-asset.js';
import { notFound } from '../http/errors.js';
import { afterCursor, decodeCursor, encodeCursor, orderingText, sortKeyText } from './inventory-cursor.js';
import {
  type AssetSource,
  type InventoryQuery,
  inventoryConditions,
  inventoryOrder,
  liveSource,
  optionValueSql,
  presenceCondition,
  snapshotSource,
  wantsGone,
} from './inventory-query.js';

/** Most option values one `fieldname` call answers (most used first). */
export const MAX_OPTIONS = 100;

/** A snapshot as the API shapes assets: those taken before migration 0035 have no gone_at. */
const snapshotAsset = (data: Asset): Asset => ({ ...data, gone_at: data.gone_at ?? null });

/** A history of the workspace (404 otherwise). */
export async function workspaceHistory(db: Db, workspaceId: string, historyId: string) {
  const [history] = await db
    .select()
    .from(enumerationHistories)
    .where(and(eq(enumerationHistories.id, historyId), eq(enumerationHistories.workspace_id, workspaceId)));
  if (!history) throw notFound();
  return history;
}

function scope(
  src: AssetSource,
  workspaceId: string,
  groupId: string | null,
  historyId: string | null,
  q: InventoryQuery,
): SQL[] {
  const out: SQL[] = [sql`${src.workspace} = ${workspaceId}`, presenceCondition(src, q)];
  if (groupId) out.push(sql`${src.group} = ${groupId}`);
  if (historyId) out.push(sql`${assetSnapshots.history_id} = ${historyId}`);
  return out;
}

/**
 * One page of the inventory. With `q.history` the rows are that history's snapshot.
 * @example const { results, total } = await listInventory(db, ws.id, q, { page: 1, pageSize: 10 });
 */
export async function listInventory(
  db: Db,
  workspaceId: string,
  q: InventoryQuery,
  paging: { page: number; pageSize: number },
  groupId: string | null = null,
): Promise<{ results: Asset[]; total: number }> {
  const offset = (paging.page - 1) * paging.pageSize;
  if (q.history) {
    await workspaceHistory(db, workspaceId, q.history);
    const where = and(
      ...scope(snapshotSource, workspaceId, groupId, q.history, q),
      ...inventoryConditions(snapshotSource, q),
    );
    const [total] = await db.select({ n: count() }).from(assetSnapshots).where(where);
    const rows = await db
      .select({ data: assetSnapshots.data })
      .from(assetSnapshots)
      .where(where)
      .orderBy(...inventoryOrder(snapshotSource, q))
      .limit(paging.pageSize)
      .offset(offset);
    return { results: rows.map((r) => snapshotAsset(r.data)), total: total?.n ?? 0 };
  }
  const conditions = inventoryConditions(liveSource, q);
  const where = and(...scope(liveSource, workspaceId, groupId, null, q), ...conditions);
  // Unfiltered, the counters (migration 0019) know the total without reading the assets; filtered
  // by port or status alone (and groups), the group × value counters (0020, 0021) do. They count
  // live assets only (0035), so the gone ones are always counted from the rows.
  const counted = countedFilter(q);
  const total =
    conditions.length === 0 && !wantsGone(q)
      ? groupId
        ? groupAssetCounts(db, [groupId]).then((m) => m.get(groupId) ?? 0)
        : workspaceAssetCount(db, workspaceId)
      : counted
        ? assetValueCount(db, workspaceId, countedGroups(q, groupId), counted.field, counted.values)
        : db
            .select({ n: count() })
            .from(assets)
            .where(where)
            .then(([r]) => r?.n ?? 0);
  // The count and the page are independent: on PostgreSQL they run on two pooled connections at once.
  const [totalN, rows] = await Promise.all([
    total,
    db
      .select()
      .from(assets)
      .where(where)
      .orderBy(...inventoryOrder(liveSource, q))
      .limit(paging.pageSize)
      .offset(offset),
  ]);
  return { results: rows.map(presentAsset), total: totalN };
}

/** The one counted field (port or status) a query filters on, when nothing else but groups narrows it. */
function countedFilter(q: InventoryQuery): { field: CountedAssetField; values: string[] } | null {
  if (q.search || q.after || q.before || wantsGone(q)) return null;
  const keys = Object.keys(q.filters).filter((k) => k !== 'asset_group' && k !== 'gone');
  if (keys.length !== 1) return null;
  const [key] = keys;
  // Ports as the counters hold them (a filter of "0443" is port 443).
  if (key === 'port') return { field: 'port', values: q.filters.port!.map((p) => String(Number(p))) };
  if (key === 'status') return { field: 'status', values: q.filters.status! };
  return null;
}

/** The groups a counted total sums: the route's group, narrowed by an asset_group filter (null = all). */
function countedGroups(q: InventoryQuery, groupId: string | null): string[] | null {
  const filter = q.filters.asset_group;
  if (groupId) return filter && !filter.includes(groupId) ? [] : [groupId];
  return filter ?? null;
}

/**
 * One keyset page of the inventory (see inventory-cursor.ts): the rows after `cursor` (null: from
 * the start) and the cursor of the next page, null after the last. One row more than the page is
 * read to know whether another page follows, so the last page needs no extra request.
 * @example const { results, next_cursor } = await listInventoryAfter(db, ws.id, q, '', 1000);
 */
export async function listInventoryAfter(
  db: Db,
  workspaceId: string,
  q: InventoryQuery,
  rawCursor: string,
  pageSize: number,
  groupId: string | null = null,
): Promise<{ results: Asset[]; next_cursor: string | null }> {
  const cursor = decodeCursor(rawCursor, q);
  const src = q.history ? snapshotSource : liveSource;
  if (q.history) await workspaceHistory(db, workspaceId, q.history);
  const where = and(
    ...scope(src, workspaceId, groupId, q.history, q),
    ...inventoryConditions(src, q),
    ...(cursor ? [afterCursor(src, q, cursor)] : []),
  );
  const key = sortKeyText(src, q);
  let page: { asset: Asset; key: string | null }[];
  if (q.history) {
    const rows = await db
      .select({ data: assetSnapshots.data, key })
      .from(assetSnapshots)
      .where(where)
      .orderBy(...inventoryOrder(src, q))
      .limit(pageSize + 1);
    page = rows.map((r) => ({ asset: snapshotAsset(r.data), key: r.key }));
  } else {
    const rows = await db
      .select({ row: assets, key })
      .from(assets)
      .where(where)
      .orderBy(...inventoryOrder(src, q))
      .limit(pageSize + 1);
    page = rows.map((r) => ({ asset: presentAsset(r.row), key: r.key }));
  }
  const more = page.length > pageSize;
  if (more) page.length = pageSize;
  const last = page[page.length - 1];
  return {
    results: page.map((p) => p.asset),
    next_cursor:
      more && last ? encodeCursor({ ordering: orderingText(q), value: last.key, id: last.asset.id }) : null,
  };
}

/**
 * Distinct values of a field with how many assets have each, narrowed by `search` and by the
 * other filters of the query (most used first, at most {@link MAX_OPTIONS}).
 * @example await inventoryOptions(db, ws.id, q, 'port') // [{ value: '443', count: 12 }, …]
 */
export async function inventoryOptions(
  db: Db,
  workspaceId: string,
  q: InventoryQuery,
  field: AssetOptionField,
  groupId: string | null = null,
): Promise<FilterOption[]> {
  const src = q.history ? snapshotSource : liveSource;
  if (q.history) await workspaceHistory(db, workspaceId, q.history);
  const table = q.history ? sql`${assetSnapshots}` : sql`${assets}`;
  const { from, value } = optionValueSql(src, field);
  const narrowing = inventoryConditions(src, {
    ...q,
    search: '',
    filters: { ...q.filters, [field]: undefined },
  });
  // Ports and statuses of the live inventory, narrowed by nothing: their counters (migrations
  // 0020, 0021) know them.
  if (
    (field === 'port' || field === 'status') &&
    !q.history &&
    !q.search &&
    !wantsGone(q) &&
    narrowing.length === 0
  )
    return assetValueOptionCounts(db, workspaceId, groupId, field, MAX_OPTIONS);
  const conditions = [
    ...scope(src, workspaceId, groupId, q.history, q),
    ...narrowing,
    sql`${value} is not null and ${value} <> ''`,
  ];
  if (q.search) {
    const pattern = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`${value} ilike ${pattern}`);
    // host, ip, title and cname values all lie inside the search text: narrow the rows first
    // through its trigram index before the values are split out and counted.
    if (field === 'host' || field === 'ip' || field === 'title' || field === 'cname') {
      conditions.push(sql`${src.searchText} ilike ${pattern}`);
    }
  }
  const result = await db.execute(sql`
    select ${value} as value, count(*)::int as count
    from ${table}${from ? sql` cross join lateral ${from}` : sql``}
    where ${sql.join(conditions, sql` and `)}
    group by 1
    order by 2 desc, 1 asc
    limit ${MAX_OPTIONS}`);
  // Both drivers answer { rows }; drizzle's type for it differs between them.
  const rows = (result as unknown as { rows: { value: unknown; count: unknown }[] }).rows;
  return rows.map((r) => ({ value: String(r.value), count: Number(r.count) }));
}
