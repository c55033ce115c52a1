import { describe, expect, it } from 'vitest';
import { durationParts } from '../src/pages/scans/detail/duration';
import { initialVulnFilters, toggleSeverity, vulnQuery } from '../src/pages/scans/detail/vuln-filters';
import {
  initialScanListState,
  type ScanListState,
  scanListQuery,
  scanListReducer,
} from '../src/pages/scans/scan-list-state';

const on = (state: ScanListState, ...actions: Parameters<typeof scanListReducer>[1][]) =>
  actions.reduce(scanListReducer, state);

describe('the /scans list state (spec §3 filters, §4 rules)', () => {
  it('asks for page 1 of 10 with nothing else at first', () => {
    expect(scanListQuery(initialScanListState())).toEqual({ page: 1, page_size: 10 });
  });

  it('joins chosen values with commas, drops a value chosen twice and the key it empties', () => {
    let state = on(
      initialScanListState(),
      { type: 'toggle_filter', key: 'host', value: 'a.example' },
      { type: 'toggle_filter', key: 'host', value: 'b.example' },
      { type: 'toggle_filter', key: 'status', value: 'running' },
    );
    expect(scanListQuery(state)).toEqual({
      page: 1,
      page_size: 10,
      host: 'a.example,b.example',
      status: 'running',
    });
    state = on(state, { type: 'toggle_filter', key: 'status', value: 'running' });
    expect(state.filters).toEqual({ host: ['a.example', 'b.example'] });
    expect('status' in scanListQuery(state)).toBe(false);
  });

  it('goes back to page 1 when the search or a filter changes, not when the page does', () => {
    let state = on(initialScanListState(), { type: 'page', page: 4 });
    expect(state.page).toBe(4);
    state = on(state, { type: 'search', search: 'weekly' });
    expect(state.page).toBe(1);
    state = on(state, { type: 'page', page: 3 }, { type: 'toggle_filter', key: 'port', value: '443' });
    expect(state.page).toBe(1);
    state = on(state, { type: 'page', page: 2 }, { type: 'clear_filters' });
    expect(state).toMatchObject({ page: 1, filters: {} });
  });

  it('sends the trimmed search and the date range as created_at_after / created_at_before', () => {
    const state = on(
      initialScanListState(),
      { type: 'search', search: '  nightly  ' },
      { type: 'set_date', after: '2026-01-01', before: '2026-02-01' },
    );
    expect(scanListQuery(state)).toEqual({
      page: 1,
      page_size: 10,
      search: 'nightly',
      created_at_after: '2026-01-01',
      created_at_before: '2026-02-01',
    });
    expect(scanListQuery(on(state, { type: 'clear_date' }))).toEqual({
      page: 1,
      page_size: 10,
      search: 'nightly',
    });
  });

  it('remembers the label of an id-valued choice for its badge', () => {
    const state = on(initialScanListState(), {
      type: 'toggle_filter',
      key: 'asset_group',
      value: 'g-1',
      label: 'Shop',
    });
    expect(state.labels['asset_group:g-1']).toBe('Shop');
    expect(scanListQuery(state).asset_group).toBe('g-1');
  });
});

describe('run durations and the findings filters', () => {
  it('drops fractions and picks the unit', () => {
    expect(durationParts(12.9)).toEqual({ key: 'seconds', s: 12 });
    expect(durationParts(125)).toEqual({ key: 'minutes', m: 2, s: 5 });
    expect(durationParts(3 * 3600 + 7 * 60 + 9)).toEqual({ key: 'hours', h: 3, m: 7 });
  });

  it('toggles severity chips, resets the page and joins them for the query', () => {
    let filters = { ...initialVulnFilters(), page: 3 };
    filters = toggleSeverity(filters, 'high');
    filters = toggleSeverity(filters, 'critical');
    expect(filters.page).toBe(1);
    expect(vulnQuery({ ...filters, status: 'open' }, ' admin ')).toEqual({
      page: 1,
      page_size: 10,
      severity: 'high,critical',
      status: 'open',
      search: 'admin',
    });
    expect(toggleSeverity(filters, 'high').severities).toEqual(['critical']);
  });
});
