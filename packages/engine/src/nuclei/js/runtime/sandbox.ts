import type { QuickJSAsyncContext, QuickJSHandle } from 'quickjs-emscripten-core';
import { fromGuest, toGuest } from './guest-values.js';
import { DEFAULT_LIMITS, type SandboxLimits } from './limits.js';
import { type JsPool, sharedJsPool } from './pool.js';

export type HostFunction = (...args: unknown[]) => unknown;
export type AsyncHostFunction = (...args: unknown[]) => Promise<unknown>;

export interface SandboxScript {
  readonly code: string;
  /** Shown in the script's error stacks. */
  readonly filename?: string;
  /** Plain JavaScript run first in the same context (the built-ins a caller defines in the sandbox). */
  readonly prelude?: string;
  /** Plain data defined as globals (copied in). */
  readonly globals?: Readonly<Record<string, unknown>>;
  /** Host functions the script may call; arguments and results are copied as plain data. */
  readonly functions?: Readonly<Record<string, HostFunction>>;
  /** Host functions that wait (a protocol call, a socket read): the script sees their result synchronously. */
  readonly asyncFunctions?: Readonly<Record<string, AsyncHostFunction>>;
  readonly limits?: Partial<SandboxLimits>;
  readonly signal?: AbortSignal;
  readonly pool?: JsPool;
}

export type SandboxResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: string };

/**
 * Runs one script in a fresh QuickJS runtime and context (nothing survives from an earlier run),
 * under a heap limit, a stack limit, a run deadline and a cap on code that runs without yielding.
 * Whatever the script does, the result is a value or an error message: nothing escapes to the host.
 */
export function runSandboxed(script: SandboxScript): Promise<SandboxResult> {
  const limits = { ...DEFAULT_LIMITS, ...script.limits };
  const pool = script.pool ?? sharedJsPool();
  return pool.use(async (instance) => {
    const { module } = instance;
    const runtime = module.newRuntime();
    runtime.setMemoryLimit(limits.memoryBytes);
    runtime.setMaxStackSize(limits.stackBytes);
    const started = Date.now();
    let sliceStart = started;
    let stopped: string | undefined;
    const shouldStop = (): boolean => {
      if (stopped) return true;
      const now = Date.now();
      if (script.signal?.aborted) stopped = 'the scan was stopped';
      else if (now - started > limits.timeoutMs)
        stopped = `stopped after its time limit of ${limits.timeoutMs} ms`;
      else if (now - sliceStart > limits.sliceMs)
        stopped = `stopped after ${limits.sliceMs} ms of script code without a protocol call`;
      return stopped !== undefined;
    };
    // QuickJS asks every few thousand operations; a script that mostly waits is checked at each call.
    runtime.setInterruptHandler(shouldStop);
    const ctx = runtime.newContext();
    try {
      for (const [name, value] of Object.entries(script.globals ?? {})) {
        const h = toGuest(ctx, value);
        ctx.setProp(ctx.global, name, h);
        h.dispose();
      }
      for (const [name, fn] of Object.entries(script.functions ?? {})) {
        define(
          ctx,
          name,
          ctx.newFunction(name, (...args) => call(ctx, fn, args)),
        );
      }
      for (const [name, fn] of Object.entries(script.asyncFunctions ?? {})) {
        const guest = ctx.newAsyncifiedFunction(name, async (...args) => {
          if (shouldStop()) return { error: ctx.newError(stopped!) };
          try {
            const left = limits.timeoutMs - (Date.now() - started);
            const result = await withDeadline(fn(...args.map((a) => fromGuest(ctx, a))), left, () => {
              stopped ??= `stopped after its time limit of ${limits.timeoutMs} ms`;
            });
            // Waiting on the network is not script time.
            sliceStart = Date.now();
            return toGuest(ctx, result);
          } catch (error) {
            if (!stopped) sliceStart = Date.now();
            return { error: ctx.newError(stopped ?? String((error as Error)?.message ?? error)) };
          }
        });
        define(ctx, name, guest);
      }
      if (script.prelude) {
        const r = ctx.evalCode(script.prelude, 'prelude.js');
        if (r.error) return failure(ctx, r.error, stopped);
        r.value.dispose();
      }
      const result = await ctx.evalCodeAsync(script.code, script.filename ?? 'script.js');
      if (result.error) return failure(ctx, result.error, stopped);
      const value = fromGuest(ctx, result.value);
      result.value.dispose();
      return { ok: true, value } as const;
    } catch (error) {
      // An error of the engine itself (e.g. its memory ceiling): the run fails, the host goes on.
      return { ok: false, error: stopped ?? String((error as Error)?.message ?? error) } as const;
    } finally {
      try {
        ctx.dispose();
        runtime.dispose();
      } catch {
        // QuickJS aborted while freeing (it asserts on objects a failed run left behind): this
        // instance is dropped, the run's result stands.
        instance.broken = true;
      }
    }
  });
}

/** The host call's result, or a rejection once the run's time is up (a socket that never answers). */
function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        onTimeout();
        reject(new Error('time limit'));
      },
      Math.max(0, ms),
    );
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

function define(ctx: QuickJSAsyncContext, name: string, fn: QuickJSHandle): void {
  ctx.setProp(ctx.global, name, fn);
  fn.dispose();
}

function call(ctx: QuickJSAsyncContext, fn: HostFunction, args: QuickJSHandle[]) {
  try {
    return toGuest(ctx, fn(...args.map((a) => fromGuest(ctx, a))));
  } catch (error) {
    return { error: ctx.newError(String((error as Error)?.message ?? error)) };
  }
}

function failure(
  ctx: QuickJSAsyncContext,
  handle: QuickJSHandle,
  stopped: string | undefined,
): SandboxResult {
  const dumped = fromGuest(ctx, handle) as { name?: string; message?: string } | string | undefined;
  handle.dispose();
  if (stopped) return { ok: false, error: stopped };
  const message =
    dumped && typeof dumped === 'object'
      ? `${dumped.name ?? 'Error'}: ${dumped.message ?? ''}`
      : String(dumped);
  return { ok: false, error: message };
}
