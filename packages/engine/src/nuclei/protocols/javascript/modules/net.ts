import type dgram from 'node:dgram';
import type { Socket } from 'node:net';
import { byteString, hexDump, toBuffer } from './bytes-util.js';
import { dial, dialUdp, Inbox, keep, type ModuleContext, splitAddress } from './context.js';
import type { HostModule } from './types.js';

interface Conn {
  readonly socket: Socket | dgram.Socket;
  readonly inbox: Inbox;
  timeoutMs: number;
  close(): void;
}

/** nuclei's NetConn default read/write deadline. */
const CONN_TIMEOUT_MS = 5_000;

function conn(ctx: ModuleContext, id: unknown): Conn {
  const c = ctx.handles.get(Number(id)) as Conn | undefined;
  if (!c || !('inbox' in c)) throw new Error('the connection is closed');
  return c;
}

async function open(ctx: ModuleContext, protocol: unknown, address: unknown, tls: boolean): Promise<number> {
  const { host, port } = splitAddress(String(address));
  const proto = String(protocol ?? 'tcp').toLowerCase();
  if (proto.startsWith('udp')) {
    if (tls) throw new Error('nuclei/net: OpenTLS works over tcp only');
    const socket = await dialUdp(ctx, host, port);
    const c: Conn = {
      socket,
      inbox: new Inbox(socket),
      timeoutMs: CONN_TIMEOUT_MS,
      close: () => socket.close(),
    };
    return keep(ctx, c);
  }
  if (!proto.startsWith('tcp')) throw new Error(`nuclei/net: unknown network ${JSON.stringify(proto)}`);
  const socket = await dial(ctx, host, port, tls);
  const c: Conn = {
    socket,
    inbox: new Inbox(socket),
    timeoutMs: CONN_TIMEOUT_MS,
    close: () => socket.destroy(),
  };
  return keep(ctx, c);
}

function write(c: Conn, data: Buffer): Promise<null> {
  return new Promise((resolve, reject) => {
    const done = (e?: Error | null) => (e ? reject(new Error(`write: ${e.message}`)) : resolve(null));
    if ('setNoDelay' in c.socket) c.socket.write(data, done);
    else c.socket.send(data, (e) => done(e));
  });
}

function recv(ctx: ModuleContext, id: unknown, n: unknown, full: boolean): Promise<Buffer> {
  const c = conn(ctx, id);
  let size = Number(n ?? 0) || 0;
  if (size === 0) size = full ? -1 : 4096;
  return c.inbox.read(size, full, c.timeoutMs, ctx.signal);
}

/** nuclei/net: Open, OpenTLS and the NetConn methods (pkg/js/libs/net). */
export const netModule: HostModule = {
  name: 'net',
  functions: {
    Open: (ctx, protocol, address) => open(ctx, protocol, address, false),
    OpenTLS: (ctx, protocol, address) => open(ctx, protocol, address, true),
    'conn.Close': (ctx, id) => {
      conn(ctx, id).close();
      ctx.handles.delete(Number(id));
      return null;
    },
    'conn.SetTimeout': (ctx, id, seconds) => {
      conn(ctx, id).timeoutMs = Math.max(1, Number(seconds) || 5) * 1000;
      return null;
    },
    'conn.Send': (ctx, id, data) => write(conn(ctx, id), toBuffer(data)),
    'conn.SendArray': (ctx, id, data) =>
      write(
        conn(ctx, id),
        Buffer.concat((Array.isArray(data) ? data : [data]).map((d) => toBuffer(String(d)))),
      ),
    'conn.SendHex': (ctx, id, hex) => {
      const text = String(hex ?? '');
      if (!/^([0-9a-fA-F]{2})*$/.test(text)) throw new Error('encoding/hex: invalid byte');
      return write(conn(ctx, id), Buffer.from(text, 'hex'));
    },
    'conn.Recv': async (ctx, id, n) => byteString(await recv(ctx, id, n, false)),
    'conn.RecvFull': async (ctx, id, n) => byteString(await recv(ctx, id, n, true)),
    'conn.RecvHex': async (ctx, id, n) => hexDump(await recv(ctx, id, n, false)),
    'conn.RecvFullHex': async (ctx, id, n) => hexDump(await recv(ctx, id, n, true)),
  },
  guest: `
    class NetConn {
      constructor(id) { Object.defineProperty(this, '__id', { value: id }); }
      Close() { __host('net', 'conn.Close', this.__id); }
      SetTimeout(s) { __host('net', 'conn.SetTimeout', this.__id, s); }
      Send(d) { __host('net', 'conn.Send', this.__id, __bytesIn(d)); }
      SendArray(a) { __host('net', 'conn.SendArray', this.__id, a); }
      SendHex(h) { __host('net', 'conn.SendHex', this.__id, h); }
      Recv(n) { return __bytesOut(__host('net', 'conn.Recv', this.__id, n || 0)); }
      RecvFull(n) { return __bytesOut(__host('net', 'conn.RecvFull', this.__id, n || 0)); }
      RecvString(n) { return __host('net', 'conn.Recv', this.__id, n || 0); }
      RecvFullString(n) { return __host('net', 'conn.RecvFull', this.__id, n || 0); }
      RecvHex(n) { return __host('net', 'conn.RecvHex', this.__id, n || 0); }
      RecvFullHex(n) { return __host('net', 'conn.RecvFullHex', this.__id, n || 0); }
    }
    return {
      Open: (p, a) => new NetConn(__host('net', 'Open', p, a)),
      OpenTLS: (p, a) => new NetConn(__host('net', 'OpenTLS', p, a)),
      NetConn: __class(NetConn),
    };
  `,
  api: [
    'Open',
    'OpenTLS',
    'NetConn',
    'Close',
    'SetTimeout',
    'Send',
    'SendArray',
    'SendHex',
    'Recv',
    'RecvFull',
    'RecvString',
    'RecvFullString',
    'RecvHex',
    'RecvFullHex',
  ],
};
