/**
 * The requests one fuzzing rule makes from a base request, in nuclei's order (pkg/fuzz/execute.go,
 * parts.go): each applicable part (body, query, header, path, cookie), then each payload
 * combination, then each `fuzz:` value, then each key the rule selects. `single` sends one request
 * per key (the others keep their values), `multiple` one request with every selected key changed.
 * A generator, so the executor stops it at the first match when the block says so.
 */
import type { PayloadCombo } from '../payloads/generate-payloads.js';
import { type Component, parseComponent } from './components.js';
import type { FuzzRequest } from './fuzz-request.js';
import type { FuzzPart, FuzzRule } from './fuzz-rules.js';
import { valueText } from './param-encoding.js';

export interface GeneratedRequest {
  readonly request: FuzzRequest;
  readonly part: FuzzPart;
  /** The key fuzzed (a path segment's own text, as nuclei reports it); keys joined by `,` in multiple mode. */
  readonly parameter: string;
  /** The value the key was given. */
  readonly value: string;
  /** The payload combination that produced it (matchers may name payloads). */
  readonly payloads: PayloadCombo;
}

/**
 * Renders a `fuzz:` value: `{{value}}` is the parameter's current value; payload names, variables
 * and DSL helpers as elsewhere. Supplied by the executor (it also hands out interactsh URLs).
 */
export type RenderFuzz = (text: string, value: string, payloads: PayloadCombo) => string;

/** nuclei's Rule.matchKeyOrValue: no filter selects every key. */
export function selectsKey(rule: FuzzRule, key: string, value: string): boolean {
  if (rule.keys.size === 0 && rule.values.length === 0 && rule.keysRegex.length === 0) return true;
  if (value !== '') for (const re of rule.values) if (re.test(value)) return true;
  if ((rule.keys.size > 0 || rule.keysRegex.length > 0) && key !== '') {
    if (rule.keys.has(key.toLowerCase())) return true;
    for (const re of rule.keysRegex) if (re.test(key)) return true;
  }
  return false;
}

/** nuclei's executeRuleTypes. Lengths are bytes (values are byte strings), as in Go. */
export function applyRuleType(rule: FuzzRule, value: string, replacement: string): string {
  switch (rule.type) {
    case 'prefix':
      return replacement + value;
    case 'postfix':
      return value + replacement;
    case 'infix': {
      if (value.length <= 1) return value + replacement;
      const middle = Math.floor(value.length / 2);
      return value.slice(0, middle) + replacement + value.slice(middle);
    }
    case 'replace':
      return replacement;
    case 'replace-regex':
      return rule.replaceRegex!.matcher(value).replaceAll(replacement);
  }
}

/** nuclei reports a numeric key (a path segment) by its value: `[path:753]`, not `[path:2]`. */
const parameterName = (key: string, value: string) => (/^[+-]?\d+$/.test(key) ? value : key);

/** The parts of the base request this rule applies to: present and with a key it selects. */
export function applicableComponents(rule: FuzzRule, base: FuzzRequest): Component[] {
  const out: Component[] = [];
  for (const part of rule.parts) {
    const component = parseComponent(part, base);
    if (!component) continue;
    if (component.entries().some(([k, v]) => selectsKey(rule, k, valueText(v)))) out.push(component);
  }
  return out;
}

const NO_PAYLOADS: readonly PayloadCombo[] = [new Map<string, string>()];

export function* generateRequests(
  rule: FuzzRule,
  base: FuzzRequest,
  combos: readonly PayloadCombo[],
  render: RenderFuzz,
): Generator<GeneratedRequest> {
  for (const component of applicableComponents(rule, base)) {
    for (const payloads of combos.length === 0 ? NO_PAYLOADS : combos) {
      if (rule.fuzz.length > 0) {
        for (const text of rule.fuzz) yield* onValues(rule, component.clone(), text, payloads, render);
      } else if (rule.fuzzKeyValues) {
        yield* onKeyValues(rule, component, rule.fuzzKeyValues, payloads, render);
      }
    }
  }
}

function* onValues(
  rule: FuzzRule,
  component: Component,
  text: string,
  payloads: PayloadCombo,
  render: RenderFuzz,
): Generator<GeneratedRequest> {
  const changed: string[] = [];
  let lastValue = '';
  for (const [key, original] of component.entries()) {
    const current = valueText(original);
    if (!selectsKey(rule, key, current)) continue;
    const evaluated = applyRuleType(rule, current, render(text, current, payloads));
    if (!component.set(key, evaluated)) continue;
    if (rule.mode === 'single') {
      yield {
        request: component.rebuild(),
        part: component.name,
        parameter: parameterName(key, current),
        value: evaluated,
        payloads,
      };
      component.restore(key, original);
    } else {
      changed.push(parameterName(key, current));
      lastValue = evaluated;
    }
  }
  if (rule.mode === 'multiple' && changed.length > 0)
    yield {
      request: component.rebuild(),
      part: component.name,
      parameter: changed.join(','),
      value: lastValue,
      payloads,
    };
}

/** `fuzz:` as a map: each key set (or added) to its value; `multiple` sets them all at once. */
function* onKeyValues(
  rule: FuzzRule,
  component: Component,
  pairs: readonly (readonly [string, string])[],
  payloads: PayloadCombo,
  render: RenderFuzz,
): Generator<GeneratedRequest> {
  if (rule.mode === 'single') {
    for (const [key, text] of pairs) {
      const copy = component.clone();
      const evaluated = applyRuleType(rule, '', render(text, '', payloads));
      if (!copy.set(key, evaluated)) continue;
      yield { request: copy.rebuild(), part: component.name, parameter: key, value: evaluated, payloads };
    }
    return;
  }
  const copy = component.clone();
  const keys: string[] = [];
  let lastValue = '';
  for (const [key, text] of pairs) {
    const evaluated = applyRuleType(rule, '', render(text, '', payloads));
    if (!copy.set(key, evaluated)) continue;
    keys.push(key);
    lastValue = evaluated;
  }
  if (keys.length > 0)
    yield {
      request: copy.rebuild(),
      part: component.name,
      parameter: keys.join(','),
      value: lastValue,
      payloads,
    };
}
