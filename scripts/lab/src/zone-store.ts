/**
 * The records the lab's authoritative server answers from. Mutable at run time (the control API
 * adds and removes hosts), so lookups read it on every query.
 */

export interface ZoneRecord {
  a: string[];
  aaaa: string[];
  cname?: string;
}

export interface ZoneInfo {
  origin: string;
  allowAxfr: boolean;
}

export type Lookup =
  | { kind: 'refused' }
  | { kind: 'nxdomain'; zone: ZoneInfo }
  | { kind: 'record'; zone: ZoneInfo; name: string; record: ZoneRecord; wildcard: boolean };

export class ZoneStore {
  readonly zones: ZoneInfo[];
  private readonly records = new Map<string, ZoneRecord>();
  /** Suffix (e.g. `apps.lab.didban.test`) → record for `*.suffix`. */
  private readonly wildcards = new Map<string, ZoneRecord>();

  constructor(zones: ZoneInfo[]) {
    // Longest origin first so a sub-zone wins over its parent.
    this.zones = [...zones].sort((a, b) => b.origin.length - a.origin.length);
  }

  set(name: string, record: ZoneRecord): void {
    this.records.set(name.toLowerCase(), record);
  }

  delete(name: string): boolean {
    return this.records.delete(name.toLowerCase());
  }

  setWildcard(suffix: string, record: ZoneRecord): void {
    this.wildcards.set(suffix.toLowerCase(), record);
  }

  zoneOf(name: string): ZoneInfo | undefined {
    const lower = name.toLowerCase();
    return this.zones.find((z) => lower === z.origin || lower.endsWith(`.${z.origin}`));
  }

  lookup(name: string): Lookup {
    const lower = name.toLowerCase().replace(/\.$/, '');
    const zone = this.zoneOf(lower);
    if (!zone) return { kind: 'refused' };
    const exact = this.records.get(lower);
    if (exact) return { kind: 'record', zone, name: lower, record: exact, wildcard: false };
    // A wildcard covers any depth below its suffix, unless the exact name exists (RFC 4592).
    for (const [suffix, record] of this.wildcards) {
      if (lower.endsWith(`.${suffix}`)) return { kind: 'record', zone, name: lower, record, wildcard: true };
    }
    return { kind: 'nxdomain', zone };
  }

  /** All names of a zone for AXFR. */
  namesIn(origin: string): [string, ZoneRecord][] {
    return [...this.records].filter(([name]) => this.zoneOf(name)?.origin === origin);
  }
}
