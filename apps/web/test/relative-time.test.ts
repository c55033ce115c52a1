import { describe, expect, it } from 'vitest';
import { relativeTime } from '../src/lib/relative-time';

const now = Date.parse('2026-05-01T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('relativeTime (spec §9)', () => {
  it('is "just now" under 60 seconds', () => {
    expect(relativeTime(ago(59_000), now)).toEqual({ unit: 'just_now', count: 0 });
  });
  it('counts whole minutes from 60 seconds', () => {
    expect(relativeTime(ago(60_000), now)).toEqual({ unit: 'minutes', count: 1 });
    expect(relativeTime(ago(59 * 60_000 + 59_000), now)).toEqual({ unit: 'minutes', count: 59 });
  });
  it('counts hours, then days', () => {
    expect(relativeTime(ago(3 * 3_600_000), now)).toEqual({ unit: 'hours', count: 3 });
    expect(relativeTime(ago(50 * 3_600_000), now)).toEqual({ unit: 'days', count: 2 });
  });
  it('reads a time in the future or unreadable as just now', () => {
    expect(relativeTime(ago(-120_000), now)).toEqual({ unit: 'just_now', count: 0 });
    expect(relativeTime('not a date', now)).toEqual({ unit: 'just_now', count: 0 });
  });
});
