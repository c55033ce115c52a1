/**
 * Map a (possibly huge, possibly lazy) source through an async function with at most `limit`
 * calls in flight, yielding results as they complete. The source is pulled only as slots free
 * up, so a 10k-host × 1000-port scan never materialises its work list, and a slow source never
 * holds back results that are already done.
 *
 * When `signal` aborts, pulling stops; calls already running finish (they should watch the
 * same signal) and their results are still yielded.
 *
 * @example
 * for await (const r of concurrentMap(ports, 500, (p) => probe(p), { signal })) console.log(r);
 */
export async function* concurrentMap<T, R>(
  source: Iterable<T> | AsyncIterable<T>,
  limit: number,
  fn: (item: T) => Promise<R>,
  options: { signal?: AbortSignal } = {},
): AsyncGenerator<R> {
  const { signal } = options;
  const iterator: AsyncIterator<T> | Iterator<T> =
    Symbol.asyncIterator in source
      ? (source as AsyncIterable<T>)[Symbol.asyncIterator]()
      : (source as Iterable<T>)[Symbol.iterator]();
  const max = Math.max(1, Math.floor(limit));
  const ready: R[] = [];
  let failure: { error: unknown } | undefined;
  let inFlight = 0;
  let sourceDone = false;
  let stopped = false;
  let wakeConsumer: (() => void) | undefined;
  let wakePump: (() => void) | undefined;
  const notifyConsumer = () => {
    const wake = wakeConsumer;
    wakeConsumer = undefined;
    wake?.();
  };
  const notifyPump = () => {
    const wake = wakePump;
    wakePump = undefined;
    wake?.();
  };
  signal?.addEventListener('abort', notifyPump, { once: true });

  const pump = (async () => {
    try {
      while (!stopped && !signal?.aborted && !failure) {
        // Bound both the work in flight and results the consumer has not taken yet.
        if (inFlight >= max || ready.length >= max) {
          await new Promise<void>((resolve) => {
            wakePump = resolve;
          });
          continue;
        }
        const next = await iterator.next();
        if (next.done || stopped) break;
        inFlight++;
        fn(next.value).then(
          (value) => {
            inFlight--;
            ready.push(value);
            notifyConsumer();
            notifyPump();
          },
          (error: unknown) => {
            inFlight--;
            failure ??= { error };
            notifyConsumer();
            notifyPump();
          },
        );
      }
    } catch (error) {
      failure ??= { error };
    } finally {
      sourceDone = true;
      notifyConsumer();
    }
  })();

  try {
    while (true) {
      if (ready.length > 0) {
        const value = ready.shift() as R;
        notifyPump();
        yield value;
        continue;
      }
      if (failure) throw failure.error;
      if (sourceDone && inFlight === 0) return;
      await new Promise<void>((resolve) => {
        wakeConsumer = resolve;
      });
    }
  } finally {
    stopped = true;
    signal?.removeEventListener('abort', notifyPump);
    notifyPump();
    // Do not wait for a slow source to produce its next item just to close it: the pump sees
    // `stopped` after that item, and return() queues behind the pending next().
    if (!sourceDone) void Promise.resolve(iterator.return?.()).catch(() => {});
    void pump;
  }
}
