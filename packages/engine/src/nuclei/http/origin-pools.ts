import { Dispatcher, Pool } from 'undici';

/**
 * One keep-alive pool per origin, like undici's Agent, but a pool is dropped once its last
 * connection closed with nothing queued or running. undici 6's Agent never removes an origin's
 * pool ("a tiny memory leak, as dispatchers are never removed from the map", its agent.js): about
 * 22 KB held per origin after its sockets closed, so a worker scanning 10,000 host names (an
 * http and an https origin each) grew by hundreds of MB and never gave them back.
 */
export class OriginPools extends Dispatcher {
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly options: Pool.Options) {
    super();
  }

  /** Origins with a pool right now (for tests and benches). */
  get size(): number {
    return this.pools.size;
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandlers): boolean {
    const origin = String(options.origin);
    let pool = this.pools.get(origin);
    if (!pool) {
      const created = new Pool(origin, this.options);
      const dropIfIdle = () => this.dropIfIdle(origin, created);
      created.on('disconnect', dropIfIdle).on('connectionError', dropIfIdle);
      this.pools.set(origin, created);
      pool = created;
    }
    return pool.dispatch(options, handler);
  }

  private dropIfIdle(origin: string, pool: Pool): void {
    const { connected, pending, queued, running } = pool.stats;
    if (connected > 0 || pending > 0 || queued > 0 || running > 0) return;
    if (this.pools.get(origin) === pool) this.pools.delete(origin);
    pool.close().catch(() => {});
  }

  override async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => p.close()));
  }

  // The engine only calls `destroy()` / `destroy(error)`; the callback forms are the base type's.
  override destroy(): Promise<void>;
  override destroy(error: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(error: Error | null, callback: () => void): void;
  override destroy(first?: Error | null | (() => void), callback?: () => void): Promise<void> | void {
    const error = typeof first === 'function' ? null : (first ?? null);
    const done = typeof first === 'function' ? first : callback;
    const pools = [...this.pools.values()];
    this.pools.clear();
    const all = Promise.all(pools.map((p) => p.destroy(error))).then(() => {});
    if (!done) return all;
    all.then(done, done);
  }
}
