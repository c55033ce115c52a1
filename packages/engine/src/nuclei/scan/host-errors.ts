/** Counts network errors per host; past the limit the host is skipped (`-mhe`, default 30). */
export class HostErrorTracker {
  private readonly errors = new Map<string, number>();
  private readonly reported = new Set<string>();

  constructor(private readonly limit: number) {}

  record(host: string): void {
    this.errors.set(host, (this.errors.get(host) ?? 0) + 1);
  }

  isBlocked(host: string): boolean {
    return this.limit > 0 && (this.errors.get(host) ?? 0) >= this.limit;
  }

  /** True the first time a blocked host is asked about, so the skip is reported once. */
  shouldReport(host: string): boolean {
    if (this.reported.has(host)) return false;
    this.reported.add(host);
    return true;
  }
}
