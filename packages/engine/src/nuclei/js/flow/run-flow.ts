import type { DslValue } from '../../dsl/values.js';
import type { FlowExpr } from '../../load/simple-flow.js';
import type { TemplateRun } from '../../scan/context.js';
import { fromByteString, toByteString } from '../../util/bytes.js';
import { sharedJsPool } from '../runtime/pool.js';
import { runSandboxed } from '../runtime/sandbox.js';
import { FLOW_PRELUDE } from './flow-prelude.js';
import type { BlockRunner } from './flow-session.js';
import { FLOW_PROTOCOLS, FlowSession } from './flow-session.js';

/** A flow as the engine keeps it: a JavaScript program, and its `&&`/`||` form when it is only that. */
export interface CompiledFlow {
  readonly source: string;
  /** Only protocol calls joined by `&&`/`||`: evaluated without starting a JavaScript runtime. */
  readonly simple?: FlowExpr;
}

/**
 * Runs a template's flow on one target. A flow of protocol calls joined by `&&`/`||` (most of them)
 * is evaluated directly; any other flow runs in the QuickJS sandbox with nuclei's built-ins.
 * Both make their calls through one FlowSession, so the semantics are the same.
 */
export async function runFlow(run: TemplateRun, flow: CompiledFlow, runBlock: BlockRunner): Promise<void> {
  const session = new FlowSession(run, runBlock);
  if (flow.simple) await evaluateSimple(flow.simple, session);
  else {
    const result = await runSandboxed({
      code: flow.source,
      filename: 'flow.js',
      prelude: FLOW_PRELUDE,
      pool: sharedJsPool(run.scan.options.jsConcurrency),
      signal: run.scan.signal,
      limits: { timeoutMs: run.scan.options.jsTimeoutMs },
      functions: {
        set: (name, value) => {
          run.state.set(String(name), toState(value));
          return null;
        },
        __templateGet: (name) => toGuestValue(run.state.get(String(name))),
        __templateKeys: () => [...run.state.keys()],
        __log: () => null,
      },
      asyncFunctions: protocolFunctions(run, session),
    });
    if (!result.ok) session.errors.push(result.error);
  }
  for (const message of session.errors) {
    run.scan.emit({
      type: 'failure',
      templateId: run.template.id,
      target: run.target?.input ?? '',
      protocol: run.template.protocols[0] ?? 'http',
      message: `flow: ${message}`,
    });
  }
}

async function evaluateSimple(expr: FlowExpr, session: FlowSession): Promise<boolean> {
  if (expr.kind !== 'call') {
    const left = await evaluateSimple(expr.left, session);
    if (expr.kind === 'and' ? !left : left) return left;
    return evaluateSimple(expr.right, session);
  }
  return session.call(expr.protocol, expr.ids);
}

/** One function per protocol the template has (nuclei registers only those). */
function protocolFunctions(run: TemplateRun, session: FlowSession) {
  const present = new Set(run.template.blocks.map((b) => b.protocol));
  const fns: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const [name, protocol] of Object.entries(FLOW_PROTOCOLS)) {
    if (!present.has(protocol)) continue;
    fns[name] = (...args) => session.call(protocol, args.map(idOf));
  }
  return fns;
}

// nuclei turns each argument into its string form: http(1) and http("1") are the same call.
const idOf = (arg: unknown): string => (typeof arg === 'number' ? String(arg) : String(arg ?? ''));

/** State values are byte strings; the script sees text. */
function toGuestValue(value: DslValue | undefined): unknown {
  if (typeof value === 'string') return fromByteString(value);
  if (Array.isArray(value)) return value.map(toGuestValue);
  return value;
}

/** A value from `set()`: text becomes a byte string; records are kept as their JSON text. */
function toState(value: unknown): DslValue {
  if (typeof value === 'string') return toByteString(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined)
    return value as DslValue;
  if (Array.isArray(value)) return value.map(toState);
  return toByteString(JSON.stringify(value));
}
