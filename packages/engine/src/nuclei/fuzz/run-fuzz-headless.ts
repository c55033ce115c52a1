/**
 * A headless block with `fuzzing:` rules (nuclei's headless executeFuzzingRule): the rules alter
 * a GET of the input URL, and the page runs the block's steps once per fuzzed URL, `{{BaseURL}}`
 * being that URL. Findings record the part, parameter and value, as for http fuzzing.
 */
import { renderTemplate } from '../dsl/render.js';
import type { DslValue } from '../dsl/values.js';
import type { PayloadCombo } from '../payloads/generate-payloads.js';
import type { HeadlessBlock } from '../protocols/headless/headless-block.js';
import type { BlockOutcome, TemplateRun } from '../scan/context.js';
import { LayeredScope } from '../scan/layered-scope.js';
import { httpVariables, parseTarget } from '../target.js';
import { fromByteString } from '../util/bytes.js';
import { baseRequest, requestUrl } from './fuzz-request.js';
import type { FuzzBlock } from './fuzz-rules.js';
import { generateRequests } from './generate.js';
import { fuzzInputOf, inputFields, preconditionPasses, renderedCombos } from './run-fuzz-http.js';

export type RunPage = (
  run: TemplateRun,
  payloads: PayloadCombo,
  base: ReadonlyMap<string, DslValue>,
) => Promise<BlockOutcome | undefined>;

export async function runFuzzHeadlessBlock(
  run: TemplateRun,
  block: HeadlessBlock,
  fuzz: FuzzBlock,
  runPage: RunPage,
): Promise<BlockOutcome> {
  const { scan, template, target } = run;
  const input = fuzzInputOf(run);
  const matchedNames = new Set<string>();
  let matched = false;
  if (!input || !target) return { matched, matchedNames: [] };
  const scheme = /^https:/i.test(input.url) ? 'https' : 'http';
  const fields = inputFields(input, httpVariables(target, scheme));
  if (!preconditionPasses(fuzz, fields)) return { matched, matchedNames: [] };
  // nuclei's headless base request is a bare GET of the input URL.
  const request = baseRequest({ method: 'GET', url: input.url, headers: [] }, [], [], scan.options.userAgent);
  const varScope = new LayeredScope(new Map(), run.state, fields);
  const combos = renderedCombos(block.payloads, block.attack, varScope);
  const render = (text: string, value: string, payloads: PayloadCombo): string =>
    text.includes('{{')
      ? renderTemplate(
          text,
          new LayeredScope(new Map([['value', value]]), payloads as Map<string, DslValue>, run.state, fields),
        )
      : text;
  const stopOnMatch = block.stopAtFirstMatch || template.stopAtFirstMatch;
  for (const rule of fuzz.rules) {
    for (const generated of generateRequests(rule, request, combos, render)) {
      if (scan.signal.aborted) return { matched, matchedNames: [...matchedNames] };
      const url = fromByteString(requestUrl(generated.request));
      let fuzzedTarget: ReturnType<typeof parseTarget>;
      try {
        fuzzedTarget = parseTarget(url);
      } catch {
        continue;
      }
      const pageRun: TemplateRun = {
        ...run,
        target: fuzzedTarget,
        fuzzedPoint: {
          method: 'GET',
          part: generated.part,
          parameter: fromByteString(generated.parameter),
          value: fromByteString(generated.value),
        },
      };
      const outcome = await runPage(pageRun, generated.payloads, httpVariables(fuzzedTarget, scheme));
      if (outcome?.matched) {
        matched = true;
        for (const n of outcome.matchedNames) matchedNames.add(n);
        if (stopOnMatch) return { matched, matchedNames: [...matchedNames] };
      }
    }
  }
  return { matched, matchedNames: [...matchedNames] };
}
