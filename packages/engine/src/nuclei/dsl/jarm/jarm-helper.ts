/**
 * The `jarm(host:port)` DSL helper. DSL helpers are synchronous and a fingerprint takes ten TLS
 * exchanges, so the executors call `prefetchJarm` before evaluating operators: it finds the
 * `jarm(…)` calls in the block's DSL, evaluates their argument in the response's scope, and
 * takes each fingerprint once. The helper then reads the result. Results are kept for a while
 * per host:port, as Nuclei caches this helper's results: sixteen C2 templates against one
 * target cost one fingerprint, not sixteen.
 */
import type { Operators } from '../../operators/types.js';
import { evaluate, type Scope } from '../evaluate.js';
import { type Ast, parseExpression } from '../parser.js';
import { DslError, toStr } from '../values.js';
import { type JarmOptions, jarmFingerprint } from './fingerprint.js';

const TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 4096;

interface Entry {
  readonly expires: number;
  value?: string;
  error?: string;
  pending?: Promise<void>;
}

const results = new Map<string, Entry>();

/** Go's net.SplitHostPort for `host:port` and `[v6]:port`. */
export function splitHostPort(target: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:[\]]*)):(\d{1,5})$/.exec(target);
  const port = Number(m?.[3]);
  if (!m || port > 65535) throw new DslError(`jarm: ${JSON.stringify(target)} is not host:port`);
  return { host: m[1] ?? m[2]!, port };
}

/** The helper: the fingerprint prefetched for this host:port. */
export function jarmHelper(target: string): string {
  const entry = results.get(target);
  if (entry?.value !== undefined) return entry.value;
  throw new DslError(entry?.error ?? `jarm: no fingerprint was taken for ${target}`);
}

function collectCalls(ast: Ast, into: Ast[]): void {
  if (ast.type === 'call' && ast.name === 'jarm' && ast.args[0]) into.push(ast.args[0]);
  const children: readonly Ast[] =
    ast.type === 'call'
      ? ast.args
      : ast.type === 'list'
        ? ast.items
        : ast.type === 'unary'
          ? [ast.arg]
          : ast.type === 'binary'
            ? [ast.left, ast.right]
            : ast.type === 'ternary'
              ? [ast.test, ast.then, ast.otherwise]
              : [];
  for (const child of children) collectCalls(child, into);
}

const argumentsByOperators = new WeakMap<Operators, readonly Ast[]>();

/** The argument expressions of every `jarm(…)` in the block's DSL matchers and extractors. */
function jarmArguments(ops: Operators): readonly Ast[] {
  let found = argumentsByOperators.get(ops);
  if (found) return found;
  const args: Ast[] = [];
  const sources = [
    ...ops.matchers.flatMap((m) => (m.type === 'dsl' ? m.dsl : [])),
    ...ops.extractors.flatMap((e) => (e.type === 'dsl' ? e.keys : [])),
  ];
  for (const source of sources) {
    if (!source.includes('jarm')) continue;
    try {
      collectCalls(parseExpression(source), args);
    } catch {
      // A syntax error fails the matcher itself; nothing to prefetch.
    }
  }
  found = args;
  argumentsByOperators.set(ops, found);
  return found;
}

function take(target: string, options: JarmOptions): Promise<void> {
  const now = Date.now();
  const cached = results.get(target);
  if (cached && cached.expires > now) return cached.pending ?? Promise.resolve();
  if (results.size >= MAX_ENTRIES) {
    for (const [key, e] of results) if (e.expires <= now || results.size >= MAX_ENTRIES) results.delete(key);
  }
  const entry: Entry = { expires: now + TTL_MS };
  results.set(target, entry);
  entry.pending = (async () => {
    try {
      const { host, port } = splitHostPort(target);
      entry.value = await jarmFingerprint(host, port, options);
    } catch (error) {
      entry.error = `jarm ${target}: ${(error as Error).message}`;
      // An aborted scan must not leave a cached failure for the next one.
      if (options.signal?.aborted) results.delete(target);
    } finally {
      entry.pending = undefined;
    }
  })();
  return entry.pending;
}

/**
 * Takes the fingerprints the block's `jarm(…)` calls will ask for. Returns undefined when the
 * block calls no `jarm` (the common case: no await on the hot path).
 */
export function prefetchJarm(
  ops: Operators,
  scope: Scope,
  options: JarmOptions,
): Promise<unknown> | undefined {
  const args = jarmArguments(ops);
  if (args.length === 0) return undefined;
  const targets = new Set<string>();
  for (const arg of args) {
    try {
      targets.add(toStr(evaluate(arg, scope)));
    } catch {
      // The call fails the same way when the matcher runs.
    }
  }
  return Promise.all([...targets].map((t) => take(t, options)));
}

/** Test hook: forget every fingerprint. */
export function clearJarmCache(): void {
  results.clear();
}
