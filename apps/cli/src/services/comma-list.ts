import { usageError } from '../errors.js';

/**
 * A comma-separated flag checked against the values the server knows, so a typo is a usage error
 * (exit 2) before any request: `commaList('high,critical', SEVERITIES, '--severity')`.
 */
export function commaList<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  option: string,
): T[] | undefined {
  if (value === undefined) return undefined;
  const items = value
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  const bad = items.find((v) => !(allowed as readonly string[]).includes(v));
  if (bad !== undefined || items.length === 0) {
    throw usageError('usage.bad_choice', { option, value: bad ?? value, allowed: allowed.join(', ') });
  }
  return [...new Set(items)] as T[];
}
