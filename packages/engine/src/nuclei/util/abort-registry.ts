/**
 * One abort listener per signal, however many requests are in flight. Passing the scan's signal
 * to every socket adds hundreds of listeners to one EventTarget (each add is a linear scan and
 * Node warns past 10); here each request registers a callback in a set instead.
 */
const registry = new WeakMap<AbortSignal, Set<() => void>>();

export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  let callbacks = registry.get(signal);
  if (!callbacks) {
    const set = new Set<() => void>();
    callbacks = set;
    registry.set(signal, set);
    signal.addEventListener(
      'abort',
      () => {
        for (const cb of [...set]) cb();
        set.clear();
      },
      { once: true },
    );
  }
  if (signal.aborted) {
    queueMicrotask(callback);
    return () => {};
  }
  callbacks.add(callback);
  return () => callbacks.delete(callback);
}
