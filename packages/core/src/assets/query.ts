/**
 * The query string of `GET panel/all-assets/` (spec §7) built from the inventory's state.
 */
import { ASSET_FILTER_KEYS } from './filters.js';
import type { AssetListState } from './list-state.js';

/** A Date or YYYY-MM-DD text as YYYY-MM-DD (UTC), or null when it is not a date. */
export function toDateParam(value: string | Date): string | null {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : value;
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Query parameters for the inventory: page, page_size, trimmed search (omitted when blank),
 * ordering (`-` for descending), created_at_after/before, other filters comma-joined.
 * @example
 * allAssetsQuery(initialAssetListState({ search: ' api ' }))
 * // { page: '1', page_size: '10', search: 'api', ordering: '-updated_at' }
 */
export function allAssetsQuery(
  state: Pick<AssetListState, 'page' | 'pageSize' | 'search' | 'sort' | 'filters' | 'groupIds'>,
): Record<string, string> {
  const query: Record<string, string> = { page: String(state.page), page_size: String(state.pageSize) };
  const search = state.search.trim();
  if (search) query.search = search;
  query.ordering = `${state.sort.direction === 'desc' ? '-' : ''}${state.sort.column}`;
  const date = state.filters.date;
  if (date) {
    const after = toDateParam(date.after);
    const before = toDateParam(date.before);
    if (after) query.created_at_after = after;
    if (before) query.created_at_before = before;
  }
  const groups = state.filters.asset_group?.length ? state.filters.asset_group : state.groupIds;
  for (const key of ASSET_FILTER_KEYS) {
    const values = key === 'asset_group' ? groups : state.filters[key];
    if (values?.length) query[key] = values.join(',');
  }
  return query;
}

/** The same parameters as a URL query string (`page=1&page_size=10&...`). */
export function allAssetsQueryString(state: Parameters<typeof allAssetsQuery>[0]): string {
  return new URLSearchParams(allAssetsQuery(state)).toString();
}
