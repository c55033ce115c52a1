/**
 * One abort listener per signal, however many requests are in flight. Passing the scan's signal
 * to every socket adds hundreds of listeners to one EventTarget (each add is a linear scan and
 * Node warns past 10); here each request registers a callback in a set instead.
 */
const registry = new WeakMap<AbortSignal, Set<() => void>>();

const NOTHING = (): void => {};

export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  if (signal.aborted) {
    queueMicrotask(callback);
    return NOTHING;
  }
  const callbacks = callbacksOf(signal);
  callbacks.add(callback);
  return () => callbacks.delete(callback);
}

/**
 * The signal's set, and its one listener made here, apart from `onAbort`: a closure made there
 * would share its scope and keep the first caller's callback for as long as the signal lives (a
 * request, its promise and its response, a capped body of up to 10 MiB, for each template
 * budget's signal: docs/benchmarks.md, "An endless body").
 */
function callbacksOf(signal: AbortSignal): Set<() => void> {
  let set = registry.get(signal);
  if (!set) {
    const callbacks = new Set<() => void>();
    registry.set(signal, callbacks);
    signal.addEventListener(
      'abort',
      () => {
        for (const cb of [...callbacks]) cb();
        callbacks.clear();
      },
      { once: true },
    );
    set = callbacks;
  }
  return set;
}
