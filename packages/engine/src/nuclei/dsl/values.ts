/** DSL values follow govaluate: numbers are float64, strings are byte strings. */
export type DslValue = string | number | boolean | null | undefined | readonly DslValue[];

export class DslError extends Error {
  override readonly name = 'DslError';
}

/** Go's strconv.FormatFloat(f, 'f', -1, 64): `200`, `1.5`, never exponent notation. */
export function formatNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return n.toFixed(0);
  if (!Number.isFinite(n)) return n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN';
  const s = String(n);
  if (!s.includes('e')) return s;
  // The shortest digits JavaScript found (as Go's -1 precision does), written out without exponent.
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s)!;
  const digits = m[2]! + (m[3] ?? '');
  const point = 1 + Number(m[4]);
  const body =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return m[1] + body;
}

/** How helpers turn any argument into a string (Nuclei's types.ToString). */
export function toStr(value: DslValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `[${value.map(toStr).join(' ')}]`;
}

export function toNum(value: DslValue): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const n = Number(toStr(value).trim());
  if (Number.isNaN(n)) throw new DslError(`cannot use ${JSON.stringify(toStr(value))} as a number`);
  return n;
}

export const isList = (value: DslValue): value is readonly DslValue[] => Array.isArray(value);
