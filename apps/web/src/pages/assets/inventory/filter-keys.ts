import type { AssetOptionField } from '@didban/core';

/**
 * The Add-filters menu's types (spec §3 "Filters"): option lists with counts for most keys, a
 * free text for the title (matched as "contains"), the gone assets, and the created-date range.
 */
export type FilterType =
  | { key: AssetOptionField; kind: 'select' }
  // One fixed option (gone=true): the assets a re-discovery no longer found, left out otherwise.
  | { key: 'gone'; kind: 'select' }
  | { key: 'title'; kind: 'text' }
  | { key: 'date'; kind: 'date' };

export const FILTER_TYPES: FilterType[] = [
  { key: 'status', kind: 'select' },
  { key: 'host', kind: 'select' },
  { key: 'ip', kind: 'select' },
  { key: 'port', kind: 'select' },
  { key: 'technologies', kind: 'select' },
  { key: 'cname', kind: 'select' },
  { key: 'title', kind: 'text' },
  { key: 'gone', kind: 'select' },
  { key: 'date', kind: 'date' },
];
