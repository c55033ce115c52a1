import type { DslValue } from '../dsl/values.js';
import type { OperatorOutcome } from '../operators/evaluate-operators.js';
import type { Target } from '../target.js';
import type { CompiledTemplate, WorkflowStep } from '../template-model.js';
import type { BlockOutcome, ScanContext } from './context.js';
import { runTemplateOnTarget } from './run-template.js';

/** How a workflow runs one of its templates. */
export interface WorkflowCall {
  readonly workflowId: string;
  /** The step has subtemplates or matchers: its own results are not printed (nuclei). */
  readonly silent: boolean;
  /** Values extracted by the step's parents, set as variables of the template. */
  readonly inputs: ReadonlyMap<string, DslValue>;
  /** Collects the template's operator outcomes (matched names and extracted values). */
  readonly observe?: (outcome: OperatorOutcome) => void;
}

const NO_INPUTS: ReadonlyMap<string, DslValue> = new Map();

/**
 * Workflows as nuclei's runWorkflowStep runs them. A step without subtemplates or matchers prints
 * its template's results. A step with subtemplates or matchers runs its template silently: it only
 * decides which subtemplates run (any match, or the named matchers and extractors a matcher
 * condition lists) and hands its named, visible extractors' values to them (`name`, or `name0`…
 * `nameN` plus `name` as the list when there are several), and to their own subtemplates.
 */
export async function runWorkflow(
  scan: ScanContext,
  steps: readonly WorkflowStep[],
  target: Target,
  workflowId: string,
  inputs: ReadonlyMap<string, DslValue> = NO_INPUTS,
): Promise<BlockOutcome> {
  let matched = false;
  for (const step of steps) {
    for (const s of step.skipped) {
      scan.emit({
        type: 'skipped',
        templateId: workflowId,
        target: target.input,
        reason: `workflow step ${s.template} skipped (${s.reason})`,
      });
    }
    const silent = step.subtemplates.length > 0 || step.matchers.length > 0;
    for (const template of step.templates) {
      if (scan.signal.aborted) return { matched, matchedNames: [] };
      const seen = silent ? new StepResults(template) : undefined;
      const outcome = await runTemplateOnTarget(scan, template, target, {
        workflowId,
        silent,
        inputs,
        observe: seen ? (o) => seen.add(o) : undefined,
      });
      matched ||= outcome.matched;
      if (!seen) continue;
      const next = seen.inputsFor(inputs);
      if (outcome.matched && step.subtemplates.length > 0)
        await runWorkflow(scan, step.subtemplates, target, workflowId, next);
      for (const m of step.matchers) {
        const has = (n: string) => outcome.matchedNames.includes(n) || seen.extracted.has(n);
        const hit = m.condition === 'and' ? m.names.every(has) : m.names.some(has);
        if (hit) await runWorkflow(scan, m.subtemplates, target, workflowId, next);
      }
    }
  }
  return { matched, matchedNames: [] };
}

/** What a silent step's template extracted with its named, non-internal extractors. */
class StepResults {
  readonly extracted = new Map<string, string[]>();
  private readonly visible: ReadonlySet<string>;

  constructor(template: CompiledTemplate) {
    const names = new Set<string>();
    for (const block of template.blocks)
      for (const e of block.operators.extractors) if (e.name && !e.internal) names.add(e.name);
    this.visible = names;
  }

  add(outcome: OperatorOutcome): void {
    for (const [name, values] of outcome.extracted) {
      if (!this.visible.has(name) || values.length === 0) continue;
      this.extracted.set(name, [...values]);
    }
  }

  /** The parent's inputs with this step's values over them (nuclei's ctx.Input.Set). */
  inputsFor(parent: ReadonlyMap<string, DslValue>): ReadonlyMap<string, DslValue> {
    if (this.extracted.size === 0) return parent;
    const next = new Map(parent);
    for (const [name, values] of this.extracted) {
      if (values.length === 1) {
        next.set(name, values[0]!);
        continue;
      }
      values.forEach((v, i) => {
        next.set(`${name}${i}`, v);
      });
      next.set(name, values);
    }
    return next;
  }
}
