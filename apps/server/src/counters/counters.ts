/**
 * Reads of the trigger-kept counters (migration 0019, db/tables/counters.ts): how many
 * vulnerabilities a workspace has by severity and status, what a run found and found fixed by
 * severity, how many assets a workspace and its groups hold. A few rows each, whatever the size
 * of the tables they count.
 */
import { countSeverities, type Severity } from '@didban/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  assetCounters,
  assetPortCounters,
  assetStatusCounters,
  scanHistoryCounters,
  scanHistoryStatusCounters,
  vulnerabilityCounters,
} from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';

/** Severity rank → name (critical 5 … unknown 0), as severity-rank.ts numbers them. */
const SEVERITY_BY_RANK: Severity[] = ['unknown', 'info', 'low', 'medium', 'high', 'critical'];

export type VulnerabilityCell = { rank: number; status: string; n: number };

/** Every non-empty severity × status cell of a workspace. */
export async function workspaceVulnerabilityCells(db: Tx, workspaceId: string): Promise<VulnerabilityCell[]> {
  const rows = await db
    .select({
      rank: vulnerabilityCounters.severity_rank,
      status: vulnerabilityCounters.status,
      n: sql<number>`sum(${vulnerabilityCounters.n})::int`,
    })
    .from(vulnerabilityCounters)
    .where(eq(vulnerabilityCounters.workspace_id, workspaceId))
    .groupBy(vulnerabilityCounters.severity_rank, vulnerabilityCounters.status);
  return rows.filter((r) => r.n !== 0);
}

/** Sum of the cells whose rank and status pass (undefined = any). */
export function sumCells(cells: VulnerabilityCell[], ranks?: number[], statuses?: string[]) {
  let total = 0;
  for (const c of cells)
    if ((!ranks || ranks.includes(c.rank)) && (!statuses || statuses.includes(c.status))) total += c.n;
  return total;
}

/** The dashboard's breakdown (unknown counted as info) of cells with these statuses. */
export function severityBreakdown(cells: VulnerabilityCell[], statuses: string[]) {
  const counts = countSeverities([]);
  for (const c of cells) {
    if (!statuses.includes(c.status)) continue;
    const severity = SEVERITY_BY_RANK[c.rank] ?? 'unknown';
    counts[severity === 'unknown' ? 'info' : severity] += c.n;
  }
  return counts;
}

export type HistoryCell = { history_id: string; kind: string; rank: number; n: number };

/** What these runs found ('seen') and found fixed, by severity rank. */
export async function historyCells(db: Tx, historyIds: string[]): Promise<HistoryCell[]> {
  if (historyIds.length === 0) return [];
  const rows = await db
    .select({
      history_id: scanHistoryCounters.history_id,
      kind: scanHistoryCounters.kind,
      rank: scanHistoryCounters.severity_rank,
      n: sql<number>`sum(${scanHistoryCounters.n})::int`,
    })
    .from(scanHistoryCounters)
    .where(inArray(scanHistoryCounters.history_id, historyIds))
    .groupBy(scanHistoryCounters.history_id, scanHistoryCounters.kind, scanHistoryCounters.severity_rank);
  return rows.filter((r) => r.n !== 0);
}

/** Severity counts (unknown as info) of what each run found. */
export async function historyFoundCounts(db: Tx, historyIds: string[]) {
  const out = new Map(historyIds.map((id) => [id, countSeverities([])]));
  for (const c of await historyCells(db, historyIds)) {
    if (c.kind !== 'seen') continue;
    const severity = SEVERITY_BY_RANK[c.rank] ?? 'unknown';
    out.get(c.history_id)![severity === 'unknown' ? 'info' : severity] += c.n;
  }
  return out;
}

/** Links of one run whose rank passes (undefined = any). */
export async function historyLinkCount(db: Tx, historyId: string, ranks?: number[]) {
  const cells = await historyCells(db, [historyId]);
  return cells.filter((c) => !ranks || ranks.includes(c.rank)).reduce((s, c) => s + c.n, 0);
}

/** Links of one run whose rank and (finding's) status pass (undefined = any): migration 0021. */
export async function historyStatusCount(db: Tx, historyId: string, ranks?: number[], statuses?: string[]) {
  const c = scanHistoryStatusCounters;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${c.n}), 0)::int` })
    .from(c)
    .where(
      and(
        eq(c.history_id, historyId),
        ranks ? inArray(c.severity_rank, ranks) : undefined,
        statuses ? inArray(c.status, statuses) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Assets of a workspace. */
export async function workspaceAssetCount(db: Tx, workspaceId: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${assetCounters.n}), 0)::int` })
    .from(assetCounters)
    .where(eq(assetCounters.workspace_id, workspaceId));
  return row?.n ?? 0;
}

