/**
 * The first `limit` items and how many more there are (spec §2: the table shows at most 2 IPs
 * then '+N more', at most 3 technology icons then '+N').
 * @example truncateList(['a', 'b', 'c'], 2) // { shown: ['a', 'b'], hidden: 1 }
 */
export function truncateList<T>(items: readonly T[], limit: number): { shown: T[]; hidden: number } {
  return { shown: items.slice(0, limit), hidden: Math.max(0, items.length - limit) };
}

/** The addresses of an asset's comma-separated `ip` text, without blanks. */
export function splitIps(ip: string): string[] {
  return ip
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
