/**
 * A push-to-pull bridge: producers `push`, one consumer iterates. Ending or failing wakes the
 * consumer; leaving the loop early (`return()`) calls `onCancel` so producers stop.
 */
export class EventChannel<T> implements AsyncIterableIterator<T> {
  private readonly buffer: T[] = [];
  private waiting: ((r: IteratorResult<T>) => void) | undefined;
  private failWaiting: ((e: unknown) => void) | undefined;
  private closed = false;
  private error: unknown;

  constructor(private readonly onCancel: () => void) {}

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
    if (this.waiting) {
      const resolve = this.waiting;
      const reject = this.failWaiting!;
      this.waiting = undefined;
      if (error) reject(error);
      else resolve({ value: undefined, done: true });
    }
  }

  next(): Promise<IteratorResult<T>> {
    if (this.buffer.length > 0) return Promise.resolve({ value: this.buffer.shift()!, done: false });
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
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
