/** Runs `worker` over `items` with at most `limit` in flight; stops taking new items once aborted. */
export async function runPool<T>(
  items: Iterable<T>,
  limit: number,
  signal: AbortSignal,
  worker: (item: T) => Promise<unknown>,
): Promise<void> {
  const iterator = items[Symbol.iterator]();
  const lanes = Array.from({ length: Math.max(1, limit) }, async () => {
    for (;;) {
      if (signal.aborted) return;
      const next = iterator.next();
      if (next.done) return;
      await worker(next.value);
    }
  });
  await Promise.all(lanes);
}
