/**
 * What a report covers, turned into conditions on `vulnerabilities` (and on assets for the
 * inventory). A scan run = the findings that run saw or found fixed; a group = findings on its
 * assets; the workspace = findings seen between `since` and `until`. The vulnerability list's
 * filters (severity, status, search) narrow any of them.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  assets,
  type ReportScopeRecord,
  scanHistories,
  scanHistoryVulnerabilities,
  scans,
  vulnerabilities,
} from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';
import { SEVERITY_RANK } from '../scans/severity-rank.js';
import { vulnerabilityFilters } from '../scans/vulnerability-query.js';

export type ReportScope = {
  kind: 'scan_run' | 'group' | 'workspace';
  workspaceId: string;
  record: ReportScopeRecord;
};

/** Conditions on `vulnerabilities` for the scope, workspace included. */
export function findingConditions(scope: ReportScope): SQL[] {
  const r = scope.record;
  const where: SQL[] = [eq(vulnerabilities.workspace_id, scope.workspaceId)];
  if (scope.kind === 'scan_run' && r.history_id)
    where.push(
      sql`exists (select 1 from ${scanHistoryVulnerabilities} l where l.history_id = ${r.history_id} and l.vulnerability_id = ${vulnerabilities.id})`,
    );
  if (scope.kind === 'group' && r.group_id)
    where.push(
      sql`${vulnerabilities.asset_id} in (select ${assets.id} from ${assets} where ${assets.group_id} = ${r.group_id})`,
    );
  if (r.since) where.push(sql`${vulnerabilities.last_seen_at} >= ${new Date(r.since).toISOString()}`);
  if (r.until) where.push(sql`${vulnerabilities.first_seen_at} <= ${untilEnd(r.until).toISOString()}`);
  if (r.severity?.length)
    where.push(
      inArray(
        vulnerabilities.severity_rank,
        r.severity.map((s) => SEVERITY_RANK[s as keyof typeof SEVERITY_RANK] ?? 0),
      ),
    );
  where.push(
    ...vulnerabilityFilters({
      page: 1,
      page_size: 1,
      search: r.search,
      status: r.status as never,
    }),
  );
  return where;
}

/** A date without a time means the whole of that day. */
export function untilEnd(until: string): Date {
  const d = new Date(until);
  return /^\d{4}-\d{2}-\d{2}$/.test(until) ? new Date(d.getTime() + 86_399_999) : d;
}

/** The asset groups whose inventory the report shows (null = every group of the workspace). */
export async function scopeGroupIds(db: Tx, scope: ReportScope): Promise<string[] | null> {
  if (scope.kind === 'group' && scope.record.group_id) return [scope.record.group_id];
  if (scope.kind === 'scan_run' && scope.record.history_id) {
    const [row] = await db
      .select({ groups: scans.asset_group_ids })
      .from(scanHistories)
      .innerJoin(scans, eq(scans.id, scanHistories.scan_id))
      .where(
        and(eq(scanHistories.id, scope.record.history_id), eq(scanHistories.workspace_id, scope.workspaceId)),
      );
    return row?.groups ?? [];
  }
  return null;
}

/** Conditions on `assets` for the inventory: the run's assets, the group's, or the workspace's. */
export function assetConditions(scope: ReportScope): SQL[] {
  const where: SQL[] = [eq(assets.workspace_id, scope.workspaceId)];
  if (scope.kind === 'scan_run' && scope.record.history_id) {
    where.push(
      sql`${assets.id} = any(select unnest(${scanHistories.asset_ids}) from ${scanHistories} where ${scanHistories.id} = ${scope.record.history_id})`,
    );
  } else if (scope.kind === 'group' && scope.record.group_id) {
    where.push(eq(assets.group_id, scope.record.group_id));
  }
  return where;
}
