/**
 * Loading scans of a workspace and presenting them with what the list shows: latest run, schedule,
 * names of their group and worker group, open findings by severity.
 */
import { countSeverities, type Scan, type ScanListStatus } from '@didban/core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { severityBreakdown } from '../counters/counters.js';
import { scanVulnerabilityCells } from '../counters/scan-counters.js';
import { assetGroups, scanHistories, scans, schedules, workerGroups } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import type { Tx } from '../queue/task-kinds.js';
import { historyFindingCounts } from './finish-scan-run.js';
import { presentHistory, presentSchedule } from './present.js';
import { SCAN_SCHEDULE_KIND } from './schedule-kind-name.js';

export type ScanRow = typeof scans.$inferSelect;
type HistoryRow = typeof scanHistories.$inferSelect;
type ScheduleRow = typeof schedules.$inferSelect;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The scan of this workspace, or 404 (another workspace's id included). */
export async function findScan(db: Tx, workspaceId: string, id: string): Promise<ScanRow> {
  if (!UUID.test(id)) throw notFound();
  const [row] = await db
    .select()
    .from(scans)
    .where(and(eq(scans.id, id), eq(scans.workspace_id, workspaceId)));
  if (!row) throw notFound();
  return row;
}

/** The run of this scan, or 404. */
export async function findHistory(db: Tx, workspaceId: string, scanId: string, historyId: string) {
  const scan = await findScan(db, workspaceId, scanId);
  if (!UUID.test(historyId)) throw notFound();
  const [row] = await db
    .select()
    .from(scanHistories)
    .where(and(eq(scanHistories.id, historyId), eq(scanHistories.scan_id, scan.id)));
  if (!row) throw notFound();
  return { scan, history: row };
}

/** A run still going (initializing or running), or null. */
export async function activeHistory(db: Tx, scanId: string) {
  const [row] = await db
    .select()
    .from(scanHistories)
    .where(and(eq(scanHistories.scan_id, scanId), inArray(scanHistories.status, ['initializing', 'running'])))
    .limit(1);
  return row ?? null;
}

export function listStatus(
  latest: HistoryRow | undefined,
  schedule: ScheduleRow | undefined,
): ScanListStatus {
  if (latest && (latest.status === 'running' || latest.status === 'initializing')) return latest.status;
  if (schedule?.next_run_at) return 'scheduled';
  return latest?.status ?? 'not_started';
}

const latestStatus = sql`(select h.status from scan_histories h where h.scan_id = ${scans.id} order by h.created_at desc limit 1)`;

/** SQL of the same rule, for filters and statistics (in a query on `scans`). */
export const listStatusSql = sql<string>`(case
  when ${latestStatus} in ('running', 'initializing') then ${latestStatus}
  when exists (select 1 from schedules sc where sc.kind = ${SCAN_SCHEDULE_KIND} and sc.subject_id = ${scans.id} and sc.next_run_at is not null) then 'scheduled'
  else coalesce(${latestStatus}, 'not_started') end)`;

export async function presentScans(db: Tx, rows: ScanRow[]): Promise<Scan[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const latest = await db
    .selectDistinctOn([scanHistories.scan_id])
    .from(scanHistories)
    .where(inArray(scanHistories.scan_id, ids))
    .orderBy(scanHistories.scan_id, desc(scanHistories.created_at));
  const latestBy = new Map(latest.map((h) => [h.scan_id, h]));
  const findings = await historyFindingCounts(
    db,
    latest.map((h) => h.id),
  );
  const scheduleRows = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.kind, SCAN_SCHEDULE_KIND), inArray(schedules.subject_id, ids)));
  const scheduleBy = new Map(scheduleRows.map((s) => [s.subject_id, s]));
  const groupIds = [...new Set(rows.flatMap((r) => r.asset_group_ids))];
  const groups = groupIds.length
    ? await db
        .select({ id: assetGroups.id, name: assetGroups.name })
        .from(assetGroups)
        .where(inArray(assetGroups.id, groupIds))
    : [];
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  const workerIds = [...new Set(rows.map((r) => r.worker_group_id).filter((w): w is string => !!w))];
  const workerRows = workerIds.length
    ? await db
        .select({ id: workerGroups.id, name: workerGroups.name })
        .from(workerGroups)
        .where(inArray(workerGroups.id, workerIds))
    : [];
  const workerName = new Map(workerRows.map((w) => [w.id, w.name]));
  // Open findings: the scan counters (distinct findings over all its runs, migration 0020).
  const cells = await scanVulnerabilityCells(db, ids);
  const openBy = new Map(
    ids.map((id) => [
      id,
      severityBreakdown(
        cells.filter((c) => c.scan_id === id),
        ['open', 'in_progress'],
      ),
    ]),
  );
  return rows.map((r) => {
    const h = latestBy.get(r.id);
    const s = scheduleBy.get(r.id);
    const group = r.asset_group_ids[0] ?? null;
    return {
      id: r.id,
      name: r.name,
      asset_group: group,
      asset_group_name: group ? (groupName.get(group) ?? null) : null,
      // Every group of a bulk scan over several (the field above names only the first).
      asset_groups: r.asset_group_ids.flatMap((id) => {
        const name = groupName.get(id);
        return name === undefined ? [] : [{ id, name }];
      }),
      assets: r.asset_ids,
      template_ids: r.template_ids,
      template_tags: r.template_tags,
      worker_group: r.worker_group_id,
      worker_group_name: r.worker_group_id ? (workerName.get(r.worker_group_id) ?? null) : null,
      self_contained: r.self_contained,
      dast: r.dast,
      status: listStatus(h, s),
      latest_history: h ? presentHistory(h, findings.get(h.id) ?? countSeverities([])) : null,
      schedule: s ? presentSchedule(s) : null,
      vulnerabilities: openBy.get(r.id)!,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    };
  });
}

export async function presentScan(db: Tx, row: ScanRow): Promise<Scan> {
  return (await presentScans(db, [row]))[0]!;
}
