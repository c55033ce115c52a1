import type { EnumerationHistory } from '@didban/core';

/**
 * The signed new-asset count of a history entry and its tone (spec §2: green with a plus when
 * positive, red when negative). Zero reads plainly.
 * @example signedCount(3) // { text: '+3', tone: 'success' }
 */
export function signedCount(
  n: number,
  format: (value: number) => string = String,
): { text: string; tone: 'success' | 'error' | 'neutral' } {
  if (n > 0) return { text: `+${format(n)}`, tone: 'success' };
  if (n < 0) return { text: `-${format(-n)}`, tone: 'error' };
  return { text: format(0), tone: 'neutral' };
}

/**
 * A duration in whole seconds as minutes and seconds in the reader's locale; spec §3: fractional
 * seconds are dropped when shown.
 * @example formatDuration(65.8, 'en-US') // '1 min, 5 sec'
 */
export function formatDuration(seconds: number, locale: string): string {
  const whole = Math.max(0, Math.trunc(seconds));
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const parts = [
    h ? unit(h, 'hour') : '',
    m ? unit(m, 'minute') : '',
    s || (!h && !m) ? unit(s, 'second') : '',
  ];
  return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(parts.filter(Boolean));
}

/** Finished histories, newest first: what the dropdown and compare mode offer (spec §2). */
export function finishedHistories(history: readonly EnumerationHistory[]): EnumerationHistory[] {
  return history
    .filter((h) => h.status === 'finished' && h.completed_at)
    .sort((a, b) => Date.parse(b.completed_at!) - Date.parse(a.completed_at!));
}
