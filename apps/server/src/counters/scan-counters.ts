/**
 * Reads of a scan's finding counters (migration 0020): its distinct findings — over all its runs'
 * links — by severity rank and status. A few rows per scan, whatever the number of findings.
 */
import { and, inArray, sql } from 'drizzle-orm';
import { scans, scanVulnerabilityCounters } from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';
import type { VulnerabilityCell } from './counters.js';

export type ScanCell = VulnerabilityCell & { scan_id: string };

/**
 * Every non-empty severity × status cell of these scans; with `workspaceId`, only of the scans of
 * that workspace (an id from a request may name another workspace's scan).
 */
export async function scanVulnerabilityCells(
  db: Tx,
  scanIds: string[],
  workspaceId?: string,
): Promise<ScanCell[]> {
  if (scanIds.length === 0) return [];
  const ofScans = inArray(scanVulnerabilityCounters.scan_id, scanIds);
  const rows = await db
    .select({
      scan_id: scanVulnerabilityCounters.scan_id,
      rank: scanVulnerabilityCounters.severity_rank,
      status: scanVulnerabilityCounters.status,
      n: sql<number>`sum(${scanVulnerabilityCounters.n})::int`,
    })
    .from(scanVulnerabilityCounters)
    .where(
      workspaceId === undefined
        ? ofScans
        : and(
            ofScans,
            sql`exists (select 1 from ${scans} s where s.id = ${scanVulnerabilityCounters.scan_id} and s.workspace_id = ${workspaceId})`,
          ),
    )
    .groupBy(
      scanVulnerabilityCounters.scan_id,
      scanVulnerabilityCounters.severity_rank,
      scanVulnerabilityCounters.status,
    );
  return rows.filter((r) => r.n !== 0);
}
