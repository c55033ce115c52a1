import { onAbort } from '../util/abort-registry.js';

/** The scan sent as many requests as `maxRequests` allows; it is stopped with this reason. */
export class RequestCapError extends Error {
  override name = 'RequestCapError';
  constructor(readonly max: number) {
    super(`stopped after ${max} requests, the most one scan may send (maxRequests)`);
  }
}

/**
 * A global requests-per-second limit over a 1 s window, like Nuclei's `-rl`. `take()` resolves when
 * a request may start; 0 means unlimited. Waiters are released in order. With a cap, every
 * request past `cap.max` calls `cap.reached` (which stops the scan) and is refused: every
 * protocol's requests pass here, so one template cannot make a scan send without end.
 */
export class RateLimiter {
  private windowStart = 0;
  private used = 0;
  private taken = 0;
  private readonly waiters: (() => void)[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly perSecond: number,
    private readonly cap?: { max: number; reached(error: RequestCapError): void },
  ) {}

  /** No limit (`-rl 0`) and no cap: callers can skip awaiting `take`, one promise and tick less per request. */
  get unlimited(): boolean {
    return this.perSecond <= 0 && !this.cap;
  }

  take(signal?: AbortSignal): Promise<void> {
    if (this.cap && ++this.taken > this.cap.max) {
      const error = new RequestCapError(this.cap.max);
      this.cap.reached(error);
      return Promise.reject(error);
    }
    if (this.perSecond <= 0) return Promise.resolve();
    if (this.waiters.length === 0 && this.tryTake()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      // Through the abort registry, not addEventListener: hundreds of requests wait here at a low
      // rate (25 templates × 25 hosts), and one listener each on the scan's signal made Node warn.
      const unregister = signal
        ? onAbort(signal, () => {
            const i = this.waiters.indexOf(release);
            if (i >= 0) this.waiters.splice(i, 1);
            reject(signal.reason ?? new Error('aborted'));
          })
        : () => {};
      const release = () => {
        unregister();
        resolve();
      };
      this.waiters.push(release);
      this.schedule();
    });
  }

  private tryTake(): boolean {
    const now = Date.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.used = 0;
    }
    if (this.used >= this.perSecond) return false;
    this.used++;
    return true;
  }

  private schedule(): void {
    if (this.timer) return;
    const wait = Math.max(0, 1000 - (Date.now() - this.windowStart));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      while (this.waiters.length > 0 && this.tryTake()) this.waiters.shift()!();
      if (this.waiters.length > 0) this.schedule();
    }, wait);
    // Kept referenced: while every request waits for the next window this timer is the only
    // thing left in the event loop, and an unref'd one let Node exit mid-scan (exit code 13).
  }
}
