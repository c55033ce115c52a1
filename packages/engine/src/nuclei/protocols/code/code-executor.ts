import type { DslValue } from '../../dsl/values.js';
import { evaluateOperators } from '../../operators/evaluate-operators.js';
import type { BlockOutcome, TemplateRun } from '../../scan/context.js';
import { emitFindings, storeExtracted } from '../../scan/emit-findings.js';
import { LayeredScope } from '../../scan/layered-scope.js';
import { httpVariables } from '../../target.js';
import type { CodeBlock } from '../../template-model.js';
import { matchBudget } from '../../util/budget.js';
import { exportFields, exportsFields } from '../export-fields.js';
import { partReader } from '../http-executor.js';
import { codeFields, executeCode } from './run-code.js';

const NONE: BlockOutcome = Object.freeze({ matched: false, matchedNames: Object.freeze([]) });

/**
 * Runs a `code:` block of a scan on its target, as nuclei's code request does: the input on
 * standard input, every variable (the target's, the template's, extracted values, `-var`s) as an
 * environment variable, the output as `response` and `stderr` for the block's operators and as
 * `code_<n>_response` (or `<id>_response`) for later blocks. The loader let the template in only
 * when its signature verified (load/code-hook.ts); the scan only when the code gate is open
 * (run-templates.ts): this checks the gate again, so a block never runs with it closed.
 */
export async function runCodeExecutorBlock(run: TemplateRun, block: CodeBlock): Promise<BlockOutcome> {
  const { scan, target } = run;
  const input = target?.input ?? '';
  const base = target ? httpVariables(target, target.scheme ?? 'http') : new Map<string, DslValue>();
  const variables = new Map<string, DslValue>(base);
  for (const [k, v] of run.state) variables.set(k, v);
  const ran = await executeCode(block, {
    codeGate: scan.options.code === true,
    runner: scan.options.runner ?? 'cli',
    input,
    variables,
    timeoutMs: scan.options.codeTimeoutMs ?? scan.options.timeoutMs * 3,
    signal: scan.signal,
  });
  if (ran.status === 'skipped') {
    // A false pre-condition is quiet in nuclei (a warning); every other reason is the run's to see.
    if (ran.reason !== 'pre-condition not satisfied')
      scan.emit({ type: 'skipped', templateId: run.template.id, target: input, reason: ran.reason });
    return NONE;
  }
  if (ran.timedOut)
    scan.emit({
      type: 'failure',
      templateId: run.template.id,
      target: input,
      protocol: 'code',
      message: `code execution deadline exceeded (${ran.engine})`,
    });
  const fields = codeFields(input, ran);
  if (exportsFields(run.template)) exportFields(run, block, fields);
  const scope = new LayeredScope(fields, run.state, base);
  const read = partReader(scope);
  const outcome = evaluateOperators(block.operators, {
    scope,
    part: (p) => read(p ?? 'response'),
    budget: matchBudget(scan.signal, scan.options.matchTimeoutMs),
  });
  storeExtracted(run, outcome.extracted);
  run.observe?.(outcome);
  if (outcome.findings.length > 0)
    emitFindings(run, 'code', outcome, { matchedAt: input, request: block.source, response: ran.response });
  return { matched: outcome.matched, matchedNames: outcome.matchedNames };
}
