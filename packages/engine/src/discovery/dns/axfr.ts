/**
 * Zone transfer attempt (AXFR over TCP). Most servers refuse; when one agrees, every name in
 * the zone comes back at once, including names no wordlist would guess.
 */
import { parseServer, tcpQuery } from './resolver.js';

export interface AxfrResult {
  zone: string;
  /** `host:port` asked. */
  server: string;
  status: 'transferred' | 'refused' | 'failed';
  /** Names with address or alias records in the zone (lower case, no trailing dot). */
  names: string[];
  reason?: string;
}

/**
 * Ask `server` for a transfer of `zone`. Never throws: refusals and network errors are results.
 *
 * @example
 * const result = await attemptAxfr('zt.didban.test', '127.0.0.1:53530', 5000);
 * if (result.status === 'transferred') console.log(result.names);
 */
export async function attemptAxfr(zone: string, server: string, timeoutMs: number): Promise<AxfrResult> {
  try {
    const packets = await tcpQuery(zone, 'AXFR', parseServer(server), timeoutMs, true);
    const first = packets[0];
    if (!first) return { zone, server, status: 'failed', names: [], reason: 'no answer' };
    if (first.rcode !== 'NOERROR')
      return { zone, server, status: 'refused', names: [], reason: first.rcode ?? 'refused' };
    const names = new Set<string>();
    for (const packet of packets) {
      for (const record of packet.answers ?? []) {
        if (record.type === 'A' || record.type === 'AAAA' || record.type === 'CNAME') {
          names.add(record.name.toLowerCase().replace(/\.$/, ''));
        }
      }
    }
    const soas = packets.flatMap((p) => p.answers ?? []).filter((r) => r.type === 'SOA').length;
    if (soas < 2) return { zone, server, status: 'failed', names: [...names], reason: 'transfer incomplete' };
    return { zone, server, status: 'transferred', names: [...names].sort() };
  } catch (error) {
    return { zone, server, status: 'failed', names: [], reason: (error as Error).message };
  }
}
