import { describe, expect, it } from 'vitest';
import { JsPool } from '../../../src/nuclei/js/runtime/pool.js';
import { runSandboxed } from '../../../src/nuclei/js/runtime/sandbox.js';

// A small pool of its own: the tests do not share module instances with other suites.
const pool = new JsPool(4);
const run = (
  code: string,
  extra: Parameters<typeof runSandboxed>[0] extends infer S ? Partial<S> : never = {},
) => runSandboxed({ code, pool, ...extra });

// WebAssembly code warms up slowly on a loaded machine: generous per-test time.
describe('the QuickJS sandbox', { timeout: 120_000 }, () => {
  it('runs plain code and returns its completion value', async () => {
    expect(await run('[1, 2, 3].map((x) => x * 2).join(",")')).toEqual({ ok: true, value: '2,4,6' });
  });

  it('has no require, process, fetch, fs or network globals', async () => {
    const r = await run(
      '["require","process","fetch","XMLHttpRequest","WebSocket","Deno","Bun","std","os","Buffer","setTimeout"].map((n) => typeof globalThis[n]).join(",")',
    );
    expect(r).toEqual({ ok: true, value: Array(11).fill('undefined').join(',') });
    expect(await run('require("fs")')).toEqual({
      ok: false,
      error: "ReferenceError: 'require' is not defined",
    });
    expect(await run('process.exit(1)')).toEqual({
      ok: false,
      error: "ReferenceError: 'process' is not defined",
    });
    expect(await run('import("fs")')).toMatchObject({ ok: false });
  });

  it('cannot reach the host through globalThis or constructors', async () => {
    const r = await run(
      'Object.getOwnPropertyNames(globalThis).filter((n) => /process|require|module|global$/.test(n)).join(",")',
    );
    expect(r).toEqual({ ok: true, value: '' });
    const viaConstructor = await run(
      '(function(){ return this })().constructor.constructor("return typeof process")()',
    );
    expect(viaConstructor).toEqual({ ok: true, value: 'undefined' });
  });

  it('keeps prototype pollution inside one run: the next run and the host are untouched', async () => {
    await run('Object.prototype.polluted = "yes"; Array.prototype.map = () => "evil"; globalThis.leak = 1');
    expect(await run('[({}).polluted, typeof leak, [1].map((x) => x + 1)[0]].join(",")')).toEqual({
      ok: true,
      value: ',undefined,2',
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('stops an endless loop after its slice of script time, and the event loop goes on', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    const started = Date.now();
    const r = await run('while (true) {}', { limits: { sliceMs: 200 } });
    clearInterval(timer);
    expect(r).toEqual({ ok: false, error: 'stopped after 200 ms of script code without a protocol call' });
    expect(Date.now() - started).toBeLessThan(2000);
    // The loop blocked the host for one slice, then it ran again.
    expect(await run('1 + 1')).toEqual({ ok: true, value: 2 });
    expect(ticks).toBeGreaterThanOrEqual(0);
  });

  it('stops a run at its deadline even when it keeps yielding', async () => {
    const r = await run('for (;;) wait()', {
      limits: { timeoutMs: 300, sliceMs: 1000 },
      asyncFunctions: { wait: () => new Promise((resolve) => setTimeout(resolve, 10)) },
    });
    expect(r).toEqual({ ok: false, error: 'stopped after its time limit of 300 ms' });
  });

  // Not a conformance case: the first out-of-memory in a process makes V8 compile that part of
  // QuickJS on the event loop (seconds on a loaded machine), which stalls the cases running beside it.
  it('contains huge allocations within the heap limit', async () => {
    const strings = await run('let s = "x"; for (;;) s += s;', { limits: { memoryBytes: 8 << 20 } });
    expect(strings.ok).toBe(false);
    const arrays = await run('const a = []; for (;;) a.push(new Uint8Array(1e6));', {
      limits: { memoryBytes: 8 << 20 },
    });
    expect(arrays).toEqual({ ok: false, error: 'InternalError: out of memory' });
    const buffer = await run('new ArrayBuffer(1024 * 1024 * 1024).byteLength', {
      limits: { memoryBytes: 8 << 20 },
    });
    expect(buffer.ok).toBe(false);
    expect(await run('"still " + "alive"')).toEqual({ ok: true, value: 'still alive' });
  });

  it('stops runaway recursion at the stack limit', async () => {
    const r = await run('function f(n) { return f(n + 1) + 1 } f(0)');
    expect(r).toMatchObject({ ok: false, error: expect.stringContaining('stack') });
  });

  it('gives host functions plain copies and sees waiting calls as synchronous', async () => {
    const seen: unknown[] = [];
    const r = await run('const a = get("x"); note({ a, list: [1, "b"] }); a + "!"', {
      asyncFunctions: { get: async (k) => `${k}-value` },
      functions: { note: (v) => seen.push(v) },
    });
    expect(r).toEqual({ ok: true, value: 'x-value!' });
    expect(seen).toEqual([{ a: 'x-value', list: [1, 'b'] }]);
  });

  it('turns a host error into an exception the script can catch', async () => {
    const r = await run('try { boom() } catch (e) { "caught " + e.message }', {
      asyncFunctions: {
        boom: async () => {
          throw new Error('refused by scope');
        },
      },
    });
    expect(r).toEqual({ ok: true, value: 'caught refused by scope' });
  });

  it('runs no more scripts at once than the pool size', async () => {
    const small = new JsPool(2);
    let live = 0;
    let peak = 0;
    const wait = async () => {
      live++;
      peak = Math.max(peak, live);
      await new Promise((resolve) => setTimeout(resolve, 30));
      live--;
    };
    const runs = Array.from({ length: 6 }, () =>
      runSandboxed({ code: 'wait(); 1', pool: small, asyncFunctions: { wait } }),
    );
    expect((await Promise.all(runs)).every((r) => r.ok)).toBe(true);
    expect(peak).toBe(2);
    expect(small.running).toBe(0);
  });
});
