/**
 * An http block with `fuzzing:` rules on one input (nuclei's request_fuzz.go): the pre-condition
 * is checked on the input request, then every request the rules generate is sent through the
 * engine's client (scope guard, rate limit, request cap, retries, host errors, cookies, redirects
 * as any request) and the block's matchers and extractors run on each response. The block's own
 * `path`/`raw` are not sent: the input is the request. A finding records the part, parameter and
 * value fuzzed.
 */
import { evaluateDsl } from '../dsl/evaluate.js';
import { renderTemplate } from '../dsl/render.js';
import { type DslValue, toStr } from '../dsl/values.js';
import { withoutBody } from '../http/received-response.js';
import { responseFields } from '../http/response-fields.js';
import { evaluateOperators } from '../operators/evaluate-operators.js';
import { runMatcher } from '../operators/match.js';
import { type PayloadCombo, payloadCombos } from '../payloads/generate-payloads.js';
import { OobWatch, partReader, sendChain } from '../protocols/http-executor.js';
import type { BlockOutcome, TemplateRun } from '../scan/context.js';
import { emitFindings, storeExtracted } from '../scan/emit-findings.js';
import { hostErrorKey } from '../scan/host-errors.js';
import { LayeredScope } from '../scan/layered-scope.js';
import { hostname, httpVariables } from '../target.js';
import type { HttpBlock } from '../template-model.js';
import { matchBudget } from '../util/budget.js';
import { fromByteString, toByteString } from '../util/bytes.js';
import type { FuzzedPoint, FuzzInput } from './fuzz-input.js';
import { baseRequest, type FuzzRequest, toSpec } from './fuzz-request.js';
import type { FuzzBlock } from './fuzz-rules.js';
import { generateRequests } from './generate.js';

