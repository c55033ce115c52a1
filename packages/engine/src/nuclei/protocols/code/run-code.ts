/**
 * Nuclei's `code` protocol (pkg/protocols/code): the block's `source` is written to a temporary
 * file and run by the first of its `engine` interpreters found on PATH (`engine args… file`), the
 * target on standard input, the template's variables as environment variables; the trimmed
 * standard output is `response` (and `code_<n>_response`), standard error `stderr`, and the
 * block's matchers and extractors read `response` by default.
 *
 * Unlike nuclei, the process gets a clean environment (only PATH and the variables), a time cap
 * and an output cap, and it runs only when the run's `code` capability gate is open. A block asking
 * for a Docker `sandbox:` is skipped where no docker binary exists.
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { runInNewContext } from 'node:vm';
import type { DslValue } from '../../dsl/values.js';
import { compileOperators } from '../../operators/compile-operators.js';
import { evaluateOperators, type OperatorOutcome } from '../../operators/evaluate-operators.js';
import type { PayloadSet } from '../../payloads/generate-payloads.js';
import type { CodeBlock } from '../../template-model.js';
import { gateSkipReason, type Runner } from '../../trust/gates.js';

export type { CodeBlock };

const NO_PAYLOADS: PayloadSet = new Map();

/**
 * A `code:` block of a template (0-based index) as the runner needs it. Matchers and extractors
 * without a part (or `body`) read `response`, as nuclei's Compile sets them.
 */
export function compileCodeBlock(raw: Readonly<Record<string, unknown>>, index: number): CodeBlock {
  const list = (v: unknown) =>
    v === undefined || v === null ? [] : (Array.isArray(v) ? v : [v]).map(String);
  const sandbox = raw.sandbox as Record<string, unknown> | undefined;
  const operators = compileOperators(raw);
  const withResponse = (p: string | undefined) =>
    p === undefined || p === '' || p === 'body' ? 'response' : p;
  return {
    protocol: 'code',
    index,
    id: raw.id === undefined ? undefined : String(raw.id),
    payloads: NO_PAYLOADS,
    attack: 'batteringram',
    needsHistory: false,
    engine: list(raw.engine),
    args: list(raw.args),
    source: String(raw.source ?? ''),
    pattern: raw.pattern === undefined ? undefined : String(raw.pattern),
    preCondition: raw['pre-condition'] === undefined ? undefined : String(raw['pre-condition']),
    sandbox: sandbox
      ? {
          image: sandbox.image === undefined ? undefined : String(sandbox.image),
          workingDir: sandbox['working-dir'] === undefined ? undefined : String(sandbox['working-dir']),
        }
      : undefined,
    operators: {
      ...operators,
      matchers: operators.matchers.map((m) => ({ ...m, part: withResponse(m.part) })),
      extractors: operators.extractors.map((e) => ({ ...e, part: withResponse(e.part) })),
    },
  };
}

export interface CodeRunOptions {
  /** The run's `code` capability gate. Closed: the block is skipped naming the gate. */
  readonly codeGate: boolean;
  /** Which runner this is, for the skip reason (how the gate opens there). */
  readonly runner: Runner;
  /** The target, given to the process on standard input. */
  readonly input: string;
  /** Template variables, passed as environment variables (stringified, as nuclei). */
  readonly variables?: ReadonlyMap<string, DslValue>;
  readonly timeoutMs?: number;
  /** Bytes kept of standard output and of standard error each; the process is killed beyond. */
  readonly outputCap?: number;
  /** PATH of the process (and where engines are looked for); the worker's own PATH by default. */
  readonly path?: string;
  readonly signal?: AbortSignal;
}

export type CodeRunResult =
  | { readonly status: 'skipped'; readonly reason: string }
  | {
      readonly status: 'ran';
      readonly engine: string;
      readonly response: string;
      readonly stderr: string;
      readonly exitCode: number | null;
      readonly timedOut: boolean;
      readonly truncated: boolean;
      readonly outcome: OperatorOutcome;
    };

export const DEFAULT_CODE_TIMEOUT_MS = 10_000;
export const DEFAULT_CODE_OUTPUT_CAP = 1 << 20;

