/**
 * The `fuzzing:` rules of an http (or headless) block, compiled at load as nuclei's
 * `fuzz.Rule.Compile` does (pkg/fuzz/execute.go): modes, types, parts and key filters checked,
 * regexes compiled once.
 */
import type { RE2JS } from 're2js';
import type { Matcher } from '../operators/types.js';
import type { GoRegex } from '../regex/go-regex.js';

/** The request parts a rule can fuzz, in nuclei's component order (component.Components). */
export const FUZZ_PARTS = ['body', 'query', 'header', 'path', 'cookie'] as const;
export type FuzzPart = (typeof FUZZ_PARTS)[number];

export type FuzzMode = 'single' | 'multiple';
export type FuzzType = 'replace' | 'prefix' | 'postfix' | 'infix' | 'replace-regex';

export interface FuzzRule {
  /** The parts this rule fuzzes (`part: request` names them all). */
  readonly parts: readonly FuzzPart[];
  readonly mode: FuzzMode;
  readonly type: FuzzType;
  /** `keys`, lower case (nuclei compares keys in lower case). */
  readonly keys: ReadonlySet<string>;
  readonly keysRegex: readonly GoRegex[];
  /** `values`: regexes a parameter's value must match. */
  readonly values: readonly GoRegex[];
  readonly replaceRegex?: RE2JS;
  /** `fuzz:` as a list of values, each rendered with `{{value}}` and the block's payloads. */
  readonly fuzz: readonly string[];
  /** `fuzz:` as a map: each key set (or added) with its value. */
  readonly fuzzKeyValues?: readonly (readonly [string, string])[];
}

export interface FuzzBlock {
  readonly rules: readonly FuzzRule[];
  /** `pre-condition`: matchers over the input request (method, path, query, headers, body). */
  readonly preConditions: readonly Matcher[];
  /** `pre-condition-operator` (default `or`). */
  readonly preConditionAnd: boolean;
  /** `analyzer: { name: time_delay }` with its parameters. */
  readonly analyzer?: { readonly name: string; readonly parameters: Readonly<Record<string, string>> };
}
