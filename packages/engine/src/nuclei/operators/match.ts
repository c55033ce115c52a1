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
      let part = input.part(m.part);
      if (part === undefined) return ABSENT;
      if (m.caseInsensitive) part = asciiLower(part);
      const text = part;
      // Words are templates too: `{{extracted}}` is replaced before comparing.
      return combine(m.condition, m.words, (w: string) => {
        const word = w.includes('{{') ? renderTemplate(w, input.scope) : w;
        return text.includes(m.caseInsensitive ? asciiLower(word) : word);
      });
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