function onPath(name: string, path: string): string | undefined {
  if (name.includes('/')) {
    try {
      accessSync(name, constants.X_OK);
      return name;
    } catch {
      return undefined;
    }
  }
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

const OS_NAME = process.platform;

/**
 * A `pre-condition` (JavaScript, as nuclei's: `IsWindows();`) run in an empty context with the
 * OS checks nuclei registers and the variables; true when its last value is truthy.
 */
export function preConditionHolds(source: string, variables: ReadonlyMap<string, DslValue>): boolean {
  const context: Record<string, unknown> = {
    IsWindows: () => OS_NAME === 'win32',
    IsLinux: () => OS_NAME === 'linux',
    IsOSX: () => OS_NAME === 'darwin',
    IsAndroid: () => OS_NAME === 'android',
    IsFreeBSD: () => OS_NAME === 'freebsd',
    IsOpenBSD: () => OS_NAME === 'openbsd',
    IsSolaris: () => OS_NAME === 'sunos',
  };
  for (const [k, v] of variables) if (/^[A-Za-z_$][\w$]*$/.test(k) && !(k in context)) context[k] = v;
  try {
    return Boolean(runInNewContext(source, context, { timeout: 1000 }));
  } catch {
    return false;
  }
}

/** What running a block's process gave, before its matchers read it. */
export type CodeExecution =
  | { readonly status: 'skipped'; readonly reason: string }
  | {
      readonly status: 'ran';
      readonly engine: string;
      /** Trimmed standard output (nuclei's `response`). */
      readonly response: string;
      /** Trimmed standard error (nuclei's `stderr`, set only when there was some). */
      readonly stderr: string;
      readonly exitCode: number | null;
      readonly timedOut: boolean;
      readonly truncated: boolean;
    };

const dockerAnswers = new Map<string, string | undefined>();

/**
 * Why a `sandbox:` block cannot run here, or undefined when a Docker daemon answers (`docker info`
 * within 5 s, asked once per PATH): a docker binary alone is not enough, as on a machine whose
 * daemon is not running.
 */
export function dockerUnavailable(path: string): string | undefined {
  const docker = onPath('docker', path);
  if (!docker) return 'docker is not available';
  if (!dockerAnswers.has(path)) {
    const probe = spawnSync(docker, ['info', '--format', '{{.ServerVersion}}'], {
      env: dockerEnv(path),
      timeout: 5000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    dockerAnswers.set(
      path,
      probe.status === 0 ? undefined : 'docker is not available (no Docker daemon answers on this machine)',
    );
  }
  return dockerAnswers.get(path);
}

/** The docker client's environment: PATH and where its daemon and configuration are, nothing else. */
function dockerEnv(path: string): Record<string, string> {
  const env: Record<string, string> = { PATH: path };
  for (const k of [
    'DOCKER_HOST',
    'DOCKER_CONFIG',
    'DOCKER_CONTEXT',
    'DOCKER_CERT_PATH',
    'DOCKER_TLS_VERIFY',
    'HOME',
  ])
    if (process.env[k]) env[k] = process.env[k]!;
  return env;
}

/**
 * Runs one `code:` block's process against one input, or says why it did not: the gate, a
 * `sandbox:` without Docker, a false `pre-condition`, no engine on PATH.
 * @example await executeCode(block, { codeGate: true, runner: 'self-hosted', input: '127.0.0.1' })
 */
export async function executeCode(block: CodeBlock, options: CodeRunOptions): Promise<CodeExecution> {
  if (!options.codeGate) return { status: 'skipped', reason: gateSkipReason('code', options.runner) };
  const path = options.path ?? process.env.PATH ?? '/usr/bin:/bin';
  if (block.sandbox) {
    const why = dockerUnavailable(path);
    if (why)
      return {
        status: 'skipped',
        reason: `${why}: the template asks for a sandbox (${block.sandbox.image ?? 'default image'})`,
      };
  }
  const variables = options.variables ?? new Map<string, DslValue>();
  if (block.preCondition && !preConditionHolds(block.preCondition, variables))
    return { status: 'skipped', reason: 'pre-condition not satisfied' };
  let engine: string | undefined;
  if (block.sandbox) engine = block.engine[0];
  else
    for (const name of block.engine) {
      engine = onPath(name, path);
      if (engine) break;
    }
  if (!engine)
    return { status: 'skipped', reason: `engines '${block.engine.join(',')}' not available on host` };

  const vars: Record<string, string> = {};
  for (const [k, v] of variables) vars[k] = Array.isArray(v) ? v.join(',') : String(v ?? '');
  const cap = options.outputCap ?? DEFAULT_CODE_OUTPUT_CAP;
  const dir = mkdtempSync(join(tmpdir(), 'didban-code-'));
  const ext = block.pattern?.replace(/^.*\*/, '') ?? '';
  const name = `source${ext.startsWith('.') ? ext : ''}`;
  const file = join(dir, name);
  writeFileSync(file, block.source, { mode: 0o644 });
  // In a sandbox the container runs the engine on the source mounted read-only; the variables go
  // in by name (`-e NAME`), their values through the docker client's environment.
  const command = block.sandbox
    ? {
        bin: onPath('docker', path)!,
        argv: [
          'run',
          '--rm',
          '-i',
          '--network=host',
          '-v',
          `${dir}:/didban-code:ro`,
          '-w',
          block.sandbox.workingDir ?? '/didban-code',
          ...Object.keys(vars).flatMap((k) => ['-e', k]),
          block.sandbox.image ?? 'alpine',
          engine,
          ...block.args,
          `/didban-code/${name}`,
        ],
        env: { ...dockerEnv(path), ...vars },
      }
    : { bin: engine, argv: [...block.args, file], env: { PATH: path, ...vars } };
  try {
    const run = await new Promise<{
      stdout: Buffer;
      stderr: Buffer;
      code: number | null;
      timedOut: boolean;
      truncated: boolean;
    }>((resolve) => {
      const child = spawn(command.bin, command.argv, {
        env: command.env,
        cwd: dir,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      let outLen = 0;
      let errLen = 0;
      let timedOut = false;
      let truncated = false;
      const kill = () => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      };
      const timer = setTimeout(() => {
        timedOut = true;
        kill();
      }, options.timeoutMs ?? DEFAULT_CODE_TIMEOUT_MS);
      const abort = () => kill();
      options.signal?.addEventListener('abort', abort, { once: true });
      child.stdout.on('data', (d: Buffer) => {
        if (outLen < cap) out.push(d.subarray(0, cap - outLen));
        outLen += d.length;
        if (outLen > cap) {
          truncated = true;
          kill();
        }
      });
      child.stderr.on('data', (d: Buffer) => {
        if (errLen < cap) err.push(d.subarray(0, cap - errLen));
        errLen += d.length;
      });
      child.stdin.on('error', () => {});
      child.stdin.end(options.input);
      let settled = false;
      const done = (code: number | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', abort);
        resolve({ stdout: Buffer.concat(out), stderr: Buffer.concat(err), code, timedOut, truncated });
      };
      child.on('error', () => done(null));
      child.on('close', (code) => done(code));
    });
    const trim = (s: string) => s.replace(/^[ \n\r\t]+|[ \n\r\t]+$/g, '');
    return {
      status: 'ran',
      engine,
      response: trim(run.stdout.toString('latin1')),
      stderr: trim(run.stderr.toString('latin1')),
      exitCode: run.code,
      timedOut: run.timedOut,
      truncated: run.truncated,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The fields a code block's matchers and extractors read (nuclei's event data): the variables,
 * `type`, `response`, `input`, `stderr` when there was some, and the `<id>`/`code_<n>` copies.
 */
export function codeFields(
  input: string,
  ran: Extract<CodeExecution, { status: 'ran' }>,
): Map<string, DslValue> {
  const fields = new Map<string, DslValue>();
  fields.set('type', 'code');
  fields.set('response', ran.response);
  fields.set('input', input);
  if (ran.stderr) fields.set('stderr', ran.stderr);
  return fields;
}

/**
 * Runs one `code:` block against one input and evaluates its operators on the output (the scan's
 * executor, code-executor.ts, does the same with the run's state and findings).
 * @example await runCodeBlock(block, { codeGate: true, runner: 'self-hosted', input: '127.0.0.1' })
 */
export async function runCodeBlock(block: CodeBlock, options: CodeRunOptions): Promise<CodeRunResult> {
  const ran = await executeCode(block, options);
  if (ran.status === 'skipped') return ran;
  const fields = new Map<string, DslValue>(options.variables ?? []);
  for (const [k, v] of codeFields(options.input, ran)) fields.set(k, v);
  fields.set(`code_${block.index + 1}_response`, ran.response);
  if (block.id) fields.set(`${block.id}_response`, ran.response);
  const outcome = evaluateOperators(block.operators, {
    scope: fields,
    part: (p) => {
      const v = fields.get(p ?? 'response');
      return v === undefined ? undefined : Array.isArray(v) ? v.join('\n') : String(v);
    },
  });
  return { ...ran, outcome };
}
