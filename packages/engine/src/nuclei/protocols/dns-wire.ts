import { createSocket } from 'node:dgram';
import { isIPv6 } from 'node:net';
import * as dnsPacket from 'dns-packet';
import { onAbort } from '../util/abort-registry.js';

export interface DnsAnswer {
  readonly name: string;
  readonly type: string;
  readonly ttl: number;
  readonly data: unknown;
}

export interface DnsReply {
  readonly rcode: string;
  readonly id: number;
  readonly answers: readonly DnsAnswer[];
  readonly authorities: readonly DnsAnswer[];
  readonly additionals: readonly DnsAnswer[];
}

/** Splits `ip`, `ip:port` or `[v6]:port` into an address and port (53 by default). */
export function parseResolver(resolver: string): { host: string; port: number } {
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(resolver);
  if (v6) return { host: v6[1]!, port: Number(v6[2] ?? 53) };
  if (isIPv6(resolver)) return { host: resolver, port: 53 };
  const [host, port] = resolver.split(':');
  return { host: host!, port: Number(port ?? 53) };
}

/** One UDP query to one resolver; rejects on timeout. */
export function queryDns(
  name: string,
  type: string,
  resolver: string,
  recursion: boolean,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<DnsReply> {
  const { host, port } = parseResolver(resolver);
  const id = Math.floor(Math.random() * 65535);
  const message = dnsPacket.encode({
    type: 'query',
    id,
    flags: recursion ? dnsPacket.RECURSION_DESIRED : 0,
    questions: [{ type: type as dnsPacket.RecordType, name, class: 'IN' }],
  });
  return new Promise((resolve, reject) => {
    const socket = createSocket(isIPv6(host) ? 'udp6' : 'udp4');
    const finish = (error?: Error, reply?: DnsReply) => {
      clearTimeout(timer);
      unregister();
      socket.close();
      if (error) reject(error);
      else resolve(reply!);
    };
    // Through the registry: one listener on the scan's signal, however many queries are in flight.
    const unregister = onAbort(signal, () => finish(new Error('aborted')));
    const timer = setTimeout(() => finish(new Error(`DNS query to ${resolver} timed out`)), timeoutMs);
    socket.on('error', (e) => finish(e));
    socket.on('message', (buf) => {
      let decoded: dnsPacket.Packet;
      try {
        decoded = dnsPacket.decode(buf);
      } catch (e) {
        finish(e as Error);
        return;
      }
      if (decoded.id !== id) return;
      const map = (list: unknown[] | undefined) => (list ?? []) as DnsAnswer[];
      finish(undefined, {
        rcode: (decoded as { rcode?: string }).rcode ?? 'NOERROR',
        id,
        answers: map(decoded.answers),
        authorities: map(decoded.authorities),
        additionals: map(decoded.additionals),
      });
    });
    socket.send(message, port, host);
  });
}

const fqdn = (name: string) => (name.endsWith('.') ? name : `${name}.`);
const text = (v: unknown): string => (Buffer.isBuffer(v) ? v.toString('latin1') : String(v));

/** Record data the way `dig` (and Go's miekg/dns) prints it. */
export function recordData(a: DnsAnswer): string {
  const d = a.data as Record<string, unknown> & unknown;
  switch (a.type) {
    case 'CNAME':
    case 'NS':
    case 'PTR':
    case 'DNAME':
      return fqdn(String(d));
    case 'TXT': {
      const parts = Array.isArray(d) ? d : [d];
      return parts.map((p) => `"${text(p)}"`).join(' ');
    }
    case 'MX':
      return `${d.preference} ${fqdn(String(d.exchange))}`;
    case 'SRV':
      return `${d.priority} ${d.weight} ${d.port} ${fqdn(String(d.target))}`;
    case 'CAA':
      return `${d.flags} ${d.tag} "${d.value}"`;
    case 'SOA':
      return `${fqdn(String(d.mname))} ${fqdn(String(d.rname))} ${d.serial} ${d.refresh} ${d.retry} ${d.expire} ${d.minimum}`;
    default:
      return typeof d === 'object' && d !== null && !Buffer.isBuffer(d) ? JSON.stringify(d) : text(d);
  }
}

/** `name.\tTTL\tIN\tTYPE\tdata`, one record per line. */
export const recordLine = (a: DnsAnswer): string =>
  `${fqdn(a.name)}\t${a.ttl}\tIN\t${a.type}\t${recordData(a)}`;
