/**
 * A stub DNS client over UDP (TCP when a reply is truncated) against configurable resolvers.
 *
 * Why not node:dns? Its Resolver takes servers but shares c-ares' fixed retry/timeout knobs,
 * cannot report NXDOMAIN vs. timeout per attempt cleanly, and multiplexes poorly at thousands
 * of lookups per second. One UDP socket with 16-bit ID multiplexing does.
 */
import dgram from 'node:dgram';
import net from 'node:net';
import { type Answer, answerData, type DecodedPacket, dnsPacket } from './packet.js';

export type QueryType = 'A' | 'AAAA' | 'CNAME' | 'NS' | 'SOA' | 'TXT';

export interface DnsAnswer {
  rcode: 'NOERROR' | 'NXDOMAIN' | 'SERVFAIL' | 'REFUSED' | string;
  answers: Answer[];
}

export interface ResolverOptions {
  /** `host:port` or `host` (port 53). IPv6 as `[::1]:53`. */
  servers: readonly string[];
  /** Per-attempt timeout in ms. */
  timeoutMs?: number;
  /** Extra attempts after the first (rotating through servers). */
  retries?: number;
}

export interface ResolvedHost {
  name: string;
  a: string[];
  aaaa: string[];
  /** CNAME chain from `name`, first hop first. */
  cnames: string[];
  /** True when the name does not exist (NXDOMAIN) or has no addresses. */
  empty: boolean;
  /**
   * True when neither the A nor the AAAA question got any answer (timeouts, SERVFAIL, socket
   * errors after retries): the resolver, not the name, is the problem.
   */
  failed?: boolean;
}

interface Pending {
  resolve: (packet: DecodedPacket) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class DnsTimeoutError extends Error {
  override name = 'DnsTimeoutError';
}

/** Parse `host:port`, `[v6]:port` or a bare host into a socket address. */
export function parseServer(server: string): { host: string; port: number } {
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(server);
  if (v6) return { host: v6[1] ?? '', port: Number(v6[2] ?? 53) };
  const parts = server.split(':');
  if (parts.length === 2) return { host: parts[0] ?? '', port: Number(parts[1]) };
  return { host: server, port: 53 };
}

/**
 * @example
 * const dns = new DnsResolver({ servers: ['127.0.0.1:53530'], timeoutMs: 1000, retries: 2 });
 * const host = await dns.resolveHost('blog.lab.didban.test'); // { a: ['127.42.0.11'], ... }
 * dns.close();
 */
export class DnsResolver {
  private readonly servers: { host: string; port: number }[];
  private readonly timeoutMs: number;
  private readonly retries: number;
  private socket4: dgram.Socket | undefined;
  private socket6: dgram.Socket | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = Math.floor(Math.random() * 65536);
  private serverIndex = 0;

  constructor(options: ResolverOptions) {
    if (options.servers.length === 0) throw new Error('At least one DNS resolver is required');
    this.servers = options.servers.map(parseServer);
    this.timeoutMs = options.timeoutMs ?? 2000;
    this.retries = options.retries ?? 2;
  }

  private socketFor(host: string): dgram.Socket {
    const v6 = net.isIPv6(host);
    let socket = v6 ? this.socket6 : this.socket4;
    if (!socket) {
      socket = dgram.createSocket(v6 ? 'udp6' : 'udp4');
      socket.on('message', (message) => this.onMessage(message));
      socket.on('error', () => {});
      // Do not keep the process alive just for an idle resolver.
      socket.unref();
      if (v6) this.socket6 = socket;
      else this.socket4 = socket;
    }
    return socket;
  }

  private onMessage(message: Buffer): void {
    let packet: DecodedPacket;
    try {
      packet = dnsPacket.decode(message) as DecodedPacket;
    } catch {
      return;
    }
    const entry = this.pending.get(packet.id ?? -1);
    if (!entry) return;
    this.pending.delete(packet.id ?? -1);
    clearTimeout(entry.timer);
    entry.resolve(packet);
  }

  private allocateId(): number {
    for (let i = 0; i < 65536; i++) {
      this.nextId = (this.nextId + 1) & 0xffff;
      if (!this.pending.has(this.nextId)) return this.nextId;
    }
    throw new Error('DNS resolver: no free query IDs');
  }

