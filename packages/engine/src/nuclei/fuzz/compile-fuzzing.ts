/**
 * Compiles a block's `fuzzing:` rules, `pre-condition` and `analyzer` as nuclei's Rule.Compile and
 * http Request.Compile do: an unknown part, mode or type, a missing part, or `replace-regex` on the
 * wrong type fails the load with the rule's index.
 */
import type { YamlMap } from '@didban/core/templates';
import { RE2JS } from 're2js';
import { compileOperators } from '../operators/compile-operators.js';
import { compileGoRegex } from '../regex/go-regex.js';
import { toByteString } from '../util/bytes.js';
import {
  FUZZ_PARTS,
  type FuzzBlock,
  type FuzzMode,
  type FuzzPart,
  type FuzzRule,
  type FuzzType,
} from './fuzz-rules.js';

const MODES: readonly FuzzMode[] = ['single', 'multiple'];
const TYPES: readonly FuzzType[] = ['replace', 'prefix', 'postfix', 'infix', 'replace-regex'];
const PARTS = new Set<string>([...FUZZ_PARTS, 'request']);

/** Analyzers the engine runs (nuclei's `time_delay`; `xss_context` needs the browser-side parser). */
export const FUZZ_ANALYZERS: readonly string[] = [];

const text = (v: unknown): string => toByteString(String(v));
const texts = (v: unknown): string[] =>
  v === undefined || v === null ? [] : (Array.isArray(v) ? v : [v]).map(text);

/** The block's fuzzing rules, or undefined when it has none. Throws on an invalid rule. */
export function compileFuzzing(block: YamlMap): FuzzBlock | undefined {
  const raw = block.fuzzing;
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw)) throw new Error('fuzzing: must be a list of rules');
  if (block.unsafe === true) throw new Error('cannot use unsafe with http fuzzing templates');
  const rules = (raw as YamlMap[]).map((r, i) => compileRule(r ?? {}, `fuzzing[${i}]`));
  const pre = block['pre-condition'];
  const preConditions = Array.isArray(pre) ? compileOperators({ matchers: pre }).matchers : [];
  const op = block['pre-condition-operator'];
  if (op !== undefined && op !== 'and' && op !== 'or')
    throw new Error(`pre-condition-operator: ${JSON.stringify(op)} is not and/or`);
  const analyzer = block.analyzer as YamlMap | undefined;
  let compiledAnalyzer: FuzzBlock['analyzer'];
  if (analyzer) {
    const name = String(analyzer.name ?? '');
    if (!FUZZ_ANALYZERS.includes(name)) throw new Error(`analyzer ${name} not found`);
    const parameters: Record<string, string> = {};
    for (const [k, v] of Object.entries((analyzer.parameters as YamlMap | undefined) ?? {}))
      parameters[k] = String(v);
    compiledAnalyzer = { name, parameters };
  }
  return {
    rules,
    preConditions,
    preConditionAnd: op === 'and',
    ...(compiledAnalyzer ? { analyzer: compiledAnalyzer } : {}),
  };
}

function compileRule(r: YamlMap, where: string): FuzzRule {
  const mode = (r.mode === undefined ? 'multiple' : String(r.mode)) as FuzzMode;
  if (!MODES.includes(mode)) throw new Error(`${where}: invalid mode value specified: ${mode}`);
  const type = (r.type === undefined ? 'replace' : String(r.type)) as FuzzType;
  if (!TYPES.includes(type)) throw new Error(`${where}: invalid type value specified: ${type}`);
  const named = [...(r.part !== undefined ? [String(r.part)] : []), ...texts(r.parts)];
  if (named.length === 0) throw new Error(`${where}: no part specified for rule`);
  for (const p of named) if (!PARTS.has(p)) throw new Error(`${where}: invalid part value specified: ${p}`);
  // `part: request` is every part, in nuclei's component order.
  const parts: FuzzPart[] = named.includes('request')
    ? [...FUZZ_PARTS]
    : FUZZ_PARTS.filter((p) => named.includes(p));
  const replaceRegex = r['replace-regex'] === undefined ? undefined : String(r['replace-regex']);
  if (type !== 'replace-regex' && replaceRegex !== undefined)
    throw new Error(`${where}: replace-regex is only applicable for replace and replace-regex rule types`);
  if (type === 'replace-regex' && !replaceRegex)
    throw new Error(`${where}: replace-regex is required for replace-regex rule type`);
  const fuzz = r.fuzz;
  let values: string[] = [];
  let keyValues: [string, string][] | undefined;
  if (Array.isArray(fuzz)) values = fuzz.map(text);
  else if (fuzz && typeof fuzz === 'object')
    keyValues = Object.entries(fuzz as YamlMap).map(([k, v]) => [text(k), text(v)]);
  else if (fuzz !== undefined && fuzz !== null) values = [text(fuzz)];
  if (values.length === 0 && !keyValues?.length) throw new Error(`${where}: no fuzz values specified`);
  return {
    parts,
    mode,
    type,
    keys: new Set(texts(r.keys).map((k) => k.toLowerCase())),
    keysRegex: texts(r['keys-regex']).map((p) => compileGoRegex(p)),
    values: texts(r.values).map((p) => compileGoRegex(p)),
    // Go's regexp syntax and ReplaceAllString (`$1`, `${name}`): RE2JS is a port of it.
    ...(replaceRegex ? { replaceRegex: compileReplace(replaceRegex, where) } : {}),
    fuzz: values,
    ...(keyValues ? { fuzzKeyValues: keyValues } : {}),
  };
}

function compileReplace(pattern: string, where: string): RE2JS {
  try {
    return RE2JS.compile(pattern);
  } catch (error) {
    throw new Error(`${where}: could not compile replace regex: ${(error as Error).message}`);
  }
}
