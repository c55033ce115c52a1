/**
 * A fast first pass over template YAML: js-yaml builds plain data about ten times faster than
 * the `yaml` library builds its node tree (which the validator needs only to say where an error
 * is). The schema resolves plain scalars exactly as `yaml`'s core schema with the number-like
 * text rule of parse-template.ts, so a template that passes yields the same data either way;
 * anything unusual (an alias to a list or map, an unknown tag, several documents, a parse error)
 * returns undefined and takes the `yaml` path.
 */
import { FAILSAFE_SCHEMA, load, Type } from 'js-yaml';

// The `yaml` library's core-schema patterns (YAML 1.2), in its order of precedence.
const NUMBER_LIKE_TEXT =
  /^(?:[-+]?0[0-9]+|[-+]?[0-9]{16,}|[-+]?[0-9]+(?:\.[0-9]*)?[eE][-+]?[0-9]+|[-+]?[0-9]+\.[0-9]*0)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT_DEC = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;

// Most plain scalars (`GET`, `{{BaseURL}}/x`) start with a character no rule accepts, so the first
// character decides before any pattern runs.
const code = (data: string): number => data.charCodeAt(0);
const isDigit = (c: number) => c >= 48 && c <= 57;
/** `-`, `+` or a digit: how every number (and number-like text) starts. */
const mayBeNumber = (c: number) => c === 45 || c === 43 || isDigit(c);

const nullType = new Type('tag:yaml.org,2002:null', {
  kind: 'scalar',
  resolve: (data: string) => data.length <= 4 && NULL.test(data),
  construct: () => null,
});

const boolType = new Type('tag:yaml.org,2002:bool', {
  kind: 'scalar',
  resolve: (data: string) => (data.length === 4 || data.length === 5) && BOOL.test(data),
  construct: (data: string) => data[0] === 't' || data[0] === 'T',
});

const int = new Type('tag:yaml.org,2002:int', {
  kind: 'scalar',
  resolve: (data: string) =>
    mayBeNumber(code(data)) && (INT_OCT.test(data) || INT_DEC.test(data) || INT_HEX.test(data)),
  construct: (data: string) => intValue(data),
});

function intValue(data: string): number {
  if (INT_OCT.test(data)) return Number.parseInt(data.slice(2), 8);
  return INT_HEX.test(data) ? Number.parseInt(data, 16) : Number(data);
}

const float = new Type('tag:yaml.org,2002:float', {
  kind: 'scalar',
  resolve: (data: string) =>
    (mayBeNumber(code(data)) || code(data) === 46) &&
    (FLOAT_NAN.test(data) || FLOAT_EXP.test(data) || FLOAT.test(data)),
  construct: (data: string) => floatValue(data),
});

function floatValue(data: string): number {
  if (!FLOAT_NAN.test(data)) return Number.parseFloat(data);
  if (data.endsWith('nan') || data.endsWith('NaN') || data.endsWith('NAN')) return Number.NaN;
  return data.startsWith('-') ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
}

/** What `plainScalar.resolve` decided, for the `construct` js-yaml calls right after it. */
let resolvedValue: unknown;

/**
 * The five rules above as one implicit type, applied in their order (number-like text, null, bool,
 * int, float). js-yaml calls every implicit type's `resolve` on every plain scalar until one says
 * yes: five types made that call site megamorphic for each of the corpus's ~1.5 million scalars.
 */
const plainScalar = new Type('tag:yaml.org,2002:str', {
  kind: 'scalar',
  resolve: (data: string) => {
    const c = code(data);
    // Only numbers start with these; the other rules (null, bool) never accept them.
    if (mayBeNumber(c) || c === 46) {
      if (NUMBER_LIKE_TEXT.test(data)) return resolvedAs(data);
      if (c !== 46 && (INT_OCT.test(data) || INT_DEC.test(data) || INT_HEX.test(data)))
        return resolvedAs(intValue(data));
      if (FLOAT_NAN.test(data) || FLOAT_EXP.test(data) || FLOAT.test(data))
        return resolvedAs(floatValue(data));
      return false;
    }
    if (data.length <= 4 && NULL.test(data)) return resolvedAs(null);
    if ((data.length === 4 || data.length === 5) && BOOL.test(data)) return resolvedAs(c === 116 || c === 84);
    return false;
  },
  construct: () => resolvedValue,
});

function resolvedAs(value: unknown): true {
  resolvedValue = value;
  return true;
}

// FAILSAFE has only the explicit str/seq/map types: plain scalars go through `plainScalar`, and
// the rule types stay reachable by explicit tag (`!!int "12"`).
const SCHEMA = FAILSAFE_SCHEMA.extend({
  implicit: [plainScalar],
  explicit: [nullType, boolType, int, float],
});

/**
 * Whether some list or map is reached twice: an alias to a collection. Such templates go the
 * `yaml` way, which bounds how far aliases may expand (a "billion laughs" must stay an error).
 * Stops at the first repeat, so it never walks more than the distinct collections of the text.
 */
function reusesCollections(root: unknown): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (seen.has(value)) return true;
    seen.add(value);
    for (const child of Array.isArray(value) ? value : Object.values(value)) stack.push(child);
  }
  return false;
}

/** What may come just before an anchor's `&`: a space, a line end or a flow indicator. */
const BEFORE_ANCHOR = /[\s[{,:?-]/;

/**
 * Whether an anchor (`&name`) could start somewhere: a node's properties follow a space, a line
 * start or a flow indicator. Without one, no alias can reach a collection twice and the walk is
 * skipped. The same answer as the regex `(?:^|[\s[{,:?-])&` (checked on all 10,771 files of the
 * community corpus), which tried every position of every file: 55 ms of the corpus load, now 4.
 */
function mayHaveAnchor(source: string): boolean {
  for (let i = source.indexOf('&'); i !== -1; i = source.indexOf('&', i + 1))
    if (i === 0 || BEFORE_ANCHOR.test(source[i - 1]!)) return true;
  return false;
}

/** Plain data of a template's YAML, or undefined when the `yaml` path must decide. */
export function fastLoad(source: string): Record<string, unknown> | undefined {
  let data: unknown;
  try {
    data = load(source, { schema: SCHEMA });
  } catch {
    return undefined;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  if (mayHaveAnchor(source) && reusesCollections(data)) return undefined;
  return data as Record<string, unknown>;
}
