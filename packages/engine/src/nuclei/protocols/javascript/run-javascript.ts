import { renderTemplate } from '../../dsl/render.js';
import type { DslValue } from '../../dsl/values.js';
import { sharedJsPool } from '../../js/runtime/pool.js';
import { runSandboxed } from '../../js/runtime/sandbox.js';
import { evaluateOperators } from '../../operators/evaluate-operators.js';
import { type PayloadCombo, type PayloadSet, payloadCombos } from '../../payloads/generate-payloads.js';
import type { BlockOutcome, TemplateRun } from '../../scan/context.js';
import { emitFindings, storeExtracted } from '../../scan/emit-findings.js';
import { LayeredScope } from '../../scan/layered-scope.js';
import { domainVariables } from '../../target.js';
import { matchBudget } from '../../util/budget.js';
import { toByteString } from '../../util/bytes.js';
import { exportFields, exportsFields } from '../export-fields.js';
import { partReader } from '../http-executor.js';
import type { JavascriptBlock } from './javascript-block.js';
import { closeAll, dial, dialUdp, newModuleContext, portOf } from './modules/context.js';
import { MODULES } from './modules/index.js';
import { javascriptMain, javascriptPrelude } from './prelude.js';

/** nuclei's reserved ports: an input URL's implied port gives way to the template's Port. */
const RESERVED_PORTS = ['80', '443', '8080', '8443', '8081', '53'];

interface ScriptResult {
  readonly response?: DslValue;
  readonly success?: boolean;
  readonly error?: string;
  readonly exited?: boolean;
  readonly exportsAs?: Record<string, string>;
}

/** The port a block runs on (contextargs.UseNetworkPort): the input's own port wins, unless implied by a URL scheme. */
export function effectivePort(
  target: { readonly explicitPort?: number; readonly scheme?: string },
  inputHadScheme: boolean,
  templatePort: string,
  exclude: readonly string[] = RESERVED_PORTS,
): string {
  if (!templatePort) return target.explicitPort === undefined ? '' : String(target.explicitPort);
  if (target.explicitPort === undefined) return templatePort;
  if (inputHadScheme && exclude.includes(String(target.explicitPort))) return templatePort;
  return String(target.explicitPort);
}

/** Runs one `javascript:` block on the run's target: once per template Port, once per payload combination. */
export async function runJavascriptBlock(run: TemplateRun, block: JavascriptBlock): Promise<BlockOutcome> {
  const { target } = run;
  if (!target) return { matched: false, matchedNames: [] };
  let matched = false;
  const names = new Set<string>();
  const ports = block.ports.length > 0 ? block.ports : [''];
  for (const templatePort of ports) {
    const port = effectivePort(target, target.input.includes('://'), templatePort, block.excludePorts);
    const outcome = await runOnPort(run, block, port);
    if (outcome.matched) {
      matched = true;
      for (const n of outcome.matchedNames) names.add(n);
    }
  }
  return { matched, matchedNames: [...names] };
}

/** What a block's `init:` changed: arguments it `set` and payload lists it replaced. */
interface Prepared {
  readonly block: JavascriptBlock;
  readonly error?: string;
}

const prepared = new WeakMap<JavascriptBlock, Promise<Prepared>>();

/**
 * nuclei runs `init:` once when it compiles the template, with the arguments rendered from the
 * template variables; here it runs once, before the block's first target (a failed init leaves
 * the block as written, as nuclei only warns).
 */
