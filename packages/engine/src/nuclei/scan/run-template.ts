import { hasUnresolved, renderTemplate } from '../dsl/render.js';
import type { DslValue } from '../dsl/values.js';
import { CookieJar } from '../http/cookie-jar.js';
import { runDnsBlock } from '../protocols/dns-executor.js';
import { resolveScheme, runHttpBlock } from '../protocols/http-executor.js';
import { runSslBlock } from '../protocols/ssl-executor.js';
import { runTcpBlock } from '../protocols/tcp-executor.js';
import { domainVariables, httpVariables, type Target } from '../target.js';
import type { Block, CompiledTemplate, WorkflowStep } from '../template-model.js';
import type { BlockOutcome, ScanContext, TemplateRun } from './context.js';
import { LayeredScope } from './layered-scope.js';

const NO_LAZY: readonly (readonly [string, string])[] = Object.freeze([]);

/** The state of a template without variables or constants (most): no await needed. */
function plainState(scan: ScanContext, template: CompiledTemplate): Map<string, DslValue> {
  const state = new Map<string, DslValue>([['randstr', template.randstr]]);
  for (const k of Object.keys(scan.options.variables)) state.set(k, scan.options.variables[k]!);
  return state;
}

/** Variables in declared order; `-var` overrides them, constants override `-var`. */
async function initialState(
  scan: ScanContext,
  template: CompiledTemplate,
  target: Target | undefined,
): Promise<{ state: Map<string, DslValue>; lazy: [string, string][] }> {
  const lazy: [string, string][] = [];
  const state = plainState(scan, template);
  let base = new Map<string, DslValue>(target ? domainVariables(target.host) : []);
  if (target && template.variables.length > 0 && template.blocks.some((b) => b.protocol === 'http')) {
    const scheme = await resolveScheme(scan, target);
    if (scheme) base = httpVariables(target, scheme);
  }
  const scope = new LayeredScope(state, base);
  for (const [name, expr] of template.variables) {
    if (Object.hasOwn(scan.options.variables, name)) continue;
    const value = renderTemplate(expr, scope);
    // Variables that need response data (an earlier block's extractor) are evaluated per request.
    if (hasUnresolved(value)) lazy.push([name, expr]);
    else state.set(name, value);
  }
  for (const [name, value] of template.constants) state.set(name, renderTemplate(value, scope));
  return { state, lazy };
}

function runBlock(run: TemplateRun, block: Block): Promise<BlockOutcome> {
  switch (block.protocol) {
    case 'http':
      return runHttpBlock(run, block);
    case 'dns':
      return runDnsBlock(run, block);
    case 'tcp':
      return runTcpBlock(run, block);
    case 'ssl':
      return runSslBlock(run, block);
  }
}

/** Runs every block of one template against one target (or once, when self-contained). */
export async function runTemplateOnTarget(
  scan: ScanContext,
  template: CompiledTemplate,
  target: Target | undefined,
  workflowId?: string,
): Promise<BlockOutcome> {
  if (template.workflow) {
    if (!target) return { matched: false, matchedNames: [] };
    return runWorkflow(scan, template.workflow, target, template.id);
  }
  const plain = template.variables.length === 0 && template.constants.length === 0;
  const { state, lazy } = plain
    ? { state: plainState(scan, template), lazy: NO_LAZY }
    : await initialState(scan, template, target);
  const run: TemplateRun = {
    scan,
    template,
    target,
    state,
    lazyVariables: lazy,
    cookies: new CookieJar(),
    workflowId,
  };
  let matched = false;
  const names = new Set<string>();
  for (const block of template.blocks) {
    if (scan.signal.aborted) break;
    try {
      const outcome = await runBlock(run, block);
      matched ||= outcome.matched;
      for (const n of outcome.matchedNames) names.add(n);
    } catch (error) {
      scan.emit({
        type: 'failure',
        templateId: template.id,
        target: target?.input ?? '',
        protocol: block.protocol,
        message: (error as Error).message,
      });
    }
  }
  return { matched, matchedNames: [...names] };
}

/** Workflows: a step's subtemplates run when it matched; matcher conditions pick by matcher name. */
async function runWorkflow(
  scan: ScanContext,
  steps: readonly WorkflowStep[],
  target: Target,
  workflowId: string,
): Promise<BlockOutcome> {
  let matched = false;
  for (const step of steps) {
    for (const template of step.templates) {
      if (scan.signal.aborted) return { matched, matchedNames: [] };
      const outcome = await runTemplateOnTarget(scan, template, target, workflowId);
      matched ||= outcome.matched;
      if (outcome.matched && step.subtemplates.length > 0)
        await runWorkflow(scan, step.subtemplates, target, workflowId);
      for (const m of step.matchers) {
        const hit =
          m.condition === 'and'
            ? m.names.every((n) => outcome.matchedNames.includes(n))
            : m.names.some((n) => outcome.matchedNames.includes(n));
        if (hit) await runWorkflow(scan, m.subtemplates, target, workflowId);
      }
    }
  }
  return { matched, matchedNames: [] };
}
