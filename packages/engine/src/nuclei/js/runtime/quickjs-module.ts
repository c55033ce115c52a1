import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import variant from '@jitl/quickjs-wasmfile-release-asyncify';
import {
  newQuickJSAsyncWASMModuleFromVariant,
  newVariant,
  type QuickJSAsyncWASMModule,
} from 'quickjs-emscripten-core';

/**
 * QuickJS compiled to WebAssembly (quickjs-emscripten's asyncify build): a separate JavaScript
 * engine with its own heap, no `require`, `process`, file system or network, where a host function
 * that returns a promise looks synchronous to the script (`http(1)` returns a boolean). One module
 * instance can hold one suspended script at a time, so the pool keeps one module per running script.
 */
const WASM_PAGE = 64 * 1024;
// The build declares 16 MB of initial memory; the maximum is a hard ceiling under the QuickJS
// heap limit, so a script can never grow one module's memory past it.
const INITIAL_PAGES = 256;
export const MAX_MODULE_BYTES = 128 * 1024 * 1024;

let compiled: Promise<WebAssembly.Module> | undefined;
let warmed: Promise<void> | undefined;

/**
 * V8 compiles a WebAssembly function the first time it runs, and QuickJS's interpreter is one
 * large function: the first script of a process spent seconds (on a loaded machine) before its
 * first statement, all counted against its caps. One script that touches the common paths runs
 * once per process, outside any cap; instances share the compiled code.
 */
const WARM_UP = `
  const list = [3, 1, 2].map((x) => x * 2).filter((x) => x > 1).sort();
  const text = JSON.stringify({ list, s: 'abc'.replace('b', 'x').split('').join('-') });
  const proxy = new Proxy({}, { get: (t, k) => k, has: () => true, ownKeys: () => [] });
  let sum = 0;
  for (let i = 0; i < 2000; i++) sum += String(i).length + (proxy['k' + (i % 3)] === 'k0' ? 1 : 0);
  for (const k in { a: 1, b: 2 }) sum += k.length;
  class Box { constructor(v) { this.v = v } get twice() { return this.v * 2 } }
  [text.length, sum, new Box(2).twice, /a(b+)c/.exec('xabbc')[1], [...new Set([1, 1, 2])].length,
   new Map([[1, 2]]).get(1), (() => { try { throw new Error('e') } catch (e) { return e.message } })()];
`;

async function warmUp(module: QuickJSAsyncWASMModule): Promise<void> {
  const runtime = module.newRuntime();
  const ctx = runtime.newContext();
  try {
    const fn = ctx.newAsyncifiedFunction('wait', async () => ctx.undefined);
    ctx.setProp(ctx.global, 'wait', fn);
    fn.dispose();
    const r = await ctx.evalCodeAsync(`wait(); ${WARM_UP}`);
    if (r.error) r.error.dispose();
    else r.value.dispose();
  } finally {
    ctx.dispose();
    runtime.dispose();
  }
}

/** The WebAssembly code is compiled once per process; each module instance only instantiates it. */
function compiledWasm(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    return WebAssembly.compile(await readFile(wasmPath()));
  })();
  return compiled;
}

/**
 * The WebAssembly file beside its package, or — in a self-contained bundle such as the installed
 * CLI, which ships it as `quickjs-asyncify.wasm` next to its code — beside the bundle.
 */
function wasmPath(): string {
  try {
    return createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-asyncify/wasm');
  } catch {
    return fileURLToPath(new URL('./quickjs-asyncify.wasm', import.meta.url));
  }
}

export interface QuickJsInstance {
  readonly module: QuickJSAsyncWASMModule;
  readonly memory: WebAssembly.Memory;
  /** Set when the engine aborted inside (an assertion on free): the instance is never reused. */
  broken?: boolean;
}

/**
 * quickjs-emscripten 0.32's async module forgets a runtime's callbacks before freeing it, so
 * freeing a runtime whose host functions are still alive throws "QuickJSRuntime not found when
 * trying to free HostRef". The callbacks are forgotten right after the free instead.
 */
function forgetRuntimesAfterFree(module: QuickJSAsyncWASMModule): void {
  const callbacks = (module as unknown as { callbacks?: { deleteRuntime?: (rt: number) => void } }).callbacks;
  const forget = callbacks?.deleteRuntime;
  if (!callbacks || !forget) return;
  callbacks.deleteRuntime = (rt) => queueMicrotask(() => forget.call(callbacks, rt));
}

export async function newQuickJsInstance(): Promise<QuickJsInstance> {
  const memory = new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: MAX_MODULE_BYTES / WASM_PAGE });
  const module = await newQuickJSAsyncWASMModuleFromVariant(
    newVariant(variant, { wasmModule: await compiledWasm(), wasmMemory: memory }),
  );
  forgetRuntimesAfterFree(module);
  warmed ??= warmUp(module);
  await warmed;
  return { module, memory };
}
