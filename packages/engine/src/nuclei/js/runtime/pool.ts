import { DEFAULT_JS_CONCURRENCY } from './limits.js';
import { newQuickJsInstance, type QuickJsInstance } from './quickjs-module.js';

/**
 * At most `size` scripts run at once (nuclei's `-jsc`, 120 by default); module instances are made
 * on demand and reused. An instance whose WebAssembly memory grew past `recycleBytes` (a script
 * allocated a lot) is dropped rather than kept, since WebAssembly memory never shrinks.
 */
export class JsPool {
  private readonly idle: QuickJsInstance[] = [];
  private readonly waiting: (() => void)[] = [];
  private busy = 0;

  constructor(
    private size = DEFAULT_JS_CONCURRENCY,
    private readonly recycleBytes = 48 * 1024 * 1024,
  ) {}

  /** A scan may ask for more concurrency than the pool has; the pool never shrinks below a running count. */
  grow(size: number): void {
    if (size > this.size) this.size = size;
    while (this.busy < this.size && this.waiting.length > 0) {
      this.busy++;
      this.waiting.shift()!();
    }
  }

  get running(): number {
    return this.busy;
  }

  get capacity(): number {
    return this.size;
  }

  async use<T>(work: (instance: QuickJsInstance) => Promise<T>): Promise<T> {
    if (this.busy >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.busy++;
    let instance: QuickJsInstance | undefined;
    try {
      instance = this.idle.pop() ?? (await newQuickJsInstance());
      return await work(instance);
    } finally {
      if (instance && !instance.broken && instance.memory.buffer.byteLength <= this.recycleBytes)
        this.idle.push(instance);
      const next = this.waiting.shift();
      if (next) next();
      else this.busy--;
    }
  }
}

let shared: JsPool | undefined;

/** The process's pool: scripts of every scan share the module instances. */
export function sharedJsPool(size = DEFAULT_JS_CONCURRENCY): JsPool {
  shared ??= new JsPool(size);
  shared.grow(size);
  return shared;
}
