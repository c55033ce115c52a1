import dgram from 'node:dgram';
import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { onAbort } from '../../../util/abort-registry.js';

/** What a module call knows of its run: the caps, the scan's stop signal, the templates folder. */
export interface ModuleContext {
  readonly signal: AbortSignal;
  /** Dial and read deadline of one call, in ms. */
  readonly timeoutMs: number;
  /** The folder `nuclei/fs` may read (the templates folder); undefined: nothing. */
  readonly templatesDir?: string;
  /** Objects a script holds (connections, clients), closed when the run ends. */
  readonly handles: Map<number, Handle>;
  nextHandle: number;
}

export interface Handle {
  close(): void;
}

export function newModuleContext(
  signal: AbortSignal,
  timeoutMs: number,
  templatesDir: string | undefined,
): ModuleContext {
  return { signal, timeoutMs, templatesDir, handles: new Map(), nextHandle: 1 };
}

export function keep(ctx: ModuleContext, handle: Handle): number {
  const id = ctx.nextHandle++;
  ctx.handles.set(id, handle);
  return id;
}

export function closeAll(ctx: ModuleContext): void {
  for (const h of ctx.handles.values()) {
    try {
      h.close();
    } catch {
      // already closed
    }
  }
  ctx.handles.clear();
}

/** `host:port` (or `[v6]:port`) as nuclei's modules take it. */
export function splitAddress(address: string): { host: string; port: number } {
  const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(String(address).trim());
  if (!m) throw new Error(`invalid address ${JSON.stringify(address)} (want host:port)`);
  return { host: m[1]!, port: Number(m[2]) };
}

export function portOf(value: unknown): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`invalid port ${String(value)}`);
  return port;
}

/**
 * A TCP (or TLS) connection made with node:net, so the process's scope guard
 * (scope/socket-guard.ts, installed by the worker) checks the address like any executor's socket.
 */
export function dial(
  ctx: ModuleContext,
  host: string,
  port: number,
  tls = false,
  timeoutMs = ctx.timeoutMs,
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    if (ctx.signal.aborted) return reject(new Error('the scan was stopped'));
    const socket = tls
      ? tlsConnect({ host, port, rejectUnauthorized: false, servername: isIP(host) ? undefined : host })
      : netConnect({ host, port });
    let unregister = () => {};
    const fail = (e: Error) => {
      clearTimeout(timer);
      unregister();
      socket.destroy();
      reject(e);
    };
    const timer = setTimeout(
      () => fail(new Error(`dial ${host}:${port}: timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    unregister = onAbort(ctx.signal, () => fail(new Error('the scan was stopped')));
    socket.once(tls ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      unregister();
      resolve(socket);
    });
    socket.once('error', (e) => fail(new Error(`dial ${host}:${port}: ${e.message}`)));
  });
}

/** A connected UDP socket (dgram: the scope guard checks its connect and sends too). */
export function dialUdp(ctx: ModuleContext, host: string, port: number): Promise<dgram.Socket> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(isIP(host) === 6 ? 'udp6' : 'udp4');
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`dial udp ${host}:${port}: timed out`));
    }, ctx.timeoutMs);
    socket.once('error', (e) => {
      clearTimeout(timer);
      socket.close();
      reject(new Error(`dial udp ${host}:${port}: ${e.message}`));
    });
    socket.connect(port, host, () => {
      clearTimeout(timer);
      resolve(socket);
    });
  });
}

/** Bytes that arrive on a socket, read as nuclei's conn.Recv / RecvFull read them. */
export class Inbox {
  private chunks: Buffer[] = [];
  private size = 0;
  private ended: Error | 'eof' | undefined;
  private wake: (() => void) | undefined;

  constructor(source: Socket | dgram.Socket) {
    const push = (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.size += chunk.length;
      this.wake?.();
    };
    if ('setNoDelay' in source) {
      source.on('data', push);
      source.on('end', () => this.finish('eof'));
      source.on('close', () => this.finish('eof'));
      source.on('error', (e) => this.finish(e));
    } else {
      source.on('message', push);
      source.on('error', (e) => this.finish(e));
      source.on('close', () => this.finish('eof'));
    }
  }

  private finish(why: Error | 'eof'): void {
    this.ended ??= why;
    this.wake?.();
  }

  private take(n: number): Buffer {
    const all = Buffer.concat(this.chunks);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.size = rest.length;
    return Buffer.from(out);
  }

  /**
   * `full`: wait until `n` bytes (n < 0: until the peer closes, at most `cap`) or the deadline,
   * then return what came; otherwise return as soon as anything is there (at most `n`).
   * Nothing at all by the deadline is an error, as in nuclei.
   */
  async read(
    n: number,
    full: boolean,
    timeoutMs: number,
    signal: AbortSignal,
    cap = 8 << 20,
  ): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    const want = n < 0 ? cap : n;
    for (;;) {
      if (full ? this.size >= want : this.size > 0) return this.take(want);
      if (this.ended || signal.aborted || Date.now() >= deadline) {
        if (this.size > 0) return this.take(want);
        if (signal.aborted) throw new Error('the scan was stopped');
        if (this.ended instanceof Error) throw new Error(`failed to read ${n} bytes: ${this.ended.message}`);
        if (this.ended) throw new Error(`failed to read ${n} bytes: EOF`);
        throw new Error(`failed to read ${n} bytes: i/o timeout`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.wake = () => {
          clearTimeout(timer);
          this.wake = undefined;
          resolve();
        };
      });
    }
  }
}

/** A one-exchange helper: connect, optionally send, read once (a banner or a reply). */
export async function exchange(
  ctx: ModuleContext,
  host: string,
  port: number,
  send: Buffer | undefined,
  opts: { full?: number; timeoutMs?: number } = {},
): Promise<Buffer> {
  const socket = await dial(ctx, host, port);
  try {
    const inbox = new Inbox(socket);
    if (send) socket.write(send);
    const timeoutMs = opts.timeoutMs ?? ctx.timeoutMs;
    return opts.full
      ? await inbox.read(opts.full, true, timeoutMs, ctx.signal)
      : await inbox.read(4096, false, timeoutMs, ctx.signal);
  } finally {
    socket.destroy();
  }
}