/** Assets of each of these groups (absent = 0). */
export async function groupAssetCounts(db: Tx, groupIds: string[]) {
  if (groupIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ group: assetCounters.group_id, n: sql<number>`sum(${assetCounters.n})::int` })
    .from(assetCounters)
    .where(inArray(assetCounters.group_id, groupIds))
    .groupBy(assetCounters.group_id);
  return new Map(rows.map((r) => [r.group, r.n]));
}

/** Assets of one group as an SQL expression (ordering groups by size). */
export const groupAssetCountSql = (groupId: unknown) =>
  sql`(select coalesce(sum(c.n), 0) from ${assetCounters} c where c.group_id = ${groupId})`;

/** The group × value counters of one asset field: ports (migration 0020), HTTP statuses (0021). */
const ASSET_VALUE_COUNTERS = {
  port: { table: assetPortCounters, column: assetPortCounters.port },
  status: { table: assetStatusCounters, column: assetStatusCounters.status },
} as const;
export type CountedAssetField = keyof typeof ASSET_VALUE_COUNTERS;

/**
 * The filter options of a counted field in a workspace (or one group): each value with its assets,
 * most used first, as the exact group-by orders them (count, then the value as text).
 */
export async function assetValueOptionCounts(
  db: Tx,
  workspaceId: string,
  groupId: string | null,
  field: CountedAssetField,
  limit: number,
) {
  const { table, column } = ASSET_VALUE_COUNTERS[field];
  const rows = await db
    .select({ value: sql<string>`${column}::text`, count: sql<number>`sum(${table.n})::int` })
    .from(table)
    .where(
      groupId
        ? and(eq(table.workspace_id, workspaceId), eq(table.group_id, groupId))
        : eq(table.workspace_id, workspaceId),
    )
    .groupBy(column)
    .having(sql`sum(${table.n}) > 0 and ${column}::text <> ''`)
    .orderBy(sql`2 desc`, sql`1 asc`)
    .limit(limit);
  return rows.map((r) => ({ value: r.value, count: Number(r.count) }));
}

/** Assets of a workspace (or of these groups) whose counted field holds one of `values`. */
export async function assetValueCount(
  db: Tx,
  workspaceId: string,
  groupIds: string[] | null,
  field: CountedAssetField,
  values: string[],
) {
  const { table, column } = ASSET_VALUE_COUNTERS[field];
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${table.n}), 0)::int` })
    .from(table)
    .where(
      and(
        eq(table.workspace_id, workspaceId),
        groupIds ? inArray(table.group_id, groupIds) : undefined,
        inArray(sql`${column}::text`, values),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Open or in-progress findings of a workspace due before now + `days` (0: overdue), optionally of
 * these severity ranks and statuses: the trigger-kept counters of the UTC days before the
 * boundary's day (migration 0034) plus the findings of the boundary's own day, read from
 * vulnerabilities_open_due_idx. The same findings the list's `overdue` / `due_within` filters select.
 */
export async function openDueCount(
  db: Tx,
  workspaceId: string,
  o: { days: number; ranks?: number[] | undefined; statuses?: readonly string[] | undefined },
): Promise<number> {
  const statuses = (o.statuses ?? ['open', 'in_progress']).filter((s) => s === 'open' || s === 'in_progress');
  if (statuses.length === 0) return 0;
  const statusList = sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const rankCounters = o.ranks
    ? sql`and c.severity_rank in (${sql.join(
        o.ranks.map((r) => sql`${r}`),
        sql`, `,
      )})`
    : sql``;
  const rankRows = o.ranks
    ? sql`and v.severity_rank in (${sql.join(
        o.ranks.map((r) => sql`${r}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute(sql`
    with b as (select now() + make_interval(days => ${o.days}::int) as at)
    select (
      coalesce((select sum(c.n) from open_due_counters c, b
        where c.workspace_id = ${workspaceId}::uuid and c.due_day < (b.at at time zone 'UTC')::date
          and c.status in (${statusList}) ${rankCounters}), 0)
      + (select count(*) from vulnerabilities v, b
        where v.workspace_id = ${workspaceId}::uuid and v.status in ('open', 'in_progress') and v.due_at is not null
          and v.status in (${statusList}) ${rankRows}
          and v.due_at >= (date_trunc('day', b.at at time zone 'UTC') at time zone 'UTC') and v.due_at < b.at)
    )::int as n`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
