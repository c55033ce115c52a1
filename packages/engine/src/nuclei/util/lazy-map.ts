/**
 * A Map whose some values are computed on first read. Response fields such as the sorted header
 * dump are needed by few templates; building them for every response was measurable in the
 * benchmark, so they are thunks until a matcher, extractor or history copy asks.
 */
export class LazyMap<K, V> extends Map<K, V> {
  private readonly thunks = new Map<K, () => V>();

  lazy(key: K, compute: () => V): this {
    this.thunks.set(key, compute);
    return this;
  }

  override get(key: K): V | undefined {
    const thunk = this.thunks.get(key);
    if (thunk) {
      this.thunks.delete(key);
      super.set(key, thunk());
    }
    return super.get(key);
  }

  override has(key: K): boolean {
    return this.thunks.has(key) || super.has(key);
  }

  override set(key: K, value: V): this {
    this.thunks?.delete(key);
    return super.set(key, value);
  }

  /** Computes every pending value, so iteration sees all entries. */
  materialize(): this {
    for (const key of [...this.thunks.keys()]) this.get(key);
    return this;
  }
}
