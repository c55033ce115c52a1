import { LIMITS, type ScanFilterKey, type ScanListQuery } from '@didban/core';

/**
 * /scans list state: search, page and filters with the asset filter rules of spec §4 — choosing a
 * value already present removes it, an emptied key is dropped, and any change of search or
 * filters goes back to page 1. Labels remember what an id-valued choice (group, template) reads as.
 */
export type ScanFilters = Partial<Record<ScanFilterKey, string[]>> & {
  date?: { after: string; before: string };
};

export type ScanListState = {
  search: string;
  page: number;
  filters: ScanFilters;
  labels: Record<string, string>;
};

export type ScanListAction =
  | { type: 'search'; search: string }
  | { type: 'page'; page: number }
  | { type: 'toggle_filter'; key: ScanFilterKey; value: string; label?: string | null }
  | { type: 'set_date'; after: string; before: string }
  | { type: 'clear_date' }
  | { type: 'clear_filters' };

export const initialScanListState = (): ScanListState => ({ search: '', page: 1, filters: {}, labels: {} });

export const filterLabelKey = (key: ScanFilterKey, value: string) => `${key}:${value}`;

export function scanListReducer(state: ScanListState, action: ScanListAction): ScanListState {
  switch (action.type) {
    case 'search':
      return action.search === state.search ? state : { ...state, search: action.search, page: 1 };
    case 'page':
      return { ...state, page: action.page };
    case 'toggle_filter': {
      const current = state.filters[action.key] ?? [];
      const next = current.includes(action.value)
        ? current.filter((v) => v !== action.value)
        : [...current, action.value];
      const { [action.key]: _dropped, ...rest } = state.filters;
      const labels = action.label
        ? { ...state.labels, [filterLabelKey(action.key, action.value)]: action.label }
        : state.labels;
      return { ...state, filters: next.length ? { ...rest, [action.key]: next } : rest, labels, page: 1 };
    }
    case 'set_date':
      return {
        ...state,
        filters: { ...state.filters, date: { after: action.after, before: action.before } },
        page: 1,
      };
    case 'clear_date': {
      const { date: _dropped, ...rest } = state.filters;
      return { ...state, filters: rest, page: 1 };
    }
    case 'clear_filters':
      return { ...state, filters: {}, page: 1 };
  }
}

/** `GET panel/scans/` query: trimmed search, page size 10, comma-joined filters, the date range. */
export function scanListQuery(state: ScanListState, search = state.search): ScanListQuery {
  const query: ScanListQuery = { page: state.page, page_size: LIMITS.defaultScanPageSize };
  const trimmed = search.trim();
  if (trimmed) query.search = trimmed;
  for (const [key, values] of Object.entries(state.filters)) {
    if (key === 'date' || !Array.isArray(values) || values.length === 0) continue;
    query[key as ScanFilterKey] = values.join(',');
  }
  if (state.filters.date) {
    query.created_at_after = state.filters.date.after;
    query.created_at_before = state.filters.date.before;
  }
  return query;
}

export const hasFilters = (state: ScanListState) => Object.keys(state.filters).length > 0;
