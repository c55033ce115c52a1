import { describe, expect, it } from 'vitest';
import { statusTone } from '../src/lib/status-tone';

describe('statusTone (spec §4 badge colours)', () => {
  it.each([
    [200, 'success'],
    ['204', 'success'],
    [301, 'info'],
    ['404', 'warning'],
    [503, 'error'],
    ['done', 'success'],
    ['pending', 'neutral'],
    [102, 'neutral'],
    [null, 'neutral'],
  ] as const)('colours %s as %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});