function prepare(run: TemplateRun, block: JavascriptBlock): Promise<Prepared> {
  if (!block.init) return Promise.resolve({ block });
  let done = prepared.get(block);
  if (!done) {
    done = (async () => {
      const sets: [string, unknown][] = [];
      const updates = new Map<string, readonly string[]>();
      const scope = new LayeredScope(new Map(), run.state);
      const args: Record<string, unknown> = {};
      for (const [k, v] of block.args) {
        if (typeof v === 'string' && v.includes('{')) {
          const rendered = renderTemplate(v, scope);
          args[k] = rendered === v ? '' : rendered;
        } else args[k] = v;
      }
      const result = await runScript(run, block, block.init!, args, {
        set: (name, value) => {
          if (!name) throw new Error('variable name cannot be empty');
          if (value === null || value === undefined) throw new Error('variable value cannot be empty');
          sets.push([String(name), value]);
          return null;
        },
        updatePayload: (name, value) => {
          if (block.payloads.size === 0) throw new Error('payloads not defined and cannot be updated');
          const list = (Array.isArray(value) ? value : [value]).map((v) => toByteString(String(v ?? '')));
          updates.set(String(name), list);
          return null;
        },
      });
      const payloads: PayloadSet = new Map([...block.payloads, ...updates]);
      const argList = [
        ...block.args.filter(([k]) => !sets.some(([n]) => n === k)),
        ...sets,
      ] as JavascriptBlock['args'];
      return { block: { ...block, payloads, args: argList }, error: result.error };
    })();
    prepared.set(block, done);
  }
  return done;
}

