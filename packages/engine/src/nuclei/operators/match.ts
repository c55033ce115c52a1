import { evaluateDslCondition } from '../dsl/evaluate.js';
import { renderTemplate } from '../dsl/render.js';
import { checkBudget } from '../util/budget.js';
import { asciiLower } from '../util/bytes.js';
import type { Matcher, OperatorInput } from './types.js';
import { queryXpath } from './xpath.js';

/**
 * Whether one matcher matches; `negative` is applied here. Pure apart from reading `input`.
 * A matcher whose part is absent does not match, negative or not: nuclei's Match returns false
 * before the matcher (and its negation) runs.
 */
export function runMatcher(m: Matcher, input: OperatorInput): boolean {
  checkBudget(input.budget);
  const result = rawMatch(m, input);
  if (result === ABSENT) return false;
  return m.negative ? !result : result;
}

const ABSENT = 2;

function combine(
  condition: 'and' | 'or',
  items: readonly unknown[],
  test: (item: never) => boolean,
): boolean {
  if (items.length === 0) return false;
  return condition === 'and' ? items.every((i) => test(i as never)) : items.some((i) => test(i as never));
}

function rawMatch(m: Matcher, input: OperatorInput): boolean | typeof ABSENT {
  switch (m.type) {
    case 'status': {
      if (!input.scope.has('status_code')) return ABSENT;
      const status = input.scope.get('status_code');
      return m.numbers.some((n) => n === status);
    }
    case 'size': {
      const part = input.part(m.part);
      return part === undefined ? ABSENT : m.numbers.includes(part.length);
    }
    case 'dsl':
      // `{{payload}}` markers inside an expression are replaced before it is evaluated.
      return combine(m.condition, m.dsl, (expr: string) =>
        evaluateDslCondition(expr.includes('{{') ? renderTemplate(expr, input.scope) : expr, input.scope),
      );
    case 'word': {
      const part = input.part(m.part);
      if (part === undefined) return ABSENT;
      // Words are templates too: `{{extracted}}` is replaced before comparing.
      const render = (w: string) => (w.includes('{{') ? renderTemplate(w, input.scope) : w);
      if (m.caseInsensitive) return includesFolded(part, m.words.map(render).map(asciiLower), m.condition);
      return combine(m.condition, m.words, (w: string) => part.includes(render(w)));
    }
    case 'regex': {
      const part = input.part(m.part);
      if (part === undefined) return ABSENT;
      return combine(m.condition, m.regex, (re: Matcher['regex'][number]) => {
        checkBudget(input.budget);
        return re.test(part);
      });
    }
    case 'binary': {
      const part = input.part(m.part);
      if (part === undefined) return ABSENT;
      return combine(m.condition, m.binary, (b: string) => part.includes(b));
    }
    case 'xpath': {
      const part = input.part(m.part);
      if (part === undefined) return ABSENT;
      return combine(m.condition, m.xpath, (q: string) => queryXpath(part, q).length > 0);
    }
  }
}

// A case-insensitive part past this length is lowercased a piece at a time.
const FOLD_PIECE = 256 * 1024;

/**
 * Whether the words (lowercased) occur in the part lowercased (ASCII only, as `asciiLower`), all
 * of them (`and`) or one (`or`). A large part is not lowercased whole: a capped body is 10 MiB,
 * and a copy of it for each case-insensitive matcher of every template in flight was a good share
 * of a run's memory against hostile hosts (docs/benchmarks.md, "An endless body"). Pieces overlap
 * by the longest word less one, so a word across two pieces is still found.
 */
export function includesFolded(part: string, words: readonly string[], condition: 'and' | 'or'): boolean {
  if (words.length === 0) return false;
  const all = condition === 'and';
  if (part.length <= FOLD_PIECE) {
    const text = asciiLower(part);
    return all ? words.every((w) => text.includes(w)) : words.some((w) => text.includes(w));
  }
  let longest = 0;
  for (const w of words) longest = Math.max(longest, w.length);
  const found = new Array<boolean>(words.length).fill(false);
  let left = words.length;
  for (let at = 0; at < part.length; at += FOLD_PIECE) {
    const piece = asciiLower(part.slice(at, at + FOLD_PIECE + longest - 1));
    for (let i = 0; i < words.length; i++) {
      if (found[i] || !piece.includes(words[i]!)) continue;
      if (!all) return true;
      found[i] = true;
      if (--left === 0) return true;
    }
  }
  return false;
}
