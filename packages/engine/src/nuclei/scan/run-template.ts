import { hasUnresolved, renderTemplate } from '../dsl/render.js';
import type { DslValue } from '../dsl/values.js';
import type { FuzzInput } from '../fuzz/fuzz-input.js';
import { CookieJar } from '../http/cookie-jar.js';
import { runFlow } from '../js/flow/run-flow.js';
import { runCodeExecutorBlock } from '../protocols/code/code-executor.js';
import { runDnsBlock } from '../protocols/dns-executor.js';
import { runFileBlock } from '../protocols/file/file-executor.js';
import { runHeadlessBlock } from '../protocols/headless/headless-executor.js';
import { resolveScheme, runHttpBlock } from '../protocols/http-executor.js';
import { runJavascriptBlock } from '../protocols/javascript/run-javascript.js';
import { runSslBlock } from '../protocols/ssl-executor.js';
import { runTcpBlock } from '../protocols/tcp-executor.js';
import { domainVariables, httpVariables, type Target } from '../target.js';
import type { Block, CompiledTemplate } from '../template-model.js';
import type { BlockOutcome, ScanContext, TemplateRun } from './context.js';
import { LayeredScope } from './layered-scope.js';
import { runWorkflow, type WorkflowCall } from './run-workflow.js';
import { templateBudgets } from './template-budget.js';

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
  } else if (target && template.variables.length > 0 && template.blocks.some((b) => b.protocol === 'code')) {
    // nuclei's code request generates the URL variables from the input without probing it.
    base = httpVariables(target, target.scheme ?? 'http');
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
    case 'headless':
      return runHeadlessBlock(run, block);
    case 'javascript':
      return runJavascriptBlock(run, block);
    case 'code':
      return runCodeExecutorBlock(run, block);
    case 'file':
      return runFileBlock(run, block);
  }
}

/** Runs every block of one template against one target (or once, when self-contained). */
export async function runTemplateOnTarget(
  parent: ScanContext,
  template: CompiledTemplate,
  target: Target | undefined,
  call?: WorkflowCall,
  fuzzInput?: FuzzInput,
): Promise<BlockOutcome> {
  const ms = parent.options.templateTimeoutMs;
  if (ms <= 0 || template.workflow) return runWithin(parent, template, target, call, fuzzInput);
  // The template's own budget: the window's signal aborts with the scan's or when the time is up,
  // and every executor and matcher loop reads `run.scan.signal`.
  const budgets = templateBudgets(parent, ms);
  const window = budgets.enter();
  try {
    return await runWithin(window.scan, template, target, call, fuzzInput);
  } finally {
    if (budgets.leave(window) && !parent.signal.aborted)
      parent.emit({
        type: 'failure',
        templateId: template.id,
        target: target?.input ?? '',
        protocol: template.protocols[0] ?? 'http',
        message: `stopped after its budget of ${ms} ms on this target (templateTimeoutMs)`,
      });
  }
}

/**
 * A template without variables, constants, flow or workflow and with one block (most of them) runs
 * that block with no async frame of its own: one promise layer less per template × target run.
 */
function runWithin(
  scan: ScanContext,
  template: CompiledTemplate,
  target: Target | undefined,
  call?: WorkflowCall,
  fuzzInput?: FuzzInput,
): Promise<BlockOutcome> {
  const single =
    !template.workflow &&
    !template.flow &&
    template.blocks.length === 1 &&
    template.variables.length === 0 &&
    template.constants.length === 0;
  if (!single) return runBlocks(scan, template, target, call, fuzzInput);
  if (scan.signal.aborted) return Promise.resolve(NOTHING);
  const run = newRun(scan, template, target, plainState(scan, template), NO_LAZY, call, fuzzInput);
  const block = template.blocks[0]!;
  let outcome: Promise<BlockOutcome>;
  try {
    outcome = runBlock(run, block);
  } catch (error) {
    reportBlockError(run, block, error);
    return Promise.resolve(NOTHING);
  }
  return outcome.then(ownOutcome, (error) => {
    reportBlockError(run, block, error);
    return NOTHING;
  });
}

const NO_NAMES: readonly string[] = Object.freeze([]);
const NOTHING: BlockOutcome = Object.freeze({ matched: false, matchedNames: NO_NAMES });

/** A single block's outcome as the template's: the same, with each matcher name once. */
const ownOutcome = (outcome: BlockOutcome): BlockOutcome => ({
  matched: outcome.matched,
  matchedNames:
    outcome.matchedNames.length === 0
      ? NO_NAMES
      : outcome.matchedNames.length === 1
        ? outcome.matchedNames
        : [...new Set(outcome.matchedNames)],
});

function newRun(
  scan: ScanContext,
  template: CompiledTemplate,
  target: Target | undefined,
  state: Map<string, DslValue>,
  lazyVariables: readonly (readonly [string, string])[],
  call: WorkflowCall | undefined,
  fuzzInput?: FuzzInput,
): TemplateRun {
  if (fuzzInput) return { scan, template, target, state, lazyVariables, cookies: new CookieJar(), fuzzInput };
  if (!call) return { scan, template, target, state, lazyVariables, cookies: new CookieJar() };
  // A workflow parent's extracted values reach its subtemplates as variables.
  for (const [k, v] of call.inputs) state.set(k, v);
  return {
    scan,
    template,
    target,
    state,
    lazyVariables,
    cookies: new CookieJar(),
    workflowId: call.workflowId,
    silent: call.silent,
    observe: call.observe,
  };
}

async function runBlocks(
  scan: ScanContext,
  template: CompiledTemplate,
  target: Target | undefined,
  call?: WorkflowCall,
  fuzzInput?: FuzzInput,
): Promise<BlockOutcome> {
  if (template.workflow) {
    if (!target) return { matched: false, matchedNames: [] };
    return runWorkflow(scan, template.workflow, target, template.id);
  }
  const plain = template.variables.length === 0 && template.constants.length === 0;
  const { state, lazy } = plain
    ? { state: plainState(scan, template), lazy: NO_LAZY }
    : await initialState(scan, template, target);
  const run = newRun(scan, template, target, state, lazy, call, fuzzInput);
  const tally: Tally = { matched: false, names: undefined };
  if (template.flow)
    await runFlow(run, template.flow, async (blockRun, block) => {
      await runOneBlock(blockRun, block, tally);
    });
  else for (const block of template.blocks) await runOneBlock(run, block, tally);
  return { matched: tally.matched, matchedNames: tally.names ? [...tally.names] : NO_NAMES };
}

/** What a template's blocks matched so far. */
interface Tally {
  matched: boolean;
  names: Set<string> | undefined;
}

/** One block of a template with several blocks or a flow (a single block runs in runWithin). */
async function runOneBlock(run: TemplateRun, block: Block, tally: Tally): Promise<boolean> {
  if (run.scan.signal.aborted) return false;
  try {
    const outcome = await runBlock(run, block);
    record(tally, outcome);
    return outcome.matched;
  } catch (error) {
    reportBlockError(run, block, error);
    return false;
  }
}

function record(tally: Tally, outcome: BlockOutcome): void {
  if (outcome.matched) tally.matched = true;
  if (outcome.matchedNames.length > 0) {
    tally.names ??= new Set();
    for (const n of outcome.matchedNames) tally.names.add(n);
  }
}

/** A block that threw: a failure event for the template and target, the run goes on. */
function reportBlockError(run: TemplateRun, block: Block, error: unknown): void {
  run.scan.emit({
    type: 'failure',
    templateId: run.template.id,
    target: run.target?.input ?? '',
    protocol: block.protocol,
    message: (error as Error).message,
  });
}
