/**
 * A small authoritative DNS server (UDP + TCP) for the lab zones. It answers A, AAAA, CNAME,
 * SOA and NS, follows in-zone CNAME chains like real authoritative servers do, answers
 * NXDOMAIN with the SOA for missing names, REFUSED for anything outside its zones (so nothing
 * ever leaves the machine), and allows AXFR only for zones marked so.
 */
import dgram from 'node:dgram';
import net from 'node:net';
import { type Answer, type DecodedPacket, dnsPacket, type Packet } from './deps.js';
import type { ZoneInfo, ZoneStore } from './zone-store.js';

const TTL = 30;
const RCODE_NXDOMAIN = 3;
const RCODE_REFUSED = 5;

export interface RunningDns {
  host: string;
  port: number;
  /** Count of queries answered, for the benchmark. */
  queries(): number;
  close(): Promise<void>;
}

function soa(zone: ZoneInfo): Answer {
  return {
    type: 'SOA',
    name: zone.origin,
    ttl: TTL,
    data: {
      mname: `ns1.${zone.origin}`,
      rname: `hostmaster.${zone.origin}`,
      serial: 2026112101,
      refresh: 3600,
      retry: 600,
      expire: 86400,
      minimum: TTL,
    },
  };
}

function recordAnswers(name: string, type: string, store: ZoneStore): { answers: Answer[]; rcode: number } {
  const answers: Answer[] = [];
  let current = name;
  // Follow CNAMEs inside our zones; stop at 8 hops to survive loops a test might plant.
  for (let hop = 0; hop < 8; hop++) {
    const found = store.lookup(current);
    if (found.kind === 'refused') return { answers, rcode: answers.length ? 0 : RCODE_REFUSED };
    if (found.kind === 'nxdomain') return { answers, rcode: answers.length ? 0 : RCODE_NXDOMAIN };
    const { record, zone } = found;
    if (record.cname && type !== 'CNAME') {
      answers.push({ type: 'CNAME', name: current, ttl: TTL, data: record.cname });
      current = record.cname;
      continue;
    }
    if (type === 'CNAME' && record.cname)
      answers.push({ type: 'CNAME', name: current, ttl: TTL, data: record.cname });
    if (type === 'A')
      for (const ip of record.a) answers.push({ type: 'A', name: current, ttl: TTL, data: ip });
    if (type === 'AAAA')
      for (const ip of record.aaaa) answers.push({ type: 'AAAA', name: current, ttl: TTL, data: ip });
    if (type === 'SOA' && current === zone.origin) answers.push(soa(zone));
    if (type === 'NS' && current === zone.origin) {
      answers.push({ type: 'NS', name: zone.origin, ttl: TTL, data: `ns1.${zone.origin}` });
    }
    return { answers, rcode: 0 };
  }
  return { answers, rcode: 0 };
}

function answer(query: DecodedPacket, store: ZoneStore): Packet {
  const question = query.questions?.[0];
  const base: Packet = {
    type: 'response',
    id: query.id ?? 0,
    flags: dnsPacket.AUTHORITATIVE_ANSWER | ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED),
    questions: query.questions ?? [],
  };
  if (!question) return { ...base, flags: (base.flags ?? 0) | 1 };
  const { answers, rcode } = recordAnswers(question.name, question.type, store);
  const zone = store.zoneOf(question.name);
  const authorities = answers.length === 0 && zone ? [soa(zone)] : [];
  return { ...base, flags: (base.flags ?? 0) | rcode, answers, authorities };
}

/** AXFR stream: SOA, every record, SOA (RFC 5936), or a single REFUSED message. */
function axfr(query: DecodedPacket, store: ZoneStore): Packet[] {
  const question = query.questions?.[0];
  const zone = store.zones.find((z) => z.origin === question?.name.toLowerCase());
  const base = { type: 'response' as const, id: query.id ?? 0, questions: query.questions ?? [] };
  if (!zone?.allowAxfr) return [{ ...base, flags: dnsPacket.AUTHORITATIVE_ANSWER | RCODE_REFUSED }];
  const records: Answer[] = [{ type: 'NS', name: zone.origin, ttl: TTL, data: `ns1.${zone.origin}` }];
  for (const [name, record] of store.namesIn(zone.origin)) {
    if (record.cname) records.push({ type: 'CNAME', name, ttl: TTL, data: record.cname });
    for (const ip of record.a) records.push({ type: 'A', name, ttl: TTL, data: ip });
    for (const ip of record.aaaa) records.push({ type: 'AAAA', name, ttl: TTL, data: ip });
  }
  return [{ ...base, flags: dnsPacket.AUTHORITATIVE_ANSWER, answers: [soa(zone), ...records, soa(zone)] }];
}

/** Start the server on host:port (port 0 picks a free one; the same port serves UDP and TCP). */
export async function startDnsServer(store: ZoneStore, host: string, port: number): Promise<RunningDns> {
  let count = 0;
  const tcp = net.createServer((socket) => {
    let pending = Buffer.alloc(0);
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 2) {
        const length = pending.readUInt16BE(0);
        if (pending.length < length + 2) return;
        const message = pending.subarray(0, length + 2);
        pending = pending.subarray(length + 2);
        try {
          const query = dnsPacket.streamDecode(message) as DecodedPacket;
          count++;
          const replies = query.questions?.[0]?.type === 'AXFR' ? axfr(query, store) : [answer(query, store)];
          for (const reply of replies) socket.write(dnsPacket.streamEncode(reply));
        } catch {
          socket.destroy();
          return;
        }
      }
    });
  });
  const sockets = new Set<net.Socket>();
  tcp.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  // Bind TCP first (port 0 → a free port), then UDP on the same number; retry if UDP is taken.
  for (let attempt = 0; ; attempt++) {
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen({ host, port, exclusive: true }, () => {
        tcp.off('error', reject);
        resolve();
      });
    });
    const bound = (tcp.address() as net.AddressInfo).port;
    const udp = dgram.createSocket('udp4');
    try {
      await new Promise<void>((resolve, reject) => {
        udp.once('error', reject);
        udp.bind(bound, host, () => {
          udp.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      udp.close();
      await new Promise<void>((r) => tcp.close(() => r()));
      if (port !== 0 || attempt > 5) throw error;
      continue;
    }
    udp.on('error', () => {});
    udp.on('message', (message, rinfo) => {
      try {
        const query = dnsPacket.decode(message) as DecodedPacket;
        count++;
        let reply = dnsPacket.encode(answer(query, store));
        // Over 512 bytes without EDNS: send the header with TC set so the client retries over TCP.
        if (reply.length > 512) {
          reply = dnsPacket.encode({
            ...answer(query, store),
            answers: [],
            authorities: [],
            flags: dnsPacket.TRUNCATED_RESPONSE | dnsPacket.AUTHORITATIVE_ANSWER,
          });
        }
        udp.send(reply, rinfo.port, rinfo.address);
      } catch {
        // Malformed query: a real server drops it too.
      }
    });
    return {
      host,
      port: bound,
      queries: () => count,
      close: async () => {
        for (const s of sockets) s.destroy();
        await Promise.all([
          new Promise<void>((r) => udp.close(() => r())),
          new Promise<void>((r) => tcp.close(() => r())),
        ]);
      },
    };
  }
}
