import type { EnumerationHistory } from '@didban/core';
import { describe, expect, it } from 'vitest';
import { showValue } from '../src/components/assets/show-value';
import { splitIps, truncateList } from '../src/components/assets/truncate-list';
import { finishedHistories, formatDuration, signedCount } from '../src/pages/assets/inventory/history-format';

describe('inventory truncation (spec §2)', () => {
  it('keeps the first items and counts the rest', () => {
    expect(truncateList(['a', 'b', 'c', 'd'], 2)).toEqual({ shown: ['a', 'b'], hidden: 2 });
    expect(truncateList(['a'], 3)).toEqual({ shown: ['a'], hidden: 0 });
  });
  it('splits the comma-separated addresses without blanks', () => {
    expect(splitIps('10.0.0.1, 10.0.0.2,,')).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(splitIps('')).toEqual([]);
  });
});

describe('history entries (spec §2, §3)', () => {
  it('signs the new-asset count: green plus when positive, red minus when negative', () => {
    expect(signedCount(3)).toEqual({ text: '+3', tone: 'success' });
    expect(signedCount(-2)).toEqual({ text: '-2', tone: 'error' });
    expect(signedCount(0)).toEqual({ text: '0', tone: 'neutral' });
    expect(signedCount(-1200, (n) => new Intl.NumberFormat('fa-IR').format(n)).text).toBe('-۱٬۲۰۰');
  });
  it('drops fractional seconds from the duration', () => {
    expect(formatDuration(65.9, 'en-US')).toBe('1 min 5 sec');
    expect(formatDuration(0.4, 'en-US')).toBe('0 sec');
    expect(formatDuration(3600, 'en-US')).toBe('1 hr');
  });
  it('offers finished runs only, newest first', () => {
    const run = (id: string, status: EnumerationHistory['status'], completed: string | null) => ({
      id,
      status,
      started_at: '2026-01-01T00:00:00Z',
      completed_at: completed,
      duration: 1,
      new_assets: 0,
    });
    const list = finishedHistories([
      run('a', 'finished', '2026-01-01T10:00:00Z'),
      run('b', 'running', null),
      run('c', 'finished', '2026-01-02T10:00:00Z'),
      run('d', 'failed', '2026-01-03T10:00:00Z'),
    ]);
    expect(list.map((h) => h.id)).toEqual(['c', 'a']);
  });
});

describe('changed values', () => {
  it('reads technologies by name (version), nothing as blank, the rest as text', () => {
    expect(
      showValue([
        { platform: { name: 'nginx' }, version: '1.24' },
        { name: 'jQuery', version: null },
      ]),
    ).toBe('nginx (1.24), jQuery');
    expect(showValue(null)).toBe('');
    expect(showValue(200)).toBe('200');
    expect(showValue(['a', 'b'])).toBe('a, b');
  });
});
