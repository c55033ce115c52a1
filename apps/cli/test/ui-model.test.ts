import type { AssetGroup } from '@didban/core';
import { describe, expect, it } from 'vitest';
import { CliError } from '../src/errors.js';
import { severityCountsText, shortTime } from '../src/output/format.js';
import { commaList } from '../src/services/comma-list.js';
import { defaultExportFile } from '../src/ui/app/export-form.js';
import { clampCursor, fit, visibleWindow } from '../src/ui/app/list-window.js';

describe('the list window of didban ui', () => {
  it('draws from the top while the cursor is in the first screenful', () => {
    expect(visibleWindow(25, 3, 10)).toEqual({ start: 0, end: 10 });
    expect(visibleWindow(4, 3, 10)).toEqual({ start: 0, end: 4 });
  });
  it('scrolls so the cursor is the last row drawn, never past the end', () => {
    expect(visibleWindow(25, 12, 10)).toEqual({ start: 3, end: 13 });
    expect(visibleWindow(25, 24, 10)).toEqual({ start: 15, end: 25 });
  });
  it('still shows the cursor row on a terminal too short for any list', () => {
    expect(visibleWindow(25, 7, 0)).toEqual({ start: 7, end: 8 });
  });
  it('cuts or pads a cell to its width, marking a cut with …', () => {
    expect(fit('shop.example.com', 8)).toBe('shop.ex…');
    expect(fit('api', 5)).toBe('api  ');
    expect(fit('api', 0)).toBe('');
  });
  it('keeps the cursor on the list', () => {
    expect(clampCursor(5, 3)).toBe(2);
    expect(clampCursor(-1, 3)).toBe(0);
  });
});

describe('export file names', () => {
  const group = { name: 'Shop / EU 2' } as AssetGroup;
  it('comes from the group name, safe on any file system, with the format as extension', () => {
    expect(defaultExportFile({ kind: 'group', group }, 'csv')).toBe('assets-Shop-EU-2.csv');
    expect(defaultExportFile({ kind: 'assets', group, assets: [] }, 'json')).toBe(
      'assets-Shop-EU-2-selection.json',
    );
    expect(defaultExportFile({ kind: 'group', group: { name: 'فروشگاه' } as AssetGroup }, 'csv')).toBe(
      'assets-فروشگاه.csv',
    );
  });
});

describe('comma-separated flags', () => {
  const allowed = ['open', 'fixed'] as const;
  it('takes known values once each, in any case', () => {
    expect(commaList('open, FIXED,open', allowed, '--status')).toEqual(['open', 'fixed']);
    expect(commaList(undefined, allowed, '--status')).toBeUndefined();
  });
  it('refuses an unknown or empty value as a usage error (exit 2) naming it', () => {
    const error = (() => {
      try {
        commaList('open,closed', allowed, '--status');
      } catch (e) {
        return e;
      }
    })() as CliError;
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({ exitCode: 2, params: { option: '--status', value: 'closed' } });
    expect(() => commaList(' , ', allowed, '--status')).toThrow(CliError);
  });
});

describe('table cells', () => {
  it('shows times to the minute and severity counts most severe first', () => {
    expect(shortTime('2026-11-21T16:05:09.123Z')).toBe('2026-11-21 16:05');
    expect(shortTime(null)).toBe('-');
    expect(severityCountsText({ critical: 1, high: 0, medium: 2, low: 0, info: 5 })).toBe(
      'C 1  H 0  M 2  L 0  I 5',
    );
  });
});
