import type { Scope } from '../dsl/evaluate.js';
import type { DslValue } from '../dsl/values.js';
import type { GoRegex } from '../regex/go-regex.js';
import type { MatchBudget } from '../util/budget.js';

export type Condition = 'and' | 'or';

export interface Matcher {
  readonly type: 'word' | 'regex' | 'status' | 'size' | 'binary' | 'dsl' | 'xpath';
  readonly condition: Condition;
  readonly part?: string;
  readonly negative: boolean;
  readonly name?: string;
  readonly internal: boolean;
  readonly caseInsensitive: boolean;
  readonly matchAll: boolean;
  readonly words: readonly string[];
  readonly regex: readonly GoRegex[];
  readonly numbers: readonly number[];
  readonly binary: readonly string[];
  readonly dsl: readonly string[];
  readonly xpath: readonly string[];
}

export interface Extractor {
  readonly type: 'regex' | 'kval' | 'json' | 'xpath' | 'dsl';
  readonly name?: string;
  readonly part?: string;
  readonly internal: boolean;
  readonly caseInsensitive: boolean;
  readonly regex: readonly GoRegex[];
  readonly group: number;
  readonly keys: readonly string[];
  readonly attribute?: string;
}

export interface Operators {
  readonly condition: Condition;
  readonly matchers: readonly Matcher[];
  readonly extractors: readonly Extractor[];
}

/** What a protocol hands the operators: a scope of fields and how to read a `part`. */
export interface OperatorInput {
  readonly scope: Scope & { set(name: string, value: DslValue): unknown };
  /** Returns the text of a part, or undefined when the part does not exist. */
  part(name: string | undefined): string | undefined;
  /** Deadline and abort signal checked between matchers, regexes and matches. */
  readonly budget?: MatchBudget;
}
