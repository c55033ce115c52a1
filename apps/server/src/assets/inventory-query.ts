/**
 * The inventory's filters, search, ordering and option values (spec §7 `panel/all-assets/`), as
 * SQL over either the live `assets` rows or the `asset_snapshots` of one enumeration history, so
 * a past history answers with the same filters as live data.
 */
import {
  ASSET_FILTER_KEYS,
  ASSET_OPTION_FIELDS,
  ASSET_SORT_COLUMNS,
  type AssetFilterKey,
  type AssetOptionField,
  type AssetSortColumn,
  isAssetFilterKey,
} from '@didban/core';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import { assetSnapshots, assets } from '../db/schema.js';
import { HttpError } from '../http/errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** Query keys the inventory understands besides the filters. */
const CONTROL_KEYS = [
  'page',
  'page_size',
  'search',
  'ordering',
  'created_at_after',
  'created_at_before',
  'fieldname',
  'history',
  // Keyset paging (inventory-cursor.ts): present, even empty, it replaces page/page_size paging.
  'cursor',
] as const;

export type InventoryQuery = {
  search: string;
  ordering: { column: AssetSortColumn; descending: boolean };
  after: string | null;
  before: string | null;
  filters: Partial<Record<AssetFilterKey, string[]>>;
  fieldname: AssetOptionField | null;
  history: string | null;
};

const invalid = (field: string) =>
  new HttpError(400, 'validation', 'errors.validation', {}, { [field]: ['validation.invalid_value'] });
const badDate = (field: string) =>
  new HttpError(400, 'date_invalid', 'assets.date_invalid', {}, { [field]: ['assets.date_invalid'] });

function text(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.map(String).join(',') : String(value);
}

function dateParam(raw: string | undefined, field: string): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  const value = raw.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw badDate(field);
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) throw badDate(field);
  return value;
}

/**
 * Read the inventory's query. Keys that are neither paging, search, ordering, dates nor a known
 * filter are refused with 400 `unknown_filter` naming them, so a typo never silently matches all.
 * @example parseInventoryQuery({ port: '80,443', ordering: '-host' }).filters.port // ['80', '443']
 */
