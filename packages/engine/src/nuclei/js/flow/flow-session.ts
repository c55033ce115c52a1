import { hasUnresolved, renderTemplate } from '../../dsl/render.js';
import type { DslValue } from '../../dsl/values.js';
import type { OperatorOutcome } from '../../operators/evaluate-operators.js';
import type { TemplateRun } from '../../scan/context.js';
import { LayeredScope } from '../../scan/layered-scope.js';
import { domainVariables } from '../../target.js';
import type { Block } from '../../template-model.js';
import { callResult } from './call-result.js';

/** Runs one block for the flow (records findings and failures as any block run does). */
export type BlockRunner = (run: TemplateRun, block: Block) => Promise<void>;

/** The flow function names and the blocks they run (`network` is nuclei's name for tcp). */
export const FLOW_PROTOCOLS: Readonly<Record<string, Block['protocol']>> = {
  http: 'http',
  dns: 'dns',
  ssl: 'ssl',
  tcp: 'tcp',
  network: 'tcp',
  javascript: 'javascript',
  headless: 'headless',
  code: 'code',
  file: 'file',
};

/**
 * The protocol calls of one flow run on one target, as nuclei's flow executor makes them
 * (pkg/tmplexec/flow): `http()` runs every http block in order, `http(1)` / `http("id")` the block
 * with that 1-based index or id; a call is true when nuclei's call-result rule says so; an
 * internal extractor with one value is stored as a string, with several as a list; variables are
 * evaluated again after every call. The JavaScript flow and the `&&`/`||` fast path share it.
 */
export class FlowSession {
  /** Extracted names that held one value: flattened again before each call (nuclei's flattenKeys). */
  private readonly flattenKeys = new Set<string>();
  readonly errors: string[] = [];

  constructor(
    private readonly run: TemplateRun,
    private readonly runBlock: BlockRunner,
  ) {}

  /** The blocks a call names; an unknown id is an error of the flow, as in nuclei. */
  private pick(protocol: Block['protocol'], ids: readonly string[]): Block[] | undefined {
    const ofProtocol = this.run.template.blocks.filter((b) => b.protocol === protocol);
    if (ids.length === 0) return ofProtocol;
    const picked: Block[] = [];
    for (const id of ids) {
      const block = ofProtocol.find((b) => b.id === id) ?? ofProtocol[Number(id) - 1];
      if (!block) {
        this.errors.push(`invalid request id '${id}' provided`);
        return picked.length > 0 ? picked : undefined;
      }
      picked.push(block);
    }
    return picked;
  }

  async call(protocol: Block['protocol'], ids: readonly string[]): Promise<boolean> {
    const blocks = this.pick(protocol, ids) ?? [];
    this.flatten();
    let result = false;
    try {
      for (const block of blocks) {
        if (this.run.scan.signal.aborted) break;
        const rule = callResult(block.operators);
        const internal = internalNames(block);
        const observe = (outcome: OperatorOutcome) => {
          rule.observe(outcome);
          this.storeDynamic(outcome, internal);
        };
        await this.runBlock({ ...this.run, observe }, block);
        if (rule.value()) result = true;
      }
    } finally {
      this.refreshVariables();
    }
    return result;
  }

  /** Internal extractor values: one value as a string, several as a list (flow semantics). */
  private storeDynamic(outcome: OperatorOutcome, internal: ReadonlySet<string>): void {
    if (internal.size === 0) return;
    for (const [name, values] of outcome.extracted) {
      if (!internal.has(name) || values.length === 0) continue;
      if (values.length === 1) {
        this.flattenKeys.add(name);
        this.run.state.set(name, values[0]!);
      } else this.run.state.set(name, [...values]);
    }
  }

  private flatten(): void {
    for (const key of this.flattenKeys) {
      const value = this.run.state.get(key);
      if (Array.isArray(value) && value.length === 1) this.run.state.set(key, value[0] as DslValue);
    }
  }

  /** Variables that needed values from responses are evaluated again with what the calls stored. */
  private refreshVariables(): void {
    const { run } = this;
    if (run.lazyVariables.length === 0) return;
    const base = baseVariables(run);
    const scope = new LayeredScope(new Map(), run.state, base);
    for (const [name, expr] of run.lazyVariables) {
      const value = renderTemplate(expr, scope);
      if (!hasUnresolved(value)) run.state.set(name, value);
    }
  }
}

function internalNames(block: Block): ReadonlySet<string> {
  const names = new Set<string>();
  for (const e of block.operators.extractors) if (e.internal && e.name) names.add(e.name);
  return names;
}

function baseVariables(run: TemplateRun): ReadonlyMap<string, DslValue> {
  const target = run.target;
  if (!target) return new Map();
  const perScheme = run.scan.variables.get(target);
  return perScheme?.http ?? perScheme?.https ?? new Map(domainVariables(target.host));
}
