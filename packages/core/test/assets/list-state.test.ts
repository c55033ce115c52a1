import { describe, expect, it } from 'vitest';
import { applyFilterChoice, canAddTextFilter, canApplyDateRange } from '../../src/assets/filter-menu.js';
import {
  assetListReducer,
  initialAssetListState,
  nextSort,
  toggleFilterValue,
} from '../../src/assets/list-state.js';
import { allAssetsQuery, allAssetsQueryString, toDateParam } from '../../src/assets/query.js';

describe('asset list state', () => {
  it('starts with the spec defaults', () => {
    expect(initialAssetListState()).toEqual({
      groupIds: [],
      search: '',
      sort: { column: 'updated_at', direction: 'desc' },
      filters: {},
      page: 1,
      pageSize: 10,
      historyId: null,
      selectedIds: [],
      compareMode: false,
      compareIds: [null, null],
      viewType: 'card',
    });
  });

  it('toggles a filter value and drops a key left empty', () => {
    const one = toggleFilterValue({}, 'port', '80');
    expect(one).toEqual({ port: ['80'] });
    const two = toggleFilterValue(one, 'port', '443');
    expect(two).toEqual({ port: ['80', '443'] });
    expect(toggleFilterValue(two, 'port', '80')).toEqual({ port: ['443'] });
    expect(toggleFilterValue({ port: ['80'], host: ['a'] }, 'port', '80')).toEqual({ host: ['a'] });
  });

  it('resets the page on search, filters, page size and history but not on sort or page', () => {
    const at3 = initialAssetListState({ page: 3 });
    expect(assetListReducer(at3, { type: 'search', value: 'x' }).page).toBe(1);
    expect(assetListReducer(at3, { type: 'toggle_filter', key: 'ip', value: '1.1.1.1' }).page).toBe(1);
    expect(assetListReducer(at3, { type: 'page_size', pageSize: 50 })).toMatchObject({
      page: 1,
      pageSize: 50,
    });
    expect(assetListReducer(at3, { type: 'history', historyId: 'h1' })).toMatchObject({
      page: 1,
      historyId: 'h1',
    });
    expect(assetListReducer(at3, { type: 'sort', column: 'host' }).page).toBe(3);
    expect(assetListReducer(at3, { type: 'page', page: 7 }).page).toBe(7);
  });

  it('toggles direction on the same column; a new column starts ascending', () => {
    expect(nextSort({ column: 'updated_at', direction: 'desc' }, 'updated_at')).toEqual({
      column: 'updated_at',
      direction: 'asc',
    });
    expect(nextSort({ column: 'host', direction: 'asc' }, 'host')).toEqual({
      column: 'host',
      direction: 'desc',
    });
    expect(nextSort({ column: 'host', direction: 'desc' }, 'port')).toEqual({
      column: 'port',
      direction: 'asc',
    });
  });

  it('reset clears search, sort, filters, page, selection, compare mode and history', () => {
    const busy = initialAssetListState({
      groupIds: ['g'],
      search: 'api',
      sort: { column: 'port', direction: 'asc' },
      filters: { port: ['80'], date: { after: '2026-01-01', before: '2026-02-01' } },
      page: 4,
      pageSize: 50,
      historyId: 'h',
      selectedIds: ['a'],
      compareMode: true,
      compareIds: ['h1', 'h2'],
      viewType: 'table',
    });
    expect(assetListReducer(busy, { type: 'reset' })).toEqual(
      initialAssetListState({ groupIds: ['g'], pageSize: 50, viewType: 'table' }),
    );
  });

  it('selection toggles and compare mode off forgets the pair', () => {
    let s = assetListReducer(initialAssetListState(), { type: 'toggle_select', id: 'a' });
    s = assetListReducer(s, { type: 'toggle_select', id: 'b' });
    expect(assetListReducer(s, { type: 'toggle_select', id: 'a' }).selectedIds).toEqual(['b']);
    s = assetListReducer(s, { type: 'compare_mode', on: true });
    s = assetListReducer(s, { type: 'compare_ids', ids: ['h1', 'h2'] });
    expect(assetListReducer(s, { type: 'compare_mode', on: false }).compareIds).toEqual([null, null]);
  });
});

describe('filter menu', () => {
  it('applies a date range only with both dates, then closes', () => {
    expect(canApplyDateRange('2026-01-01', null)).toBe(false);
    expect(applyFilterChoice({ kind: 'date', after: '2026-01-01', before: '' }).action).toBeNull();
    expect(applyFilterChoice({ kind: 'date', after: '2026-01-01', before: '2026-01-31' })).toEqual({
      action: { type: 'set_date', after: '2026-01-01', before: '2026-01-31' },
      closeMenu: true,
      clearInput: false,
    });
  });

  it('adds trimmed non-blank text and clears the input', () => {
    expect(canAddTextFilter('   ')).toBe(false);
    expect(applyFilterChoice({ kind: 'text', key: 'host', text: '  \t' }).action).toBeNull();
    expect(applyFilterChoice({ kind: 'text', key: 'host', text: '  api ' })).toEqual({
      action: { type: 'toggle_filter', key: 'host', value: 'api' },
      closeMenu: false,
      clearInput: true,
    });
  });

  it('select toggles; a disabled menu does nothing', () => {
    expect(applyFilterChoice({ kind: 'select', key: 'status', value: '200' }).action).toEqual({
      type: 'toggle_filter',
      key: 'status',
      value: '200',
    });
    expect(applyFilterChoice({ kind: 'select', key: 'status', value: '200' }, true).action).toBeNull();
  });
});

describe('all-assets query', () => {
  it('builds page, size, trimmed search, ordering, dates and comma-joined filters', () => {
    const state = initialAssetListState({
      search: '  shop ',
      page: 2,
      pageSize: 25,
      sort: { column: 'host', direction: 'asc' },
      filters: {
        port: ['80', '443'],
        technologies: ['nginx'],
        date: { after: '2026-01-05', before: '2026-02-01T23:00:00.000Z' },
      },
    });
    expect(allAssetsQuery(state)).toEqual({
      page: '2',
      page_size: '25',
      search: 'shop',
      ordering: 'host',
      created_at_after: '2026-01-05',
      created_at_before: '2026-02-01',
      port: '80,443',
      technologies: 'nginx',
    });
  });

  it('omits blank search, prefixes descending with a minus and sends the groups', () => {
    const query = allAssetsQueryString(initialAssetListState({ search: '   ', groupIds: ['g1', 'g2'] }));
    expect(query).toBe('page=1&page_size=10&ordering=-updated_at&asset_group=g1%2Cg2');
  });

  it('formats dates as YYYY-MM-DD and rejects non-dates', () => {
    expect(toDateParam(new Date('2026-03-04T10:00:00Z'))).toBe('2026-03-04');
    expect(toDateParam('nope')).toBeNull();
  });
});
