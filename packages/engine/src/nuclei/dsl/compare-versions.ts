/**
 * `compare_versions(version, constraint...)`: each constraint is like hashicorp/go-version's,
 * e.g. `< 2.4.50`, `>= 1.0, < 1.5`, `~> 1.2`. All constraints must hold.
 */
export function compareVersions(version: string, constraints: readonly string[]): boolean {
  const v = parseVersion(version);
  if (!v) return false;
  return constraints.every((group) =>
    group
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean)
      .every((c) => satisfies(v, c)),
  );
}

type Version = number[];

function parseVersion(text: string): Version | undefined {
  const m = /^v?(\d+(?:\.\d+)*)/.exec(text.trim());
  return m ? m[1]!.split('.').map(Number) : undefined;
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

function satisfies(v: Version, constraint: string): boolean {
  const m = /^(>=|<=|!=|~>|=|>|<)?\s*(.+)$/.exec(constraint);
  if (!m) return false;
  const target = parseVersion(m[2]!);
  if (!target) return false;
  const c = compare(v, target);
  switch (m[1] ?? '=') {
    case '>=':
      return c >= 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '<':
      return c < 0;
    case '!=':
      return c !== 0;
    case '~>': {
      // ~> 1.2.3 means >= 1.2.3 and < 1.3; ~> 1.2 means >= 1.2 and < 2.
      if (c < 0) return false;
      const upper = target.slice(0, Math.max(1, target.length - 1));
      upper[upper.length - 1]! += 1;
      return compare(v.slice(0, upper.length), upper) < 0;
    }
    default:
      return c === 0;
  }
}
