import { createSocket, type Socket } from 'node:dgram';
import { createServer, type Server } from 'node:net';
import * as dnsPacket from 'dns-packet';
import { findUniqueId } from './correlation.js';
import { remoteAddress } from './http-listener.js';
import type { SessionStore } from './session-store.js';

export interface DnsListenerOptions {
  readonly domain: string;
  /** The address every name under the domain resolves to (where the HTTP and SMTP listeners are). */
  readonly ip: string;
}

const TTL = 3600;

/**
 * The authoritative DNS of the interaction domain (UDP and TCP): every name under it answers A
 * (or AAAA) with the server's address, NS/MX/SOA/TXT as interactsh answers them, and the first
 * question whose name holds a registered unique id is an interaction. Names outside the domain
 * are REFUSED, so the listener is no open resolver or reflector for anyone else's names.
 */
export function createDnsListeners(
  store: SessionStore,
  options: DnsListenerOptions,
): { udp: Socket; tcp: Server } {
  const domain = options.domain.toLowerCase().replace(/\.$/, '');
  const answer = (query: dnsPacket.Packet, from: string): Buffer => {
    const response = respond(query, domain, options.ip);
    record(store, query, response, from);
    return dnsPacket.encode(response);
  };
  const udp = createSocket(options.ip.includes(':') ? 'udp6' : 'udp4');
  udp.on('message', (message, rinfo) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    udp.send(answer(query, rinfo.address), rinfo.port, rinfo.address);
  });
  const tcp = createServer((socket) => {
    let buffered = Buffer.alloc(0);
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length > 65_537) return socket.destroy();
      while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        const length = buffered.readUInt16BE(0);
        const message = buffered.subarray(2, 2 + length);
        buffered = buffered.subarray(2 + length);
        let reply: Buffer;
        try {
          reply = answer(dnsPacket.decode(message), remoteAddress(socket.remoteAddress));
        } catch {
          socket.destroy();
          return;
        }
        const framed = Buffer.alloc(2 + reply.length);
        framed.writeUInt16BE(reply.length, 0);
        reply.copy(framed, 2);
        socket.write(framed);
      }
    });
  });
  return { udp, tcp };
}

function inDomain(name: string, domain: string): boolean {
  const n = name.toLowerCase().replace(/\.$/, '');
  return n === domain || n.endsWith(`.${domain}`);
}

function respond(query: dnsPacket.Packet, domain: string, ip: string): dnsPacket.Packet {
  const question = query.questions?.[0];
  const base = {
    id: query.id ?? 0,
    type: 'response' as const,
    flags: dnsPacket.AUTHORITATIVE_ANSWER | ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED),
    questions: query.questions ?? [],
  };
  if (!question || !inDomain(question.name, domain)) return { ...base, flags: base.flags | 5 /* REFUSED */ };
  const name = question.name;
  const ns = [`ns1.${domain}`, `ns2.${domain}`];
  const answers: dnsPacket.Answer[] = [];
  switch (question.type as string) {
    case 'A':
    case 'ANY':
    case 'CNAME':
      if (!ip.includes(':')) answers.push({ name, type: 'A', class: 'IN', ttl: TTL, data: ip });
      break;
    case 'AAAA':
      if (ip.includes(':')) answers.push({ name, type: 'AAAA', class: 'IN', ttl: TTL, data: ip });
      break;
    case 'MX':
      answers.push({
        name,
        type: 'MX',
        class: 'IN',
        ttl: TTL,
        data: { preference: 1, exchange: `mail.${domain}` },
      });
      break;
    case 'NS':
      for (const n of ns) answers.push({ name, type: 'NS', class: 'IN', ttl: TTL, data: n });
      break;
    case 'SOA':
      answers.push({
        name,
        type: 'SOA',
        class: 'IN',
        ttl: 0,
        data: {
          mname: ns[0]!,
          rname: `hostmaster.${domain}`,
          serial: 1,
          refresh: 3600,
          retry: 600,
          expire: 60,
          minimum: 60,
        },
      });
      break;
    case 'TXT':
      answers.push({ name, type: 'TXT', class: 'IN', ttl: 0, data: '' });
      break;
  }
  return { ...base, answers };
}

function record(
  store: SessionStore,
  query: dnsPacket.Packet,
  response: dnsPacket.Packet,
  from: string,
): void {
  const question = query.questions?.[0];
  if (!question) return;
  const match = findUniqueId(question.name, (cid) => store.has(cid));
  if (!match) return;
  void store.add(match.correlationId, {
    protocol: 'dns',
    'unique-id': match.uniqueId,
    'full-id': match.fullId,
    'q-type': question.type,
    'raw-request': digText(query),
    'raw-response': digText(response),
    'remote-address': remoteAddress(from),
    timestamp: new Date().toISOString(),
  });
}

/** A message as miekg/dns prints it (what interactsh stores and templates match on). */
function digText(packet: dnsPacket.Packet): string {
  const flags = packet.flags ?? 0;
  const rcode = ['NOERROR', 'FORMERR', 'SERVFAIL', 'NXDOMAIN', 'NOTIMP', 'REFUSED'][flags & 0xf] ?? 'NOERROR';
  const names = [
    packet.type === 'response' ? 'qr' : '',
    flags & dnsPacket.AUTHORITATIVE_ANSWER ? 'aa' : '',
    flags & dnsPacket.RECURSION_DESIRED ? 'rd' : '',
  ].filter(Boolean);
  const lines = [
    `;; opcode: QUERY, status: ${rcode}, id: ${packet.id ?? 0}`,
    `;; flags: ${names.join(' ')}; QUERY: ${packet.questions?.length ?? 0}, ANSWER: ${packet.answers?.length ?? 0}, AUTHORITY: 0, ADDITIONAL: 0`,
    '',
    ';; QUESTION SECTION:',
    ...(packet.questions ?? []).map((q) => `;${fqdn(q.name)}\tIN\t ${q.type}`),
  ];
  if (packet.answers?.length) {
    lines.push('', ';; ANSWER SECTION:');
    for (const a of packet.answers)
      lines.push(`${fqdn(a.name)}\t${'ttl' in a ? a.ttl : 0}\tIN\t${a.type}\t${rdata(a)}`);
  }
  return `${lines.join('\n')}\n`;
}

const fqdn = (name: string) => (name.endsWith('.') ? name : `${name}.`);

function rdata(a: dnsPacket.Answer): string {
  const data = (a as { data?: unknown }).data;
  if (typeof data === 'string') return a.type === 'NS' ? fqdn(data) : data;
  if (a.type === 'MX') {
    const mx = data as { preference: number; exchange: string };
    return `${mx.preference} ${fqdn(mx.exchange)}`;
  }
  return JSON.stringify(data ?? '');
}