export function parseInventoryQuery(
  query: Record<string, unknown>,
  extraKeys: readonly string[] = [],
): InventoryQuery {
  const unknown = Object.keys(query).filter(
    (key) =>
      !isAssetFilterKey(key) &&
      !(CONTROL_KEYS as readonly string[]).includes(key) &&
      !extraKeys.includes(key),
  );
  if (unknown.length) {
    throw new HttpError(400, 'unknown_filter', 'assets.unknown_filter', {
      keys: unknown.join(', '),
      allowed: ASSET_FILTER_KEYS.join(', '),
    });
  }
  const orderingText = text(query.ordering)?.trim() || '-updated_at';
  const descending = orderingText.startsWith('-');
  const column = orderingText.replace(/^-/, '');
  if (!(ASSET_SORT_COLUMNS as readonly string[]).includes(column)) throw invalid('ordering');
  const filters: InventoryQuery['filters'] = {};
  for (const key of ASSET_FILTER_KEYS) {
    const raw = text(query[key]);
    if (raw === undefined) continue;
    const values = [
      ...new Set(
        raw
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ];
    if (values.length === 0) continue;
    if (key === 'asset_group' && values.some((v) => !isUuid(v))) throw invalid(key);
    if (key === 'port' && values.some((v) => !/^\d{1,5}$/.test(v) || Number(v) > 65535)) throw invalid(key);
    if (key === 'gone' && values.some((v) => v !== 'true' && v !== 'false')) throw invalid(key);
    filters[key] = values;
  }
  const fieldnameText = text(query.fieldname);
  let fieldname: AssetOptionField | null = null;
  if (fieldnameText !== undefined) {
    if (!(ASSET_OPTION_FIELDS as readonly string[]).includes(fieldnameText)) {
      throw new HttpError(400, 'fieldname_invalid', 'assets.fieldname_invalid', {
        field: fieldnameText,
        allowed: ASSET_OPTION_FIELDS.join(', '),
      });
    }
    fieldname = fieldnameText as AssetOptionField;
  }
  const history = text(query.history)?.trim() || null;
  if (history && !isUuid(history)) throw invalid('history');
  return {
    search: (text(query.search) ?? '').trim(),
    ordering: { column: column as AssetSortColumn, descending },
    after: dateParam(text(query.created_at_after), 'created_at_after'),
    before: dateParam(text(query.created_at_before), 'created_at_before'),
    filters,
    fieldname,
    history,
  };
}

/** Where the rows come from: live assets, or one history's snapshot (fields read from its JSON). */
export interface AssetSource {
  workspace: SQL;
  group: SQL;
  host: SQL;
  port: SQL;
  ip: SQL;
  status: SQL;
  title: SQL;
  cname: SQL;
  content_length: SQL;
  scanned_count: SQL;
  created_at: SQL;
  updated_at: SQL;
  id: SQL;
  /** The technologies array and the JSON path of a technology's name in it. */
  technologies: SQL;
  techName: (element: SQL) => SQL;
  /** What search matches: host, addresses, title and CNAMEs in one text (the trigram index's expression). */
  searchText: SQL;
}

/** Sort columns that are never null: sorted plainly so the (workspace, column, id) indexes apply. */
export const NOT_NULL_SORTS: ReadonlySet<string> = new Set([
  'updated_at',
  'scanned_count',
  'host',
  'port',
  'ip',
  'status',
]);

export const liveSource: AssetSource = {
  workspace: sql`${assets.workspace_id}`,
  group: sql`${assets.group_id}`,
  host: sql`${assets.host}`,
  port: sql`${assets.port}`,
  ip: sql`${assets.ip}`,
  status: sql`${assets.status}`,
  title: sql`${assets.title}`,
  cname: sql`${assets.cname}`,
  content_length: sql`${assets.content_length}`,
  scanned_count: sql`${assets.scanned_count}`,
  created_at: sql`${assets.created_at}`,
  updated_at: sql`${assets.updated_at}`,
  id: sql`${assets.id}`,
  technologies: sql`${assets.technologies}`,
  techName: (e) => sql`(${e} ->> 'name')`,
  // Exactly the expression of assets_search_trgm_idx (migration 0009), so PostgreSQL can use it.
  searchText: sql`(${assets.host} || ' ' || ${assets.ip} || ' ' || coalesce(${assets.title}, '') || ' ' || coalesce(${assets.cname}, ''))`,
};

const d = sql`${assetSnapshots.data}`;
export const snapshotSource: AssetSource = {
  workspace: sql`${assetSnapshots.workspace_id}`,
  group: sql`${assetSnapshots.group_id}`,
  host: sql`${assetSnapshots.host}`,
  port: sql`${assetSnapshots.port}`,
  ip: sql`(${d} ->> 'ip')`,
  status: sql`(${d} ->> 'status')`,
  title: sql`(${d} ->> 'title')`,
  cname: sql`(${d} ->> 'cname')`,
  content_length: sql`((${d} ->> 'content_length')::int)`,
  scanned_count: sql`((${d} ->> 'scanned_count')::int)`,
  created_at: sql`((${d} ->> 'created_at')::timestamptz)`,
  updated_at: sql`((${d} ->> 'updated_at')::timestamptz)`,
  id: sql`${assetSnapshots.asset_id}`,
  technologies: sql`(${d} -> 'technologies')`,
  techName: (e) => sql`(${e} -> 'platform' ->> 'name')`,
  searchText: sql`(${assetSnapshots.host} || ' ' || coalesce(${d} ->> 'ip', '') || ' ' || coalesce(${d} ->> 'title', '') || ' ' || coalesce(${d} ->> 'cname', ''))`,
};

/** Whether the query asks for the gone assets (`gone=true`) instead of the live ones. */
export const wantsGone = (q: InventoryQuery) => q.filters.gone?.includes('true') ?? false;

/**
 * Which rows are the inventory: live assets, or under `gone=true` those a finished re-discovery
 * no longer saw (migration 0035). A snapshot holds what its run saw, so none of it is gone.
 * Kept apart from {@link inventoryConditions} because the counters count the live rows: an
 * otherwise unfiltered live query still reads its total from them.
 */
export function presenceCondition(src: AssetSource, q: InventoryQuery): SQL {
  if (src !== liveSource) return wantsGone(q) ? sql`false` : sql`true`;
  return wantsGone(q) ? sql`${assets.gone_at} is not null` : sql`${assets.gone_at} is null`;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (s: string) => `%${escapeLike(s)}%`;
const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The conditions of a query (without the workspace, group or history, which the caller adds). */
export function inventoryConditions(src: AssetSource, q: InventoryQuery): SQL[] {
  const out: SQL[] = [];
  if (q.search) out.push(sql`${src.searchText} ilike ${contains(q.search)}`);
  if (q.after) out.push(sql`${src.created_at} >= ${q.after}::date`);
  if (q.before) out.push(sql`${src.created_at} < (${q.before}::date + 1)`);
  const f = q.filters;
  if (f.asset_group) out.push(sql`${src.group} in (${list(f.asset_group)})`);
  if (f.status) out.push(sql`${src.status} in (${list(f.status)})`);
  if (f.port) out.push(sql`${src.port} in (${list(f.port.map(Number))})`);
  if (f.ip) out.push(sql`string_to_array(${src.ip}, ',') && array[${list(f.ip)}]::text[]`);
  for (const key of ['host', 'title', 'cname'] as const) {
    const values = f[key];
    if (values) {
      // Each of these columns lies inside the search text, so the same patterns on it narrow the
      // rows through the trigram index first (the column test below keeps the meaning exact).
      out.push(
        sql`(${sql.join(
          values.map((v) => sql`${src.searchText} ilike ${contains(v)}`),
          sql` or `,
        )})`,
      );
      out.push(
        sql`(${sql.join(
          values.map((v) => sql`coalesce(${src[key]}, '') ilike ${contains(v)}`),
          sql` or `,
        )})`,
      );
    }
  }
  if (f.technologies && src === liveSource) {
    // Containment on the stored name or the (lower-case) slug: both use assets_technologies_idx.
    const tests = f.technologies.flatMap((v) => [
      sql`${assets.technologies} @> ${JSON.stringify([{ name: v }])}::jsonb`,
      sql`${assets.technologies} @> ${JSON.stringify([{ slug: v.toLowerCase() }])}::jsonb`,
    ]);
    out.push(sql`(${sql.join(tests, sql` or `)})`);
  } else if (f.technologies) {
    const names = f.technologies.map((n) => n.toLowerCase());
    out.push(
      sql`exists (select 1 from jsonb_array_elements(${src.technologies}) as tech(e) where lower(${src.techName(sql`tech.e`)}) in (${list(names)}))`,
    );
  }
  return out;
}

export function inventoryOrder(src: AssetSource, q: InventoryQuery): SQL[] {
  const column = src[q.ordering.column];
  const dir = q.ordering.descending ? desc : asc;
  // nulls after values either way, and the id as a tie-breaker so pages never overlap.
  if (NOT_NULL_SORTS.has(q.ordering.column)) return [dir(column), dir(sql`${src.id}`)];
  return [
    q.ordering.descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`,
    dir(sql`${src.id}`),
  ];
}

/** The expression whose distinct values a `fieldname` lists (one row per value of a list field). */
export function optionValueSql(src: AssetSource, field: AssetOptionField): { from: SQL | null; value: SQL } {
  switch (field) {
    case 'ip':
      return { from: sql`unnest(string_to_array(nullif(${src.ip}, ''), ',')) as opt(v)`, value: sql`opt.v` };
    case 'cname':
      return {
        from: sql`unnest(string_to_array(btrim(${src.cname}, '[]'), ', ')) as opt(v)`,
        value: sql`btrim(opt.v, '''"')`,
      };
    case 'technologies':
      return {
        from: sql`jsonb_array_elements(${src.technologies}) as opt(e)`,
        value: src.techName(sql`opt.e`),
      };
    case 'port':
      return { from: null, value: sql`(${src.port})::text` };
    default:
      return { from: null, value: sql`${src[field]}` };
  }
}
