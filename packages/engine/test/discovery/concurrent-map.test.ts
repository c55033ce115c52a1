import { describe, expect, it } from 'vitest';
import { concurrentMap } from '../../src/discovery/util/concurrent-map.js';
import { collect } from './helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('concurrentMap', () => {
  it('never runs more than the limit at once and returns every result', async () => {
    let running = 0;
    let peak = 0;
    const out = await collect(
      concurrentMap([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 3, async (n) => {
        running++;
        peak = Math.max(peak, running);
        await sleep(5 + (n % 3) * 5);
        running--;
        return n * 2;
      }),
    );
    expect(peak).toBe(3);
    expect(out.sort((a, b) => a - b)).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
  });

  it('pulls a lazy source only as slots free up', async () => {
    let pulled = 0;
    function* source() {
      for (let i = 0; i < 1_000_000; i++) {
        pulled++;
        yield i;
      }
    }
    for await (const value of concurrentMap(source(), 4, async (n) => n)) {
      if (value >= 10) break;
    }
    expect(pulled).toBeLessThan(30);
  });

  it('yields finished results without waiting for a slow source', async () => {
    async function* slowSource() {
      yield 1;
      await sleep(300);
      yield 2;
    }
    const started = performance.now();
    const iterator = concurrentMap(slowSource(), 4, async (n) => n)[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toBe(1);
    expect(performance.now() - started).toBeLessThan(150);
    await iterator.return?.(undefined);
  });

  it('stops pulling when the signal aborts', async () => {
    const controller = new AbortController();
    const out = await collect(
      concurrentMap(
        Array.from({ length: 100 }, (_, i) => i),
        2,
        async (n) => {
          if (n === 5) controller.abort();
          await sleep(1);
          return n;
        },
        { signal: controller.signal },
      ),
    );
    expect(out.length).toBeLessThan(10);
  });

  it('rethrows a failing call', async () => {
    await expect(
      collect(
        concurrentMap([1, 2], 2, async (n) => {
          if (n === 2) throw new Error('boom');
          return n;
        }),
      ),
    ).rejects.toThrow('boom');
  });
});