  private udpOnce(
    name: string,
    type: QueryType,
    server: { host: string; port: number },
  ): Promise<DecodedPacket> {
    return new Promise((resolve, reject) => {
      const id = this.allocateId();
      const message = dnsPacket.encode({
        type: 'query',
        id,
        flags: dnsPacket.RECURSION_DESIRED,
        questions: [{ type, name }],
      });
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new DnsTimeoutError(`DNS ${type} ${name} timed out after ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.socketFor(server.host).send(message, server.port, server.host, (error) => {
        if (!error) return;
        clearTimeout(timer);
        this.pending.delete(id);
        reject(error);
      });
    });
  }

  private tcpOnce(
    name: string,
    type: string,
    server: { host: string; port: number },
  ): Promise<DecodedPacket[]> {
    return tcpQuery(name, type, server, this.timeoutMs);
  }

  /**
   * One question with retries across servers. NXDOMAIN and REFUSED are answers, not errors;
   * SERVFAIL and timeouts are retried, then thrown.
   */
  async query(name: string, type: QueryType, signal?: AbortSignal): Promise<DnsAnswer> {
    let lastError: Error = new Error('no attempt');
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      signal?.throwIfAborted();
      const server = this.servers[(this.serverIndex++ + attempt) % this.servers.length] ?? this.servers[0]!;
      try {
        let packet = await this.udpOnce(name, type, server);
        if (((packet.flags ?? 0) & dnsPacket.TRUNCATED_RESPONSE) !== 0) {
          packet = (await this.tcpOnce(name, type, server))[0] ?? packet;
        }
        const rcode = packet.rcode ?? 'NOERROR';
        if (rcode === 'SERVFAIL') {
          lastError = new Error(`DNS ${type} ${name}: SERVFAIL`);
          continue;
        }
        return { rcode, answers: packet.answers ?? [] };
      } catch (error) {
        lastError = error as Error;
      }
    }
    throw lastError;
  }

  /**
   * A and AAAA (in parallel) plus the CNAME chain. A name that fails to resolve after retries
   * is reported as empty, not thrown: discovery treats it like a name that does not exist.
   */
  async resolveHost(name: string, signal?: AbortSignal): Promise<ResolvedHost> {
    const settle = (p: Promise<DnsAnswer>) => p.catch(() => ({ rcode: 'ERROR', answers: [] as Answer[] }));
    const [a, aaaa] = await Promise.all([
      settle(this.query(name, 'A', signal)),
      settle(this.query(name, 'AAAA', signal)),
    ]);
    const all = [...a.answers, ...aaaa.answers];
    const cnames: string[] = [];
    let current = name.toLowerCase();
    for (let hop = 0; hop < 10; hop++) {
      const next = all.find((r) => r.type === 'CNAME' && r.name.toLowerCase() === current);
      if (!next) break;
      current = answerData(next).toLowerCase();
      if (cnames.includes(current)) break;
      cnames.push(current);
    }
    const pick = (answer: DnsAnswer, type: 'A' | 'AAAA') =>
      [...new Set(answer.answers.filter((r) => r.type === type).map(answerData))].sort();
    let v4 = pick(a, 'A');
    let v6 = pick(aaaa, 'AAAA');
    // Some resolvers (and authoritative servers for out-of-zone targets) return only the CNAME:
    // follow the chain's last name ourselves.
    const last = cnames[cnames.length - 1];
    if (v4.length === 0 && v6.length === 0 && last && !signal?.aborted) {
      const target = await this.resolveHost(last, signal);
      v4 = target.a;
      v6 = target.aaaa;
      for (const c of target.cnames) if (!cnames.includes(c)) cnames.push(c);
    }
    const empty = v4.length === 0 && v6.length === 0;
    const failed = empty && a.rcode === 'ERROR' && aaaa.rcode === 'ERROR';
    return { name: name.toLowerCase(), a: v4, aaaa: v6, cnames, empty, ...(failed ? { failed } : {}) };
  }

  close(): void {
    for (const [, entry] of this.pending) {
      clearTimeout(entry.timer);
      entry.reject(new Error('resolver closed'));
    }
    this.pending.clear();
    this.socket4?.close();
    this.socket6?.close();
    this.socket4 = undefined;
    this.socket6 = undefined;
  }
}

/** A query over TCP, reading every message until the server ends or the answer is complete. */
export function tcpQuery(
  name: string,
  type: string,
  server: { host: string; port: number },
  timeoutMs: number,
  untilSecondSoa = false,
): Promise<DecodedPacket[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: server.host, port: server.port });
    const packets: DecodedPacket[] = [];
    let buffer = Buffer.alloc(0);
    let soaCount = 0;
    const done = (error?: Error) => {
      clearTimeout(timer);
      socket.destroy();
      if (error && packets.length === 0) reject(error);
      else resolve(packets);
    };
    const timer = setTimeout(
      () => done(new DnsTimeoutError(`DNS ${type} ${name} over TCP timed out`)),
      timeoutMs,
    );
    socket.on('error', (error) => done(error));
    socket.on('close', () => done(new Error('connection closed')));
    socket.on('connect', () => {
      socket.write(
        dnsPacket.streamEncode({
          type: 'query',
          id: Math.floor(Math.random() * 65536),
          flags: untilSecondSoa ? 0 : dnsPacket.RECURSION_DESIRED,
          questions: [{ type: type as QueryType, name }],
        }),
      );
    });
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= 2) {
        const length = buffer.readUInt16BE(0);
        if (buffer.length < length + 2) return;
        let packet: DecodedPacket;
        try {
          packet = dnsPacket.streamDecode(buffer.subarray(0, length + 2)) as DecodedPacket;
        } catch (error) {
          done(error as Error);
          return;
        }
        buffer = buffer.subarray(length + 2);
        packets.push(packet);
        if (!untilSecondSoa || packet.rcode !== 'NOERROR') return done();
        soaCount += (packet.answers ?? []).filter((r) => r.type === 'SOA').length;
        if (soaCount >= 2) return done();
      }
    });
  });
}