/** The fields a pre-condition and the payloads see about the input (request_fuzz.go filterDataMap). */
export function inputFields(input: FuzzInput, base: ReadonlyMap<string, DslValue>): Map<string, DslValue> {
  const fields = new Map<string, DslValue>(base);
  for (const [k, v] of base) fields.set(k.toLowerCase(), v);
  const url = toByteString(input.url);
  const m = /^https?:\/\/[^/?#]+([^?#]*)(?:\?([^#]*))?/i.exec(url);
  fields.set('path', m?.[1] ?? '');
  fields.set('query', m?.[2] ?? '');
  fields.set('method', input.method.toUpperCase());
  fields.set('body', toByteString(input.body ?? ''));
  let header = '';
  for (const [name, value] of input.headers) {
    const key = name.trim().replace(/-/g, '_').toLowerCase();
    if (key === 'cookie') fields.set('cookie', toByteString(value));
    if (key === 'user_agent') fields.set('user_agent', toByteString(value));
    if (key === 'content_type') fields.set('content_type', toByteString(value));
    header += `${key}: ${toByteString(value)}\n`;
  }
  if (input.headers.length > 0) fields.set('header', header);
  return fields;
}

/** `pre-condition`: the input is fuzzed when its matchers pass (or, with `pre-condition-operator: and`, all). */
export function preconditionPasses(fuzz: FuzzBlock, fields: Map<string, DslValue>): boolean {
  if (fuzz.preConditions.length === 0) return true;
  const scope = new LayeredScope(new Map(), fields);
  const input = { scope, part: partReader(scope) };
  const results = fuzz.preConditions.map((m) => {
    try {
      return runMatcher(m, input);
    } catch {
      return false;
    }
  });
  return fuzz.preConditionAnd ? results.every(Boolean) : results.some(Boolean);
}

const NO_PAYLOADS: readonly PayloadCombo[] = [new Map<string, string>()];

/** Payload combinations with their values rendered against the variables (`{{Command}}` in a payload). */
export function renderedCombos(
  payloads: HttpBlock['payloads'],
  attack: HttpBlock['attack'],
  scope: LayeredScope,
): readonly PayloadCombo[] {
  if (payloads.size === 0) return NO_PAYLOADS;
  const out: PayloadCombo[] = [];
  for (const combo of payloadCombos(payloads, attack)) {
    const rendered = new Map<string, string>();
    for (const [k, v] of combo) rendered.set(k, v.includes('{{') ? renderPayload(v, scope) : v);
    out.push(rendered);
  }
  return out;
}

/**
 * A payload value rendered; one that is a single expression whose strings hold `{{`/`}}` (the
 * AngularJS probe `{{concat("{{", "{{a}}*{{b}}", "}}")}}`), which the marker scan cannot split, is
 * evaluated whole, as nuclei's expression parser does.
 */
function renderPayload(value: string, scope: LayeredScope): string {
  const whole = /^\{\{([\s\S]*"\{\{[\s\S]*\}\}"[\s\S]*)\}\}$/.exec(value);
  if (whole) {
    // Variables inside its strings first (`{{first}}` → 1234), then the expression.
    const inner = whole[1]!.replace(/\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g, (m, name: string) =>
      scope.has(name) ? toStr(scope.get(name) as DslValue) : m,
    );
    try {
      return toStr(evaluateDsl(inner, scope));
    } catch {
      // not a single expression after all: rendered as any other text
    }
  }
  return renderTemplate(value, scope);
}

/** The base request of the run: its fuzz input, or a GET of the target URL. */
export function fuzzInputOf(run: TemplateRun): FuzzInput | undefined {
  if (run.fuzzInput) return run.fuzzInput;
  const t = run.target;
  if (!t) return undefined;
  return { method: 'GET', url: /^https?:\/\//i.test(t.input) ? t.input : `http://${t.input}`, headers: [] };
}

export async function runFuzzHttpBlock(
  run: TemplateRun,
  block: HttpBlock,
  fuzz: FuzzBlock,
): Promise<BlockOutcome> {
  const { scan, template, target } = run;
  const input = fuzzInputOf(run);
  const matchedNames = new Set<string>();
  let matched = false;
  if (!input || !target) return { matched, matchedNames: [] };
  const scheme = /^https:/i.test(input.url) ? 'https' : 'http';
  const host = hostname(target);
  const base = httpVariables(target, scheme);
  const fields = inputFields(input, base);
  if (!preconditionPasses(fuzz, fields)) return { matched, matchedNames: [] };
  const varScope = new LayeredScope(new Map(), run.state, fields);
  for (const [name, expr] of run.lazyVariables) run.state.set(name, renderTemplate(expr, varScope));
  const headers = block.headers.map(([k, v]) => [k, renderTemplate(v, varScope)] as [string, string]);
  let request: FuzzRequest;
  try {
    request = baseRequest(input, headers, scan.options.headers, scan.options.userAgent);
  } catch (error) {
    scan.emit({
      type: 'failure',
      templateId: template.id,
      target: input.url,
      protocol: 'http',
      message: `fuzz: could not build the base request: ${(error as Error).message}`,
    });
    return { matched, matchedNames: [] };
  }
  const combos = renderedCombos(block.payloads, block.attack, varScope);
  const stopOnMatch = block.stopAtFirstMatch || template.stopAtFirstMatch;
  // Interactsh URLs handed out while rendering the next request: armed with its response.
  let watches: { watch: OobWatch; run: { fuzzedPoint?: FuzzedPoint } }[] = [];
  const oob = template.needsInteractsh && scan.interactsh !== undefined;
  const render = (text: string, value: string, payloads: PayloadCombo): string => {
    if (!text.includes('{{') && !text.includes('§')) return text;
    const top = new Map<string, DslValue>([['value', value]]);
    if (oob && text.includes('interactsh-url')) {
      // The watch reports a late callback as a finding of this request: its point is set once known.
      const watchRun: TemplateRun & { fuzzedPoint?: FuzzedPoint } = { ...run };
      const watch = new OobWatch(watchRun, block);
      watches.push({ watch, run: watchRun });
      top.set('interactsh-url', watch.host);
    }
    return renderTemplate(text, new LayeredScope(top, payloads as Map<string, DslValue>, run.state, fields));
  };
  for (const rule of fuzz.rules) {
    for (const generated of generateRequests(rule, request, combos, render)) {
      const armed = watches.map((w) => w.watch);
      const point: FuzzedPoint = {
        method: generated.request.method,
        part: generated.part,
        parameter: fromByteString(generated.parameter),
        value: fromByteString(generated.value),
      };
      for (const w of watches) w.run.fuzzedPoint = point;
      watches = [];
      if (
        scan.signal.aborted ||
        (!scan.hostErrors.empty && scan.hostErrors.isBlocked(hostErrorKey(target, scheme)))
      ) {
        for (const w of armed) w.cancel();
        return { matched, matchedNames: [...matchedNames] };
      }
      const fuzzRun: TemplateRun = { ...run, fuzzedPoint: point };
      const chain = await sendChain(fuzzRun, block, { spec: toSpec(generated.request) });
      if (!chain) {
        for (const w of armed) w.cancel();
        continue;
      }
      const last = responseFields(chain[chain.length - 1]!, host);
      for (const [hop, res] of chain.entries()) {
        const fields = hop === chain.length - 1 ? last : responseFields(withoutBody(res), host);
        const opScope = new LayeredScope(
          fields,
          new Map<string, DslValue>(armed[0] ? [['interactsh-url', armed[0].host]] : []),
          generated.payloads as Map<string, DslValue>,
          run.state,
          base,
        );
        const outcome = evaluateOperators(block.operators, {
          scope: opScope,
          part: partReader(opScope),
          budget: matchBudget(scan.signal, scan.options.matchTimeoutMs),
        });
        if (hop === chain.length - 1) for (const w of armed) w.arm(outcome.matched, opScope, res);
        storeExtracted(run, outcome.extracted, block.iterateAll);
        run.observe?.(outcome);
        if (outcome.findings.length > 0)
          emitFindings(fuzzRun, 'http', outcome, {
            matchedAt: res.url,
            request: res.requestDump,
            response: fields.responseDump(run.scan.options.evidenceLimit),
            ip: res.ip,
          });
        if (outcome.matched) {
          matched = true;
          for (const n of outcome.matchedNames) matchedNames.add(n);
        }
      }
      if (matched && stopOnMatch) return { matched, matchedNames: [...matchedNames] };
    }
  }
  return { matched, matchedNames: [...matchedNames] };
}
