/**
 * Endpoints per web asset (issue 30): stored from a discovery result, listed for the asset detail,
 * and read back as a DAST run's fuzz inputs.
 */
import {
  ASSET_ENDPOINT_BODY_MAX,
  ASSET_ENDPOINT_URL_MAX,
  ASSET_ENDPOINTS_MAX,
  type AssetEndpoint,
  type DiscoveredEndpoint,
} from '@didban/core';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { assetEndpoints, assets } from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';

/**
 * The key that makes two sightings one endpoint: scheme and host in lower case, default port and
 * fragment dropped, query names sorted with their values dropped (`?b=2&a=1` → `?a=&b=`).
 * @example endpointKey('HTTP://Shop.Test:80/p?id=7#x') // 'http://shop.test/p?id='
 */
export function endpointKey(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.slice(0, ASSET_ENDPOINT_URL_MAX);
  }
  const names = [...new Set([...parsed.searchParams.keys()])].sort();
  const query = names.length ? `?${names.map((n) => `${encodeURIComponent(n)}=`).join('&')}` : '';
  // URL already lower-cases the scheme and host and drops a default port.
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}${query}`.slice(0, ASSET_ENDPOINT_URL_MAX);
}

type Row = typeof assetEndpoints.$inferInsert;

function toRow(workspaceId: string, assetId: string, e: DiscoveredEndpoint): Row {
  return {
    workspace_id: workspaceId,
    asset_id: assetId,
    method: e.method.toUpperCase(),
    url: e.url.slice(0, ASSET_ENDPOINT_URL_MAX),
    url_key: endpointKey(e.url),
    params: [...new Set(e.params)],
    source: e.source,
    body_type: e.body_type ?? null,
    body: e.body == null ? null : e.body.slice(0, ASSET_ENDPOINT_BODY_MAX),
  };
}

/**
 * Store what a crawl found on one asset: endpoints seen before get their last-seen time and
 * latest URL, new ones are added while the asset has fewer than `limit`, and the new ones past it
 * are counted on the asset (`endpoint_overflow`, the count of this crawl).
 * @returns how many were added and how many did not fit
 */
export async function storeEndpoints(
  tx: Tx,
  workspaceId: string,
  assetId: string,
  found: readonly DiscoveredEndpoint[],
  limit = ASSET_ENDPOINTS_MAX,
): Promise<{ added: number; overflow: number }> {
  const byKey = new Map<string, Row>();
  for (const e of found) {
    const row = toRow(workspaceId, assetId, e);
    byKey.set(`${row.method} ${row.url_key}`, row);
  }
  const rows = [...byKey.values()];
  const known = new Set<string>();
  // In slices: a crawl can bring thousands of keys, more than one IN list should carry.
  for (let i = 0; i < rows.length; i += 500) {
    const keys = rows.slice(i, i + 500).map((r) => r.url_key);
    const seen = await tx
      .select({ method: assetEndpoints.method, url_key: assetEndpoints.url_key })
      .from(assetEndpoints)
      .where(and(eq(assetEndpoints.asset_id, assetId), inArray(assetEndpoints.url_key, keys)));
    for (const s of seen) known.add(`${s.method} ${s.url_key}`);
  }
  const [stored] = await tx
    .select({ n: count() })
    .from(assetEndpoints)
    .where(eq(assetEndpoints.asset_id, assetId));
  const fresh = rows.filter((r) => !known.has(`${r.method} ${r.url_key}`));
  const room = Math.max(0, limit - (stored?.n ?? 0));
  const kept = [...rows.filter((r) => known.has(`${r.method} ${r.url_key}`)), ...fresh.slice(0, room)];
  for (let i = 0; i < kept.length; i += 200) {
    await tx
      .insert(assetEndpoints)
      .values(kept.slice(i, i + 200))
      .onConflictDoUpdate({
        target: [assetEndpoints.asset_id, assetEndpoints.method, assetEndpoints.url_key],
        set: {
          url: sql`excluded.url`,
          params: sql`excluded.params`,
          source: sql`excluded.source`,
          body_type: sql`excluded.body_type`,
          body: sql`excluded.body`,
          last_seen_at: sql`now()`,
        },
      });
  }
  const overflow = Math.max(0, fresh.length - room);
  await tx.update(assets).set({ endpoint_overflow: overflow }).where(eq(assets.id, assetId));
  return { added: Math.min(fresh.length, room), overflow };
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of an asset's endpoints (URL order), searched in URL, method and parameter names. */
export async function listEndpoints(
  db: Tx,
  assetId: string,
  query: { page: number; page_size: number; search?: string | undefined },
): Promise<{ results: AssetEndpoint[]; total: number }> {
  const conditions: SQL[] = [eq(assetEndpoints.asset_id, assetId)];
  const search = (query.search ?? '').trim();
  if (search) {
    const p = likePattern(search);
    conditions.push(
      or(
        ilike(assetEndpoints.url, p),
        ilike(assetEndpoints.method, p),
        sql`${assetEndpoints.params}::text ilike ${p}`,
      )!,
    );
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(assetEndpoints).where(where);
  const rows = await db
    .select()
    .from(assetEndpoints)
    .where(where)
    .orderBy(asc(assetEndpoints.url_key), asc(assetEndpoints.method), asc(assetEndpoints.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return {
    total: total?.n ?? 0,
    results: rows.map((r) => ({
      id: r.id,
      method: r.method,
      url: r.url,
      params: r.params,
      source: r.source,
      body_type: r.body_type,
      first_seen_at: r.first_seen_at.toISOString(),
      last_seen_at: r.last_seen_at.toISOString(),
    })),
  };
}

/** Endpoints one DAST task carries at most (the first by asset and URL). */
export const FUZZ_ENDPOINTS_PER_TASK_MAX = 5000;

/**
 * The stored endpoints of some assets, as a DAST run's task carries them (the worker makes each
 * the request a fuzzing template starts from).
 */
export async function fuzzEndpointsFor(
  tx: Tx,
  workspaceId: string,
  assetIds: readonly string[],
): Promise<DiscoveredEndpoint[]> {
  if (assetIds.length === 0) return [];
  const rows = await tx
    .select()
    .from(assetEndpoints)
    .where(and(eq(assetEndpoints.workspace_id, workspaceId), inArray(assetEndpoints.asset_id, [...assetIds])))
    .orderBy(asc(assetEndpoints.asset_id), asc(assetEndpoints.url_key), asc(assetEndpoints.method))
    .limit(FUZZ_ENDPOINTS_PER_TASK_MAX);
  return rows.map((r) => ({
    method: r.method,
    url: r.url,
    params: r.params,
    source: r.source,
    ...(r.body_type ? { body_type: r.body_type } : {}),
    ...(r.body != null ? { body: r.body } : {}),
  }));
}
