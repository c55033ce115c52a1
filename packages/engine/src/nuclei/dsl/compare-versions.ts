import { DslError } from './values.js';

/**
 * `compare_versions(version, constraint...)` as projectdiscovery/dsl runs it: the constraints are
 * joined with `,` and checked with hashicorp/go-version v1.6.0 (`NewVersion`, `NewConstraint`,
 * `Check`). This file follows that library's rules: the whole string must be a version (else an
 * error, which makes the expression fail), `-beta`/`rc1` are pre-releases, a pre-release never
 * satisfies a constraint without one, and `~>` keeps the segments before the last one given.
 */
export function compareVersions(version: string, constraints: readonly string[]): boolean {
  const v = parseVersion(version);
  if (!v) throw new DslError(`compare_versions: malformed version: ${version}`);
  const checks = constraints.join(',').split(',').map(parseConstraint);
  return checks.every(([op, c]) => OPS[op](v, c));
}

interface Version {
  /** At least three segments (go-version pads with zeros). */
  readonly segments: readonly number[];
  /** How many segments were written. */
  readonly si: number;
  readonly pre: string;
  readonly metadata: string;
}

// go-version's VersionRegexpRaw, anchored as NewVersion anchors it.
const VERSION =
  'v?([0-9]+(\\.[0-9]+)*?)' +
  '(-([0-9]+[0-9A-Za-z\\-~]*(\\.[0-9A-Za-z\\-~]+)*)|(-?([A-Za-z\\-~]+[0-9A-Za-z\\-~]*(\\.[0-9A-Za-z\\-~]+)*)))?' +
  '(\\+([0-9A-Za-z\\-~]+(\\.[0-9A-Za-z\\-~]+)*))?' +
  '?';
const VERSION_RE = new RegExp(`^${VERSION}$`);
// Go's \s is [\t\n\f\r ].
const CONSTRAINT_RE = new RegExp(
  `^[\\t\\n\\f\\r ]*(<=|>=|!=|~>|<|>|=|)[\\t\\n\\f\\r ]*(${VERSION})[\\t\\n\\f\\r ]*$`,
);

function parseVersion(text: string): Version | undefined {
  const m = VERSION_RE.exec(text);
  if (!m) return undefined;
  const written = m[1]!.split('.').map(Number);
  const segments = [...written];
  while (segments.length < 3) segments.push(0);
  return { segments, si: written.length, pre: m[7] || m[4] || '', metadata: m[10] ?? '' };
}

type Op = '=' | '!=' | '>' | '<' | '>=' | '<=' | '~>';

function parseConstraint(text: string): [Op, Version] {
  const m = CONSTRAINT_RE.exec(text);
  const v = m ? parseVersion(m[2]!) : undefined;
  if (!m || !v) throw new DslError(`compare_versions: malformed constraint: ${text}`);
  return [(m[1] || '=') as Op, v];
}

const sameSegments = (a: Version, b: Version) =>
  a.segments.length === b.segments.length && a.segments.every((s, i) => s === b.segments[i]);

const text = (v: Version) =>
  v.segments.join('.') + (v.pre ? `-${v.pre}` : '') + (v.metadata ? `+${v.metadata}` : '');

function compare(a: Version, b: Version): number {
  if (text(a) === text(b)) return 0;
  if (sameSegments(a, b)) {
    if (!a.pre && !b.pre) return 0;
    if (!a.pre) return 1;
    if (!b.pre) return -1;
    return comparePrereleases(a.pre, b.pre);
  }
  const n = Math.max(a.segments.length, b.segments.length);
  for (let i = 0; i < n; i++) {
    if (i >= a.segments.length) return b.segments.slice(i).every((s) => s === 0) ? 0 : -1;
    if (i >= b.segments.length) return a.segments.slice(i).every((s) => s === 0) ? 0 : 1;
    if (a.segments[i] !== b.segments[i]) return a.segments[i]! < b.segments[i]! ? -1 : 1;
  }
  return 0;
}

const isNumeric = (s: string) => /^[+-]?\d+$/.test(s);

function comparePart(a: string, b: string): number {
  if (a === b) return 0;
  const aNum = isNumeric(a);
  const bNum = isNumeric(b);
  if (a === '') return bNum ? -1 : 1;
  if (b === '') return aNum ? 1 : -1;
  if (aNum && !bNum) return -1;
  if (!aNum && bNum) return 1;
  if (!aNum && !bNum) return a > b ? 1 : -1;
  return Number(a) > Number(b) ? 1 : -1;
}

function comparePrereleases(a: string, b: string): number {
  if (a === b) return 0;
  const as = a.split('.');
  const bs = b.split('.');
  for (let i = 0; i < Math.max(as.length, bs.length); i++) {
    const c = comparePart(as[i] ?? '', bs[i] ?? '');
    if (c !== 0) return c;
  }
  return 0;
}

/** A pre-release only satisfies a constraint on a pre-release of the same segments. */
function prereleaseCheck(v: Version, c: Version): boolean {
  if (c.pre && v.pre) return sameSegments(v, c);
  return !(v.pre && !c.pre);
}

function pessimistic(v: Version, c: Version): boolean {
  if (!prereleaseCheck(v, c) || (c.pre && !v.pre)) return false;
  if (compare(v, c) < 0) return false;
  const cs = c.segments.length;
  if (cs > v.segments.length) return false;
  for (let i = 0; i < c.si - 1; i++) if (v.segments[i] !== c.segments[i]) return false;
  return c.segments[cs - 1]! <= v.segments[cs - 1]!;
}

const OPS: Record<Op, (v: Version, c: Version) => boolean> = {
  '=': (v, c) => compare(v, c) === 0,
  '!=': (v, c) => compare(v, c) !== 0,
  '>': (v, c) => prereleaseCheck(v, c) && compare(v, c) === 1,
  '<': (v, c) => prereleaseCheck(v, c) && compare(v, c) === -1,
  '>=': (v, c) => prereleaseCheck(v, c) && compare(v, c) >= 0,
  '<=': (v, c) => prereleaseCheck(v, c) && compare(v, c) <= 0,
  '~>': pessimistic,
};
