/**
 * Prefilled bulk scan names (spec §5).
 */

const MAX_NAME = 100;
const CUT_AT = 97;

/**
 * For groups: 'bulk scan for' plus the joined names, cut to 97 characters plus '...' when over 100.
 * @example bulkScanNameForGroups(['Shop', 'Blog']) // 'bulk scan for Shop, Blog'
 */
export function bulkScanNameForGroups(names: readonly string[]): string {
  const name = `bulk scan for ${names.join(', ')}`;
  return name.length > MAX_NAME ? `${name.slice(0, CUT_AT)}...` : name;
}

/**
 * For assets: 'bulk scan for' plus the first 3 hosts, and 'and N more' when there are more.
 * @example bulkScanNameForAssets(['a', 'b', 'c', 'd']) // 'bulk scan for a, b, c and 1 more'
 */
export function bulkScanNameForAssets(hosts: readonly string[]): string {
  const shown = hosts.slice(0, 3).join(', ');
  const more = hosts.length > 3 ? ` and ${hosts.length - 3} more` : '';
  return `bulk scan for ${shown}${more}`;
}

/**
 * A prefilled name made distinct by when it was prefilled, `<name> · YYYY-MM-DD HH:MM` (local
 * time), so scans started from the same group do not all read 'bulk scan for Lab'. The name is
 * cut (with '...') so the whole stays within 100 characters.
 * @example datedScanName('bulk scan for Lab', new Date(2026, 10, 25, 9, 5)) // 'bulk scan for Lab · 2026-11-25 09:05'
 */
export function datedScanName(name: string, at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp = ` · ${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}`;
  const room = MAX_NAME - stamp.length;
  const base = name.length > room ? `${name.slice(0, room - 3)}...` : name;
  return `${base}${stamp}`;
}

/**
 * The default name of a bulk scan wherever one is started (panel dialog, CLI flags, CLI screens):
 * spec §5's prefill for the groups or hosts, dated by `datedScanName`.
 * @example defaultBulkScanName({ groups: ['Lab'] }, new Date(2026, 10, 25, 9, 5)) // 'bulk scan for Lab · 2026-11-25 09:05'
 */
export function defaultBulkScanName(
  target: { groups: readonly string[] } | { hosts: readonly string[] },
  at: Date,
): string {
  const prefill =
    'groups' in target ? bulkScanNameForGroups(target.groups) : bulkScanNameForAssets(target.hosts);
  return datedScanName(prefill, at);
}
