import { formatNumber } from '../dsl/values.js';
import { toByteString } from '../util/bytes.js';

/*
 * How nuclei prints a json extractor's value (extractors.ExtractJSON): a scalar through
 * types.JSONScalarToString (strings raw, numbers as strconv.FormatFloat 'f' -1 so never with an
 * exponent, null as the empty string), anything else through Marshal (sonic's ConfigStd, the same
 * output as Go's encoding/json: map keys sorted, `<>&` and U+2028/U+2029 escaped, floats in `e`
 * notation only below 1e-6 or from 1e21). The result is a byte string (util/bytes.ts).
 */
export function goJsonValue(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return toByteString(v);
  if (typeof v === 'number') return formatNumber(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return toByteString(goMarshal(v));
}

const byGoOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

const HTML_SAFE: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

const marshalString = (s: string) => JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => HTML_SAFE[c]!);

/** encoding/json's floatEncoder for float64. */
function marshalNumber(n: number): string {
  const abs = Math.abs(n);
  if (abs !== 0 && (abs < 1e-6 || abs >= 1e21)) {
    // JavaScript's exponent form is Go's 'e' -1 after its `e-07` → `e-7` clean-up, except that Go
    // always writes a sign.
    return n.toExponential().replace(/e(\d)/, 'e+$1');
  }
  return Object.is(n, -0) ? '-0' : formatNumber(n);
}

export function goMarshal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return marshalString(v);
  if (typeof v === 'number') return marshalNumber(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) return `[${v.map(goMarshal).join(',')}]`;
  const entries = Object.entries(v as Record<string, unknown>).sort(([a], [b]) => byGoOrder(a, b));
  return `{${entries.map(([k, x]) => `${marshalString(k)}:${goMarshal(x)}`).join(',')}}`;
}
