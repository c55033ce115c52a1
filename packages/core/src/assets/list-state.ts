/**
 * The inventory's UI state (spec §3 "Asset list UI state") and its transitions (spec §4) as a
 * pure reducer, so the panel and its tests share one set of rules.
 */
import type { AssetFilterKey, AssetFilters, AssetSortColumn } from './filters.js';

export type SortDirection = 'asc' | 'desc';
export type AssetViewType = 'card' | 'table';

export interface AssetListState {
  groupIds: string[];
  search: string;
  sort: { column: AssetSortColumn; direction: SortDirection };
  filters: AssetFilters;
  page: number;
  pageSize: number;
  /** null is live data (spec §4 "History selection"). */
  historyId: string | null;
  selectedIds: string[];
  compareMode: boolean;
  compareIds: [string | null, string | null];
  viewType: AssetViewType;
}

export const DEFAULT_ASSET_SORT = { column: 'updated_at', direction: 'desc' } as const;

/** The state a fresh inventory starts with (spec §3 defaults). */
export function initialAssetListState(overrides: Partial<AssetListState> = {}): AssetListState {
  return {
    groupIds: [],
    search: '',
    sort: { ...DEFAULT_ASSET_SORT },
    filters: {},
    page: 1,
    pageSize: 10,
    historyId: null,
    selectedIds: [],
    compareMode: false,
    compareIds: [null, null],
    viewType: 'card',
    ...overrides,
  };
}

export type AssetListAction =
  | { type: 'search'; value: string }
  | { type: 'toggle_filter'; key: AssetFilterKey; value: string }
  | { type: 'set_date'; after: string; before: string }
  | { type: 'clear_date' }
  | { type: 'remove_filter'; key: AssetFilterKey }
  | { type: 'clear_filters' }
  | { type: 'page'; page: number }
  | { type: 'page_size'; pageSize: number }
  | { type: 'sort'; column: AssetSortColumn }
  | { type: 'history'; historyId: string | null }
  | { type: 'toggle_select'; id: string }
  | { type: 'select'; ids: string[] }
  | { type: 'compare_mode'; on: boolean }
  | { type: 'compare_ids'; ids: [string | null, string | null] }
  | { type: 'groups'; ids: string[] }
  | { type: 'view'; viewType: AssetViewType }
  | { type: 'reset' };

/**
 * Choosing a value already present removes it; a key left empty is dropped (spec §4).
 * @example toggleFilterValue({ port: ['80'] }, 'port', '80') // {}
 */
export function toggleFilterValue(filters: AssetFilters, key: AssetFilterKey, value: string): AssetFilters {
  const current = filters[key] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const { [key]: _dropped, ...rest } = filters;
  return next.length ? { ...rest, [key]: next } : rest;
}

/**
 * Same column toggles the direction; a new column starts ascending (spec §4).
 * @example nextSort({ column: 'host', direction: 'asc' }, 'host') // { column: 'host', direction: 'desc' }
 */
export function nextSort(sort: AssetListState['sort'], column: AssetSortColumn): AssetListState['sort'] {
  if (sort.column === column) return { column, direction: sort.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

/**
 * The reducer. Search, filters, page size and history reset the page to 1; `reset` clears search,
 * sort, filters, page, selection, compare mode and history but keeps the groups, page size and view.
 * @example assetListReducer(state, { type: 'search', value: 'api' }).page // 1
 */
export function assetListReducer(state: AssetListState, action: AssetListAction): AssetListState {
  switch (action.type) {
    case 'search':
      return { ...state, search: action.value, page: 1 };
    case 'toggle_filter':
      return { ...state, filters: toggleFilterValue(state.filters, action.key, action.value), page: 1 };
    case 'set_date':
      return {
        ...state,
        filters: { ...state.filters, date: { after: action.after, before: action.before } },
        page: 1,
      };
    case 'clear_date': {
      const { date: _date, ...rest } = state.filters;
      return { ...state, filters: rest, page: 1 };
    }
    case 'remove_filter': {
      const { [action.key]: _removed, ...rest } = state.filters;
      return { ...state, filters: rest, page: 1 };
    }
    case 'clear_filters':
      return { ...state, filters: {}, page: 1 };
    case 'page':
      return { ...state, page: Math.max(1, Math.trunc(action.page)) };
    case 'page_size':
      return { ...state, pageSize: action.pageSize, page: 1 };
    case 'sort':
      return { ...state, sort: nextSort(state.sort, action.column) };
    case 'history':
      return { ...state, historyId: action.historyId, page: 1 };
    case 'toggle_select':
      return {
        ...state,
        selectedIds: state.selectedIds.includes(action.id)
          ? state.selectedIds.filter((id) => id !== action.id)
          : [...state.selectedIds, action.id],
      };
    case 'select':
      return { ...state, selectedIds: [...new Set(action.ids)] };
    case 'compare_mode':
      return { ...state, compareMode: action.on, compareIds: action.on ? state.compareIds : [null, null] };
    case 'compare_ids':
      return { ...state, compareIds: action.ids };
    case 'groups':
      return { ...state, groupIds: action.ids, page: 1, selectedIds: [] };
    case 'view':
      return { ...state, viewType: action.viewType };
    case 'reset':
      return initialAssetListState({
        groupIds: state.groupIds,
        pageSize: state.pageSize,
        viewType: state.viewType,
      });
  }
}
