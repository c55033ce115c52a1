/**
 * A push-to-pull bridge: producers `push`, one consumer iterates. Ending or failing wakes the
 * consumer; leaving the loop early (`return()`) calls `onCancel` so producers stop.
 *
 * Back-pressure: producers `await room()` before starting more work. Once `highWater` events wait
 * unread, `room()` holds them until the consumer has read the buffer down to half of it — so a
 * consumer slower than the scan (a worker posting batches to a busy server) keeps memory flat
 * instead of the buffer growing with every host × template (nuclei#4530's OOM).
 */
export class EventChannel<T> implements AsyncIterableIterator<T> {
  private readonly buffer: T[] = [];
  private waiting: ((r: IteratorResult<T>) => void) | undefined;
  private failWaiting: ((e: unknown) => void) | undefined;
  private closed = false;
  private error: unknown;
  private roomWaiters: (() => void)[] = [];

  constructor(
    private readonly onCancel: () => void,
    private readonly highWater = 256,
  ) {}

  /**
   * Undefined while the buffer is below `highWater` (go on: no promise, no microtask for every
   * template × target run), else a promise that resolves once the consumer drained it.
   */
  room(): Promise<void> | undefined {
    if (this.closed || this.buffer.length < this.highWater) return undefined;
    return new Promise((resolve) => this.roomWaiters.push(resolve));
  }

  /** Events pushed and not yet read. */
  get pending(): number {
    return this.buffer.length;
  }

  private releaseRoom(): void {
    const waiters = this.roomWaiters;
    this.roomWaiters = [];
    for (const w of waiters) w();
  }

  push(value: T): void {
    if (this.closed) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value, done: false });
    } else this.buffer.push(value);
  }

  end(error?: unknown): void {
    if (this.closed) return;
    this.closed = true;
    this.error = error;
    this.releaseRoom();
    if (this.waiting) {
      const resolve = this.waiting;
      const reject = this.failWaiting!;
      this.waiting = undefined;
      if (error) reject(error);
      else resolve({ value: undefined, done: true });
    }
  }

  next(): Promise<IteratorResult<T>> {
    if (this.buffer.length > 0) {
      const value = this.buffer.shift()!;
      if (this.roomWaiters.length && this.buffer.length <= this.highWater / 2) this.releaseRoom();
      return Promise.resolve({ value, done: false });
    }
    if (this.closed)
      return this.error ? Promise.reject(this.error) : Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failWaiting = reject;
    });
  }

  return(): Promise<IteratorResult<T>> {
    if (!this.closed) this.onCancel();
    this.closed = true;
    this.buffer.length = 0;
    this.releaseRoom();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
