import { LIMITS } from '@didban/core';

/**
 * Spec §9: the bell shows the unseen count, or "9+" above 9; nothing when there are none.
 * `format` localises the digits (Persian digits in fa).
 * @example badgeCount(12) // '9+'
 */
export function badgeCount(
  count: number,
  format: (n: number) => string = String,
  max: number = LIMITS.notificationBadgeMax,
): string | null {
  if (count <= 0) return null;
  return count > max ? `${format(max)}+` : format(count);
}
