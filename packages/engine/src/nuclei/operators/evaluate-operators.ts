import { checkBudget } from '../util/budget.js';
import { runExtractor } from './extract.js';
import { runMatcher } from './match.js';
import type { OperatorInput, Operators } from './types.js';

/** One finding-to-be produced by the result rules. */
export interface OperatorFinding {
  readonly matcherName?: string;
  readonly extractorName?: string;
  readonly extracted: readonly string[];
}

export interface OperatorOutcome {
  /** The operators matched (internal matchers count): drives stop-at-first-match and workflows. */
  readonly matched: boolean;
  /** Names of matched matchers, for workflow matcher-name conditions. */
  readonly matchedNames: readonly string[];
  readonly findings: readonly OperatorFinding[];
  /** Values of internal and named extractors, for later requests. */
  readonly extracted: ReadonlyMap<string, readonly string[]>;
}

/**
 * Applies Nuclei's result rules (NUCLEI.md §5): extractors run first and are visible to matchers
 * by name; under `or` each matched named matcher is its own finding; under `and` one finding with
 * names hidden; with no matchers, each named extractor is its own finding; internal matchers and
 * extractors never print.
 */
// Most blocks have no extractor: their outcomes share these instead of a Map, arrays and Sets
// per response. Both are only read.
const NONE_EXTRACTED: ReadonlyMap<string, readonly string[]> = new Map();
const NO_VALUES: readonly string[] = Object.freeze([]);

export function evaluateOperators(ops: Operators, input: OperatorInput): OperatorOutcome {
  if (ops.extractors.length === 0 && ops.matchers.length > 0) return matchOnly(ops, input);
  let named: Map<string, string[]> | undefined;
  const printed: { name?: string; values: string[] }[] = [];
  for (const e of ops.extractors) {
    checkBudget(input.budget);
    const values = runExtractor(e, input);
    if (values.length === 0) continue;
    if (e.name) {
      named ??= new Map();
      const prior = named.get(e.name) ?? [];
      const merged = [...new Set([...prior, ...values])];
      named.set(e.name, merged);
      input.scope.set(e.name, merged.length === 1 ? merged[0]! : merged);
    }
    if (!e.internal) printed.push({ name: e.name, values });
  }
  const extracted = named ?? NONE_EXTRACTED;
  // An extractor's own values are already distinct: one printed extractor needs no merging.
  const allExtracted =
    printed.length === 0
      ? NO_VALUES
      : printed.length === 1
        ? printed[0]!.values
        : [...new Set(printed.flatMap((p) => p.values))];

  if (ops.matchers.length === 0) {
    const findings: OperatorFinding[] = [];
    const withNames = printed.filter((p) => p.name);
    for (const p of withNames) findings.push({ extractorName: p.name, extracted: p.values });
    const unnamed = printed.filter((p) => !p.name).flatMap((p) => p.values);
    if (unnamed.length > 0 && withNames.length === 0) findings.push({ extracted: [...new Set(unnamed)] });
    return { matched: false, matchedNames: [], findings, extracted };
  }

  const results = ops.matchers.map((m) => runMatcher(m, input));
  const matchedNames = ops.matchers.filter((m, i) => results[i] && m.name).map((m) => m.name!);
  if (ops.condition === 'and') {
    const matched = results.every(Boolean);
    const visible = ops.matchers.some((m) => !m.internal);
    return {
      matched,
      matchedNames: matched ? matchedNames : [],
      findings: matched && visible ? [{ extracted: allExtracted }] : [],
      extracted,
    };
  }
  const hits = ops.matchers.filter((_, i) => results[i]);
  return {
    matched: hits.length > 0,
    matchedNames,
    findings: orFindings(ops.matchers, hits, allExtracted),
    extracted,
  };
}

/** The rules above for blocks with matchers and no extractor, without the extractor bookkeeping. */
function matchOnly(ops: Operators, input: OperatorInput): OperatorOutcome {
  const matchers = ops.matchers;
  if (ops.condition === 'and') {
    let matched = true;
    for (const m of matchers) {
      if (!runMatcher(m, input)) {
        matched = false;
        break;
      }
    }
    if (!matched) return { matched, matchedNames: NO_VALUES, findings: [], extracted: NONE_EXTRACTED };
    const matchedNames = matchers.filter((m) => m.name).map((m) => m.name!);
    const visible = matchers.some((m) => !m.internal);
    return {
      matched,
      matchedNames,
      findings: visible ? [{ extracted: NO_VALUES }] : [],
      extracted: NONE_EXTRACTED,
    };
  }
  let hits: (typeof matchers)[number][] | undefined;
  for (const m of matchers) {
    if (!runMatcher(m, input)) continue;
    hits ??= [];
    hits.push(m);
  }
  if (!hits) return { matched: false, matchedNames: NO_VALUES, findings: [], extracted: NONE_EXTRACTED };
  const matchedNames = hits.filter((m) => m.name).map((m) => m.name!);
  return {
    matched: true,
    matchedNames,
    findings: orFindings(matchers, hits, NO_VALUES),
    extracted: NONE_EXTRACTED,
  };
}

/**
 * Findings under `or`: one per matched named matcher, else one. `internal` hides the result only
 * when every matcher of the block is internal (nuclei's tmplexec: "all matchers should have
 * internal: true"); an internal matcher beside a visible one prints when it alone matched.
 */
function orFindings(
  matchers: Operators['matchers'],
  hits: readonly Operators['matchers'][number][],
  extracted: readonly string[],
): OperatorFinding[] {
  if (hits.length === 0 || matchers.every((m) => m.internal)) return [];
  const names = [...new Set(hits.filter((m) => m.name).map((m) => m.name!))];
  return names.length > 0 ? names.map((matcherName) => ({ matcherName, extracted })) : [{ extracted }];
}
