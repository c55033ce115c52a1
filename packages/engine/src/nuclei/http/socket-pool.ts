import { isIP, type LookupFunction, type Socket, connect as tcpConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { type ResponseHead, ResponseParser, type ResponseSink } from './response-parser.js';

/**
 * Keep-alive connections for the socket client (send-socket.ts): one stack of idle connections per
 * origin, as many connections per origin as requests in flight (undici's Pool without a
 * `connections` cap), one request at a time on each (no pipelining, as Nuclei).
 *
 * An origin's entry is deleted with its last idle connection, so scanning 10,000 host names holds
 * nothing per host afterwards (the leak OriginPools fixed in undici's Agent).
 */

/** undici's defaults, which the engine used before: 30 s idle, a server's own hint less 500 ms. */
const IDLE_MS = 30_000;
const HINT_MARGIN_MS = 500;
const SWEEP_MS = 5_000;

/** What a connection tells the request it is serving (send-socket.ts implements it). */
export interface ConnectionUser {
  onHead(head: ResponseHead): void;
  onBody(chunk: Buffer): void;
  onComplete(): void;
  /**
   * The response cannot complete: a socket error, the connection closing (no error), or bytes the
   * parser refused (`unparsable`).
   */
  onBroken(error: Error | undefined, unparsable: boolean): void;
}

export class Connection implements ResponseSink {
  readonly parser = new ResponseParser(this);
  user: ConnectionUser | undefined;
  /** False once anything makes a further request on it unsafe (extra bytes, `Connection: close`). */
  reusable = true;
  idleUntil = 0;

  constructor(
    readonly socket: Socket,
    readonly origin: string,
    private readonly pool: SocketPool,
  ) {
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 60_000);
    socket.on('data', (data: Buffer) => this.onData(data));
    socket.on('error', (error: Error) => this.broken(error));
    socket.on('close', () => this.closed());
    socket.on('end', () => this.ended());
  }

  onHead(head: ResponseHead): void {
    this.user?.onHead(head);
  }

  onBody(chunk: Buffer): void {
    this.user?.onBody(chunk);
  }

  onEnd(keepAlive: boolean): void {
    if (!keepAlive) this.reusable = false;
    this.user?.onComplete();
  }

  /** Hands the connection to a request and writes it. */
  send(user: ConnectionUser, head: string, isHead: boolean): void {
    this.user = user;
    // A HEAD response has no body; its connection is not reused (a server may send one anyway).
    if (isHead) this.reusable = false;
    this.parser.expect(isHead);
    this.socket.ref();
    this.socket.write(head, 'latin1');
  }

  /** The request is done with it: back to the idle stack when the server allows it, else closed. */
  release(headers: readonly (readonly [string, string])[]): void {
    this.user = undefined;
    if (!this.reusable || this.socket.destroyed) {
      this.socket.destroy();
      return;
    }
    const idle = idleMs(headers);
    if (idle <= 0) {
      this.socket.destroy();
      return;
    }
    this.idleUntil = performance.now() + idle;
    this.socket.unref();
    this.pool.park(this);
  }

  destroy(): void {
    this.user = undefined;
    this.reusable = false;
    this.socket.destroy();
  }

  private onData(data: Buffer): void {
    if (!this.user) {
      // Nothing asked: whatever this is, the connection is no longer in step with the server.
      this.destroy();
      return;
    }
    const error = this.parser.execute(data);
    if (error) {
      this.broken(error, true);
      this.socket.destroy();
    }
  }

  private ended(): void {
    // The server is done with this connection; a body that runs until it closes ends here.
    this.reusable = false;
    if (this.user && !this.parser.finish()) this.broken(undefined);
  }

  private broken(error: Error | undefined, unparsable = false): void {
    this.reusable = false;
    const user = this.user;
    this.user = undefined;
    user?.onBroken(error, unparsable);
  }

  private closed(): void {
    this.pool.forget(this);
    this.broken(undefined);
  }
}

/** How long the server lets an idle connection live, from its `Keep-Alive: timeout=N`. */
function idleMs(headers: readonly (readonly [string, string])[]): number {
  for (const [name, value] of headers) {
    if (name.length !== 10 || name.toLowerCase() !== 'keep-alive') continue;
    const m = /timeout=(\d+)/i.exec(value);
    if (m) return Math.min(IDLE_MS, Number(m[1]) * 1000 - HINT_MARGIN_MS);
  }
  return IDLE_MS;
}

export interface OriginParts {
  readonly tls: boolean;
  readonly host: string;
  readonly port: number;
  /** Resolves the host instead of the system (a scan's `--resolver`). */
  readonly lookup?: LookupFunction;
}

export class SocketPool {
  private readonly idle = new Map<string, Connection[]>();
  private readonly sessions = new Map<string, Buffer>();
  private sweeper: NodeJS.Timeout | undefined;

  /** Origins with idle connections right now (for tests). */
  get size(): number {
    return this.idle.size;
  }

  /** An idle connection to `origin` still within its idle time, or a new one. */
  acquire(origin: string, parts: OriginParts): Connection {
    const list = this.idle.get(origin);
    if (list) {
      const now = performance.now();
      for (let conn = list.pop(); conn; conn = list.pop()) {
        if (!conn.reusable || conn.socket.destroyed || conn.idleUntil <= now) conn.destroy();
        else {
          if (list.length === 0) this.idle.delete(origin);
          return conn;
        }
      }
      this.idle.delete(origin);
    }
    return new Connection(this.open(parts), origin, this);
  }

  park(conn: Connection): void {
    let list = this.idle.get(conn.origin);
    if (!list) {
      list = [];
      this.idle.set(conn.origin, list);
    }
    list.push(conn);
    this.sweeper ??= setInterval(() => this.sweep(), SWEEP_MS).unref();
  }

  /** A connection closed: out of the idle stack if it was there. */
  forget(conn: Connection): void {
    const list = this.idle.get(conn.origin);
    if (!list) return;
    const at = list.indexOf(conn);
    if (at < 0) return;
    list.splice(at, 1);
    if (list.length === 0) this.idle.delete(conn.origin);
  }

  /** Closes every idle connection (tests, shutdown). */
  closeIdle(): void {
    for (const list of this.idle.values()) for (const conn of list) conn.destroy();
    this.idle.clear();
  }

  private sweep(): void {
    const now = performance.now();
    for (const [origin, list] of this.idle) {
      for (const conn of list.filter((c) => c.idleUntil <= now)) conn.destroy();
      const left = list.filter((c) => !c.socket.destroyed);
      if (left.length === 0) this.idle.delete(origin);
      else this.idle.set(origin, left);
    }
    if (this.idle.size === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  private open({ tls, host, port, lookup }: OriginParts): Socket {
    if (!tls) return tcpConnect({ host, port, ...(lookup ? { lookup } : {}) });
    // As undici's connector: no certificate checks (scanners talk to anything), SNI for names
    // only, HTTP/1.1 by ALPN, TLS sessions resumed per server name.
    const servername = isIP(host) ? undefined : host;
    const key = `${servername ?? host}:${port}`;
    const socket = tlsConnect({
      host,
      port,
      servername,
      rejectUnauthorized: false,
      ALPNProtocols: ['http/1.1'],
      session: this.sessions.get(key),
      ...(lookup ? { lookup } : {}),
    });
    socket.on('session', (session: Buffer) => {
      if (this.sessions.size >= 1_000) this.sessions.clear();
      this.sessions.set(key, session);
    });
    return socket;
  }
}
