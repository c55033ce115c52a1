/**
 * `GET panel/scans/` query (spec §3 scan filters): search, paging, ordering, the filter keys as
 * comma-joined lists, and the created_at date range. Asset keys (host, ip, …) match scans whose
 * targets — their groups' assets or their explicit assets — include such an asset. An unknown key
 * is a 400, not a silently ignored filter.
 */
import { SCAN_FILTER_KEYS, type ScanFilterKey } from '@didban/core';
import { asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { scans } from '../db/schema.js';
import { listStatusSql } from './scan-store.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const filterFields = Object.fromEntries(
  SCAN_FILTER_KEYS.map((k) => [k, z.string().max(2000).optional()]),
) as Record<ScanFilterKey, z.ZodOptional<z.ZodString>>;

export const scanListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(10),
    search: z.string().max(200).optional(),
    ordering: z
      .enum(['created_at', '-created_at', 'name', '-name', 'updated_at', '-updated_at'])
      .default('-created_at'),
    created_at_after: day.optional(),
    created_at_before: day.optional(),
    ...filterFields,
  })
  .strict();
export type ScanListFilters = z.infer<typeof scanListQuery>;

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/** The SQL condition on an asset `a` for one asset filter key. */
export function assetCondition(key: ScanFilterKey, values: string[]): SQL | null {
  switch (key) {
    case 'host':
      return sql`lower(a.host) = any(${textArray(values.map((v) => v.toLowerCase()))})`;
    case 'title':
      return sql`a.title = any(${textArray(values)})`;
    case 'port': {
      const ports = values.map(Number).filter((n) => Number.isInteger(n));
      return ports.length ? sql`a.port = any(${sql.param(ports)}::int[])` : sql`false`;
    }
    case 'ip':
      return sql`string_to_array(a.ip, ',') && ${textArray(values)}`;
    case 'cname':
      return sql`(${sql.join(
        values.map((v) => sql`a.cname ilike ${likePattern(v)}`),
        sql` or `,
      )})`;
    case 'technologies':
      return sql`exists (select 1 from jsonb_array_elements(a.technologies) t where lower(t->>'name') = any(${textArray(values.map((v) => v.toLowerCase()))}))`;
    default:
      return null;
  }
}

/** Assets of a scan's targets, as `a`, for an exists (…) test. */
export const targetAssets = sql`select 1 from assets a where a.workspace_id = ${scans.workspace_id} and (a.group_id = any(${scans.asset_group_ids}) or a.id = any(${scans.asset_ids}))`;

export function scanFilters(workspaceId: string, q: ScanListFilters, skip?: ScanFilterKey): SQL[] {
  const where: SQL[] = [eq(scans.workspace_id, workspaceId)];
  const search = q.search?.trim();
  if (search) where.push(ilike(scans.name, likePattern(search)));
  if (q.created_at_after) where.push(gte(scans.created_at, new Date(`${q.created_at_after}T00:00:00Z`)));
  if (q.created_at_before) {
    const end = new Date(`${q.created_at_before}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    where.push(lt(scans.created_at, end));
  }
  for (const key of SCAN_FILTER_KEYS) {
    if (key === skip) continue;
    const values = list(q[key]);
    if (values.length === 0) continue;
    switch (key) {
      case 'name':
        where.push(or(...values.map((v) => ilike(scans.name, likePattern(v))))!);
        break;
      case 'status':
        where.push(sql`${listStatusSql} = any(${textArray(values)})`);
        break;
      case 'worker_group':
        where.push(sql`${scans.worker_group_id}::text = any(${textArray(values)})`);
        break;
      case 'asset_group':
        where.push(sql`${scans.asset_group_ids}::text[] && ${textArray(values)}`);
        break;
      case 'template_ids':
        where.push(sql`${scans.template_ids} && ${textArray(values)}`);
        break;
      case 'template_tags':
        where.push(sql`${scans.template_tags} && ${textArray(values)}`);
        break;
      default:
        where.push(sql`exists (${targetAssets} and ${assetCondition(key, values)})`);
    }
  }
  return where;
}

export const scanOrdering = (ordering: ScanListFilters['ordering']) => {
  const column = ordering.replace('-', '') as 'created_at' | 'name' | 'updated_at';
  const dir = ordering.startsWith('-') ? desc : asc;
  return [dir(scans[column]), dir(scans.id)];
};
