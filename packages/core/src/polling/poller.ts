import { type ApiError, normalizeError } from '../client/errors.js';

export const DEFAULT_POLL_INTERVAL_MS = 5_000;

/** The clock the poller uses; tests pass fake timers, apps use the global ones. */
export type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export type PollerSnapshot<T> = {
  data: T | undefined;
  error: ApiError | undefined;
  /** idle: not started; polling: waiting or fetching; done: a terminal state was seen; stopped: stopped by the caller. */
  status: 'idle' | 'polling' | 'done' | 'stopped';
  /** How many fetches have completed (successfully or not). */
  fetches: number;
};

export type PollerOptions<T> = {
  fetch: (signal: AbortSignal) => Promise<T>;
  /** When true for a fetched value, polling stops for good (e.g. finished, failed, cancelled). */
  isTerminal: (value: T) => boolean;
  intervalMs?: number;
  timers?: Timers;
};

/**
 * A subscribable poller shared by the panel (via useSyncExternalStore) and the terminal client.
 * Fetches at once, then `intervalMs` after each answer (never overlapping), until a terminal value.
 * Errors are kept in the snapshot and polling goes on, so a network blip does not end a follow.
 * @example
 *   const poller = createPoller({ fetch: () => api.scanStatus(id), isTerminal: (s) => s.status === 'finished' });
 *   const off = poller.subscribe(() => render(poller.getSnapshot()));
 *   poller.start();
 */
export function createPoller<T>(options: PollerOptions<T>) {
  const intervalMs = options.intervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const timers: Timers = options.timers ?? {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof globalThis.setTimeout>),
  };
  const listeners = new Set<() => void>();
  let snapshot: PollerSnapshot<T> = { data: undefined, error: undefined, status: 'idle', fetches: 0 };
  let timer: unknown;
  let controller: AbortController | undefined;

  const emit = (next: Partial<PollerSnapshot<T>>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };

  async function tick() {
    timer = undefined;
    controller = new AbortController();
    const own = controller;
    try {
      const data = await options.fetch(own.signal);
      if (own.signal.aborted) return;
      const terminal = options.isTerminal(data);
      emit({ data, error: undefined, fetches: snapshot.fetches + 1, status: terminal ? 'done' : 'polling' });
      if (!terminal) schedule();
    } catch (error) {
      if (own.signal.aborted) return;
      emit({ error: normalizeError(error), fetches: snapshot.fetches + 1 });
      schedule();
    }
  }

  function schedule() {
    if (snapshot.status !== 'polling') return;
    timer = timers.setTimeout(() => void tick(), intervalMs);
  }

  function halt() {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    controller?.abort();
  }

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): PollerSnapshot<T> => snapshot,
    /** Start (or restart after stop). No effect while polling or after a terminal value. */
    start() {
      if (snapshot.status === 'polling' || snapshot.status === 'done') return;
      emit({ status: 'polling' });
      void tick();
    },
    stop() {
      if (snapshot.status !== 'polling') return;
      halt();
      emit({ status: 'stopped' });
    },
    /** Fetch now instead of waiting for the next tick. */
    refresh() {
      if (snapshot.status !== 'polling') return;
      halt();
      void tick();
    },
  };
}
export type Poller<T> = ReturnType<typeof createPoller<T>>;
