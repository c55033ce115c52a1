import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoller } from '../src/index.js';

type Status = { status: string; tasks_done: number };

describe('poller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches at once, then every 5 s, and stops on a terminal state', async () => {
    const answers: Status[] = [
      { status: 'running', tasks_done: 1 },
      { status: 'running', tasks_done: 2 },
      { status: 'finished', tasks_done: 3 },
    ];
    const fetch = vi.fn(async () => answers.shift()!);
    const poller = createPoller({ fetch, isTerminal: (s: Status) => s.status === 'finished' });
    const seen: number[] = [];
    poller.subscribe(() => seen.push(poller.getSnapshot().data?.tasks_done ?? -1));
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(poller.getSnapshot().status).toBe('done');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(seen.filter((n) => n >= 0)).toEqual([1, 2, 3]);
  });

  it('keeps polling through errors and reports them', async () => {
    let calls = 0;
    const poller = createPoller({
      fetch: async () => {
        calls += 1;
        if (calls === 1) throw { message: 'Network Error' };
        return { status: 'finished', tasks_done: 1 };
      },
      isTerminal: (s: Status) => s.status === 'finished',
      intervalMs: 1_000,
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(poller.getSnapshot().error?.message).toBe('Network Error');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(poller.getSnapshot()).toMatchObject({ status: 'done', error: undefined, fetches: 2 });
  });

  it('uses injected timers and stops when asked', async () => {
    const pending: Array<() => void> = [];
    const fetch = vi.fn(async () => ({ status: 'running', tasks_done: 0 }));
    const poller = createPoller({
      fetch,
      isTerminal: (s: Status) => s.status === 'finished',
      timers: { setTimeout: (fn) => pending.push(fn), clearTimeout: () => pending.splice(0) },
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(pending).toHaveLength(1);
    poller.stop();
    expect(pending).toHaveLength(0);
    expect(poller.getSnapshot().status).toBe('stopped');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
