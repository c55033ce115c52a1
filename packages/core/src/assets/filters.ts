/**
 * Asset filter keys and sort columns (spec §3 "Filters", §2 inventory sort selector). One list
 * serves the panel's filter bar, the query builder and the server, which rejects any other key.
 */

/** Keys the inventory accepts as comma-joined filters (spec §3; `technologies` matches by name). */
export const ASSET_FILTER_KEYS = [
  'asset_group',
  'status',
  'host',
  'cname',
  'ip',
  'technologies',
  'title',
  'port',
  // `gone=true`: only assets a re-discovery no longer saw, which the inventory otherwise leaves out.
  'gone',
] as const;
export type AssetFilterKey = (typeof ASSET_FILTER_KEYS)[number];

/** Keys whose option values (`fieldname`) the server counts. */
export const ASSET_OPTION_FIELDS = [
  'status',
  'host',
  'cname',
  'ip',
  'technologies',
  'title',
  'port',
] as const;
export type AssetOptionField = (typeof ASSET_OPTION_FIELDS)[number];

/** Sort selector columns (spec §2); `-` before one means descending. */
export const ASSET_SORT_COLUMNS = [
  'updated_at',
  'scanned_count',
  'content_length',
  'host',
  'port',
  'ip',
  'status',
  'title',
  'cname',
] as const;
export type AssetSortColumn = (typeof ASSET_SORT_COLUMNS)[number];

/** Applied filters: key → chosen values; the date range travels as created_at_after/before. */
export type AssetFilters = Partial<Record<AssetFilterKey, string[]>> & {
  date?: { after: string; before: string };
};

/** Page sizes the inventory offers (spec §9). */
export const ASSET_PAGE_SIZES = [10, 25, 50, 100] as const;

export function isAssetFilterKey(key: string): key is AssetFilterKey {
  return (ASSET_FILTER_KEYS as readonly string[]).includes(key);
}
