import { evaluateDsl } from '../dsl/evaluate.js';
import { renderTemplate } from '../dsl/render.js';
import { toStr } from '../dsl/values.js';
import { checkBudget } from '../util/budget.js';
import { asciiLower, fromByteString } from '../util/bytes.js';
import { goJsonValue } from './go-json.js';
import { runJq } from './json-query.js';
import { mayBeJson } from './may-be-json.js';
import type { Extractor, OperatorInput } from './types.js';
import { queryXpath } from './xpath.js';

/** Runs one extractor; values are de-duplicated in first-seen order. */
export function runExtractor(e: Extractor, input: OperatorInput): string[] {
  const out = new Set<string>();
  const add = (v: string) => out.add(e.caseInsensitive ? asciiLower(v) : v);
  switch (e.type) {
    case 'regex': {
      const part = input.part(e.part);
      if (part === undefined) break;
      for (const re of e.regex) {
        checkBudget(input.budget);
        for (const m of re.findAll(part, 10_000, () => checkBudget(input.budget))) {
          const value = m.groups[e.group];
          if (value !== undefined) add(value);
        }
      }
      break;
    }
    case 'kval':
      // Keys are only lowercased (not `-` → `_`), so `kval: Content-Type` never matches: Nuclei's quirk.
      for (const key of e.keys) {
        const name = asciiLower(key);
        if (input.scope.has(name)) add(toStr(input.scope.get(name)));
      }
      break;
    case 'json': {
      const part = input.part(e.part);
      if (part === undefined) break;
      // JSON.parse throws on HTML and plain-text bodies, and a thrown error costs more than the
      // rest of the request; text that cannot be JSON is skipped without parsing (the outcome is
      // the same: nothing extracted).
      if (!mayBeJson(part)) break;
      let doc: unknown;
      try {
        doc = JSON.parse(fromByteString(part));
      } catch {
        break;
      }
      for (const query of e.keys) {
        // A missing key (null) is extracted as the empty string, as nuclei's JSONScalarToString does.
        for (const v of runJq(query, doc)) add(goJsonValue(v));
      }
      break;
    }
    case 'xpath': {
      const part = input.part(e.part);
      if (part === undefined) break;
      for (const query of e.keys) for (const v of queryXpath(part, query, e.attribute)) add(v);
      break;
    }
    case 'dsl':
      for (const expr of e.keys) {
        try {
          const v = evaluateDsl(expr.includes('{{') ? renderTemplate(expr, input.scope) : expr, input.scope);
          if (v !== undefined && v !== null && toStr(v) !== '') add(toStr(v));
        } catch {
          // An expression that fails extracts nothing, as in Nuclei.
        }
      }
      break;
  }
  return [...out];
}