async function runOnPort(run: TemplateRun, original: JavascriptBlock, port: string): Promise<BlockOutcome> {
  const ready = await prepare(run, original);
  const block = ready.block;
  if (ready.error) reportErrors(run, port, [`init: ${ready.error}`]);
  const { scan, target } = run;
  const host = target!.host;
  const hostPort = port ? (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`) : host;
  const base = new Map<string, DslValue>([
    ['Hostname', hostPort],
    ['Host', host],
    ['Port', port],
    ...domainVariables(host),
  ]);
  let matched = false;
  let answered = false;
  const names = new Set<string>();
  const errors: string[] = [];

  if (block.preCondition) {
    // As nuclei: without payload values; an argument left unresolved is empty.
    const result = await runScript(
      run,
      block,
      block.preCondition,
      argsFor(run, block, base, undefined, port, true),
    );
    // A pre-condition that cannot reach the service is only false (nuclei logs it in verbose mode).
    if (result.error && !result.error.startsWith('dial ')) errors.push(`pre-condition: ${result.error}`);
    if (!result.success) {
      // nuclei skips the block quietly when the pre-condition is false (a closed port, mostly);
      // a pre-condition that failed with an error is reported.
      reportErrors(run, hostPort, errors);
      return { matched: false, matchedNames: [] };
    }
  }

  const one = async (combo: PayloadCombo | undefined): Promise<boolean> => {
    const args = argsFor(run, block, base, combo, port, false);
    const result = await runScript(run, block, block.code, args);
    if (result.error) errors.push(result.error);
    else answered = true;
    const fields = new Map<string, DslValue>();
    if (result.exportsAs) for (const [k, v] of Object.entries(result.exportsAs)) fields.set(k, v);
    if (result.error !== undefined) {
      fields.set('success', false);
      fields.set('error', result.error);
    } else {
      fields.set('response', result.response ?? '');
      fields.set('success', result.success === true);
    }
    fields.set('type', 'javascript');
    fields.set('request', block.code);
    fields.set('host', target!.input);
    fields.set('matched', hostPort);
    fields.set('ip', host);
    if (exportsFields(run.template)) exportFields(run, block, fields);
    const opScope = new LayeredScope(fields, (combo ?? new Map()) as Map<string, DslValue>, run.state, base);
    const read = partReader(opScope);
    const outcome = evaluateOperators(block.operators, {
      scope: opScope,
      part: (p) => read(p ?? 'response'),
      budget: matchBudget(scan.signal, scan.options.matchTimeoutMs),
    });
    storeExtracted(run, outcome.extracted);
    run.observe?.(outcome);
    emitFindings(run, 'javascript', outcome, {
      matchedAt: hostPort,
      request: block.code,
      response: typeof result.response === 'string' ? result.response : String(result.response ?? ''),
      ip: host,
    });
    if (outcome.matched) {
      matched = true;
      for (const n of outcome.matchedNames) names.add(n);
    }
    return outcome.matched;
  };

  const stopOnMatch = block.stopAtFirstMatch || run.template.stopAtFirstMatch;
  if (block.payloads.size === 0) await one(undefined);
  else {
    const combos = payloadCombos(block.payloads, block.attack);
    const threads = Math.max(1, block.threads);
    let stop = false;
    const worker = async () => {
      for (;;) {
        if (stop || scan.signal.aborted) return;
        const next = combos.next();
        if (next.done) return;
        if ((await one(next.value)) && stopOnMatch) stop = true;
      }
    };
    await Promise.all(Array.from({ length: threads }, worker));
  }
  // One failure per target and port when no run of the script succeeded (a brute force's wrong
  // passwords are not failures).
  if (!answered) reportErrors(run, hostPort, errors);
  return { matched, matchedNames: [...names] };
}

/** The script's arguments: `{{…}}` rendered with payloads, variables and the target; Port is the port in use. */
function argsFor(
  run: TemplateRun,
  block: JavascriptBlock,
  base: Map<string, DslValue>,
  combo: PayloadCombo | undefined,
  port: string,
  lenient: boolean,
): Record<string, unknown> {
  const scope = new LayeredScope(new Map(), (combo ?? new Map()) as Map<string, DslValue>, run.state, base);
  const args: Record<string, unknown> = {};
  for (const [k, v] of block.args) {
    if (typeof v === 'string' && v.includes('{')) {
      const rendered = renderTemplate(v, scope);
      args[k] = lenient && rendered === v ? '' : rendered;
    } else args[k] = v;
  }
  args.Port = port;
  return args;
}

async function runScript(
  run: TemplateRun,
  block: JavascriptBlock,
  code: string,
  args: Record<string, unknown>,
  initFunctions: Record<string, (...a: unknown[]) => unknown> = {},
): Promise<ScriptResult> {
  const { scan } = run;
  const ctx = newModuleContext(scan.signal, scan.options.timeoutMs, block.filesRoot);
  const template: Record<string, unknown> = {};
  for (const [k, v] of run.state) template[k] = v;
  Object.assign(template, args);
  try {
    const result = await runSandboxed({
      code: javascriptMain(code),
      filename: 'javascript.js',
      prelude: javascriptPrelude(block.modules),
      pool: sharedJsPool(scan.options.jsConcurrency),
      signal: scan.signal,
      limits: { timeoutMs: scan.options.jsTimeoutMs },
      globals: { ...args, template },
      functions: { __log: () => null, ...initFunctions },
      asyncFunctions: {
        __hostCall: async (module, fn, list) => {
          const a = Array.isArray(list) ? list : [];
          if (module === '') return globalCall(ctx, String(fn), a);
          const m = MODULES.get(String(module));
          const f = m?.functions[String(fn)];
          if (!f) throw new Error(`nuclei/${String(module)}: ${String(fn)} is not implemented`);
          return await f(ctx, ...a);
        },
      },
    });
    if (!result.ok) return { error: result.error };
    return (result.value ?? {}) as ScriptResult;
  } finally {
    closeAll(ctx);
  }
}

async function globalCall(
  ctx: ReturnType<typeof newModuleContext>,
  fn: string,
  args: unknown[],
): Promise<unknown> {
  const [host, port, timeout] = args;
  if (!host || !port) throw new Error(`${fn}: host or port is empty`);
  const ms = (Number(timeout) || 5) * 1000;
  try {
    if (fn === 'isPortOpen') (await dial(ctx, String(host), portOf(port), false, ms)).destroy();
    else if (fn === 'isUDPPortOpen') (await dialUdp(ctx, String(host), portOf(port))).close();
    else throw new Error(`${fn} is not defined`);
    return true;
  } catch (error) {
    if ((error as Error).message.endsWith('is not defined')) throw error;
    return false;
  }
}

function reportErrors(run: TemplateRun, hostPort: string, errors: readonly string[]): void {
  if (errors.length === 0) return;
  run.scan.emit({
    type: 'failure',
    templateId: run.template.id,
    target: run.target?.input ?? '',
    protocol: 'javascript',
    message: `${hostPort}: ${errors[errors.length - 1]}`,
  });
}
