/**
 * How template YAML types a plain (unquoted) scalar: the `yaml` library's core schema (YAML 1.2)
 * with the number-like text rule of parse-template.ts. Shared by fast-yaml's js-yaml schema and
 * the subset reader, so both give the same data as the `yaml` path.
 */

// The `yaml` library's core-schema patterns, in its order of precedence.
const NUMBER_LIKE_TEXT =
  /^(?:[-+]?0[0-9]+|[-+]?[0-9]{16,}|[-+]?[0-9]+(?:\.[0-9]*)?[eE][-+]?[0-9]+|[-+]?[0-9]+\.[0-9]*0)$/;
export const INT_OCT = /^0o[0-7]+$/;
export const INT_DEC = /^[-+]?[0-9]+$/;
export const INT_HEX = /^0x[0-9a-fA-F]+$/;
export const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
export const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
export const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;
export const NULL = /^(?:~|[Nn]ull|NULL)?$/;
export const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;

const isDigit = (c: number) => c >= 48 && c <= 57;
/** `-`, `+` or a digit: how every number (and number-like text) starts. */
export const mayBeNumber = (c: number) => c === 45 || c === 43 || isDigit(c);

export function intValue(data: string): number {
  if (INT_OCT.test(data)) return Number.parseInt(data.slice(2), 8);
  return INT_HEX.test(data) ? Number.parseInt(data, 16) : Number(data);
}

export function floatValue(data: string): number {
  if (!FLOAT_NAN.test(data)) return Number.parseFloat(data);
  if (data.endsWith('nan') || data.endsWith('NaN') || data.endsWith('NAN')) return Number.NaN;
  return data.startsWith('-') ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
}

/**
 * The value of a plain scalar: the rules in their order (number-like text stays text, null, bool,
 * int, float), else the text itself. Most plain scalars (`GET`, `{{BaseURL}}/x`) start with a
 * character no rule accepts, so the first character decides before any pattern runs.
 */
export function plainValue(data: string): unknown {
  const c = data.charCodeAt(0);
  // Only numbers start with these; the other rules (null, bool) never accept them.
  if (mayBeNumber(c) || c === 46) {
    if (NUMBER_LIKE_TEXT.test(data)) return data;
    if (c !== 46 && (INT_OCT.test(data) || INT_DEC.test(data) || INT_HEX.test(data))) return intValue(data);
    if (FLOAT_NAN.test(data) || FLOAT_EXP.test(data) || FLOAT.test(data)) return floatValue(data);
    return data;
  }
  if (data.length <= 4 && NULL.test(data)) return null;
  if ((data.length === 4 || data.length === 5) && BOOL.test(data)) return c === 116 || c === 84;
  return data;
}
