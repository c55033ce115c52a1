import { defaultPort, type Target } from '../target.js';

/**
 * Counts HTTP network errors per host:port; past the limit the host:port is skipped (`-mhe`,
 * default 30). As nuclei's hosterrorscache: only the http protocol counts errors (a tcp or ssl
 * template probing closed ports never costs the host its http templates), the key is host:port
 * (the scheme's default port when the input has none), and a response from the host clears its
 * count, so only consecutive failures reach the limit.
 */
export class HostErrorTracker {
  private readonly errors = new Map<string, number>();
  private readonly reported = new Set<string>();

  constructor(private readonly limit: number) {}

  /** No error recorded anywhere yet (the usual case: nothing to clear). */
  get empty(): boolean {
    return this.errors.size === 0;
  }

  record(key: string): void {
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }

  /** A response arrived: the host:port starts again from zero (nuclei's MarkFailedOrRemove(nil)). */
  clear(key: string): void {
    this.errors.delete(key);
  }

  isBlocked(key: string): boolean {
    return this.limit > 0 && this.errors.size > 0 && (this.errors.get(key) ?? 0) >= this.limit;
  }

  /** True the first time a blocked host is asked about, so the skip is reported once. */
  shouldReport(key: string): boolean {
    if (this.reported.has(key)) return false;
    this.reported.add(key);
    return true;
  }
}

const hostForUrl = (host: string): string => (host.includes(':') ? `[${host}]` : host);

/**
 * The error key of an input, as nuclei's NormalizeCacheValue: host:port, the port from the input,
 * else the default of its scheme (given or resolved), else the host alone.
 */
export function hostErrorKey(target: Target, scheme = target.scheme): string {
  const port = target.explicitPort ?? (scheme ? defaultPort(scheme) : undefined);
  return port === undefined ? hostForUrl(target.host) : `${hostForUrl(target.host)}:${port}`;
}
