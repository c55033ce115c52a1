import { describe, expect, it } from 'vitest';
import { badgeCount } from '../src/lib/badge-count';

describe('badgeCount (spec §9)', () => {
  it('shows nothing without unseen notifications', () => {
    expect(badgeCount(0)).toBeNull();
  });
  it('shows the count up to 9', () => {
    expect(badgeCount(9)).toBe('9');
  });
  it('shows 9+ above 9, with Persian digits in fa', () => {
    expect(badgeCount(10)).toBe('9+');
    expect(badgeCount(120, (n) => new Intl.NumberFormat('fa-IR').format(n))).toBe('۹+');
  });
});
