import type { ScanFilterKey } from '@didban/core';

/**
 * The scan filter panel's types (spec §3 "Filters", shared with the asset filter bar): option
 * lists with counts for most keys, a free text for the name, and the created-date range.
 * `labelled` keys hold ids (groups, templates) whose options carry a readable label.
 */
export type ScanFilterType =
  | { key: Exclude<ScanFilterKey, 'name'>; kind: 'select'; labelled?: true }
  | { key: 'name'; kind: 'text' }
  | { key: 'date'; kind: 'date' };

export const SCAN_FILTER_TYPES: ScanFilterType[] = [
  { key: 'status', kind: 'select' },
  { key: 'asset_group', kind: 'select', labelled: true },
  { key: 'worker_group', kind: 'select', labelled: true },
  { key: 'template_ids', kind: 'select', labelled: true },
  { key: 'template_tags', kind: 'select' },
  { key: 'host', kind: 'select' },
  { key: 'ip', kind: 'select' },
  { key: 'port', kind: 'select' },
  { key: 'technologies', kind: 'select' },
  { key: 'cname', kind: 'select' },
  { key: 'title', kind: 'select' },
  { key: 'name', kind: 'text' },
  { key: 'date', kind: 'date' },
];
