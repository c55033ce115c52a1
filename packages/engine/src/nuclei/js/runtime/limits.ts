/** Caps of one sandboxed script run (a flow or a `javascript:` block on one target). */
export interface SandboxLimits {
  /** QuickJS heap limit; an allocation past it throws `out of memory` inside the script. */
  readonly memoryBytes: number;
  /** QuickJS stack limit; deep recursion throws inside the script. */
  readonly stackBytes: number;
  /** Wall time of the whole run, waits on protocol calls included (nuclei's JS timeout is 20 s). */
  readonly timeoutMs: number;
  /**
   * Longest stretch of script code without a protocol call. The script runs on the worker's event
   * loop, so an endless loop must stop long before the run's own timeout.
   */
  readonly sliceMs: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  memoryBytes: 32 * 1024 * 1024,
  stackBytes: 512 * 1024,
  timeoutMs: 20_000,
  sliceMs: 1_000,
};

/** nuclei's `-jsc` default: at most this many scripts run at once. */
export const DEFAULT_JS_CONCURRENCY = 120;
