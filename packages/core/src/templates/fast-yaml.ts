/**
 * A fast first pass over template YAML: the subset reader (subset-yaml.ts) takes the common
 * shape, js-yaml the rest; js-yaml builds plain data about ten times faster than the `yaml`
 * library builds its node tree (which the validator needs only to say where an error is). The
 * schema resolves plain scalars exactly as `yaml`'s core schema with the number-like text rule of
 * parse-template.ts (plain-scalar.ts), so a template that passes yields the same data either way;
 * anything unusual (an alias to a list or map, an unknown tag, several documents, a parse error)
 * returns undefined and takes the `yaml` path.
 */
import { FAILSAFE_SCHEMA, load, Type } from 'js-yaml';
import {
  BOOL,
  FLOAT,
  FLOAT_EXP,
  FLOAT_NAN,
  floatValue,
  INT_DEC,
  INT_HEX,
  INT_OCT,
  intValue,
  mayBeNumber,
  NULL,
  plainValue,
} from './plain-scalar.js';
import { subsetLoad } from './subset-yaml.js';

const code = (data: string): number => data.charCodeAt(0);

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

const float = new Type('tag:yaml.org,2002:float', {
  kind: 'scalar',
  resolve: (data: string) =>
    (mayBeNumber(code(data)) || code(data) === 46) &&
    (FLOAT_NAN.test(data) || FLOAT_EXP.test(data) || FLOAT.test(data)),
  construct: (data: string) => floatValue(data),
});

/** What `plainScalar.resolve` decided, for the `construct` js-yaml calls right after it. */
let resolvedValue: unknown;

/**
 * plainValue's rules as one implicit type. js-yaml calls every implicit type's `resolve` on every
 * plain scalar until one says yes: five types made that call site megamorphic for each of the
 * corpus's ~1.5 million scalars. A scalar that stays text is left to js-yaml's own `str`.
 */
const plainScalar = new Type('tag:yaml.org,2002:str', {
  kind: 'scalar',
  resolve: (data: string) => {
    const value = plainValue(data);
    if (value === data) return false;
    resolvedValue = value;
    return true;
  },
  construct: () => resolvedValue,
});

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
  return subsetLoad(source) ?? jsYamlLoad(source);
}

/** js-yaml's reading with this schema: what the subset reader must equal wherever it answers. */
export function jsYamlLoad(source: string): Record<string, unknown> | undefined {
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
