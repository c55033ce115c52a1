/**
 * A scan's targets at run time: the assets of its groups (as they are now) or its explicit
 * assets. HTTP services are scanned as URLs (scheme://host:port), other services by host (one
 * target per host, kept for its lowest port's asset). Each target keeps the worker group that
 * runs it: the scan's own wins over its asset group's.
 */
import { isWildcardHost } from '@didban/core';
import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { assetGroups, assets } from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';

export type ScanTarget = { assetId: string; target: string; workerGroupId: string | null };
/** The targets, and how many wildcard records among the picked assets were left out. */
export type ResolvedTargets = { targets: ScanTarget[]; skippedWildcards: number };

type AssetRow = {
  id: string;
  host: string;
  port: number;
  status: string;
  service: string | null;
  tls: unknown;
  group_worker: string | null;
};

const isHttp = (a: AssetRow) => a.status !== 'done' || /^https?/.test(a.service ?? '');
const isTls = (a: AssetRow) => a.tls !== null || a.port === 443 || a.service === 'https';
const hostForUrl = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** The text a worker scans for an asset. */
export function assetTarget(a: AssetRow): string {
  if (!isHttp(a)) return a.host;
  const scheme = isTls(a) ? 'https' : 'http';
  // The port is always written: ssl and network templates read it from {{Hostname}}; HTTP
  // templates still get a BaseURL without a default port.
  return `${scheme}://${hostForUrl(a.host)}:${a.port}`;
}

export async function resolveScanTargets(
  db: Tx,
  workspaceId: string,
  scan: { asset_group_ids: string[]; asset_ids: string[]; worker_group_id: string | null },
): Promise<ResolvedTargets> {
  const which: SQL[] = [];
  // A group's live assets: a host its last discovery no longer saw is not scanned (issue 34,
  // item 12); an asset chosen by id is scanned as chosen.
  if (scan.asset_group_ids.length)
    which.push(and(inArray(assets.group_id, scan.asset_group_ids), isNull(assets.gone_at))!);
  if (scan.asset_ids.length) which.push(inArray(assets.id, scan.asset_ids));
  if (which.length === 0) return { targets: [], skippedWildcards: 0 };
  const rows: AssetRow[] = await db
    .select({
      id: assets.id,
      host: assets.host,
      port: assets.port,
      status: assets.status,
      service: assets.service,
      tls: assets.tls,
      group_worker: assetGroups.worker_group_id,
    })
    .from(assets)
    .innerJoin(assetGroups, eq(assetGroups.id, assets.group_id))
    .where(and(eq(assets.workspace_id, workspaceId), or(...which)))
    .orderBy(assets.host, assets.port);
  const seen = new Set<string>();
  const targets: ScanTarget[] = [];
  let skippedWildcards = 0;
  for (const row of rows) {
    // A wildcard zone (*.example.com) is a discovery fact, not an address to scan; counted so
    // the caller can say why it was left out.
    if (isWildcardHost(row.host)) {
      skippedWildcards++;
      continue;
    }
    const target = assetTarget(row);
    if (seen.has(target)) continue;
    seen.add(target);
    targets.push({ assetId: row.id, target, workerGroupId: scan.worker_group_id ?? row.group_worker });
  }
  return { targets, skippedWildcards };
}
