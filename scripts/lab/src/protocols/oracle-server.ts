/**
 * An Oracle TNS listener stand-in on loopback: reads a TNS CONNECT and answers as a 19c listener
 * does — REFUSE with `(VSNNUM=…)(ERR=12514)` for a service it does not know, and for the
 * `(CONNECT_DATA=(COMMAND=version))` a listener control client sends, the version banner. A
 * CONNECT for a known service is refused too (ERR=12520): the lab has no database behind it.
 */
import { createServer, type Socket } from 'node:net';
import { listen } from './listen.js';

export interface LabOracleOptions {
  host?: string;
  port?: number;
  /** Dotted version, five parts (19.0.0.0.0). */
  version?: string;
  services?: string[];
}

export interface LabOracle {
  readonly host: string;
  readonly port: number;
  /** CONNECT data received, in order. */
  readonly connects: string[];
  stop(): Promise<void>;
}

/** VSNNUM packs a five-part version as 8.4.8.4.8 bits. */
export function vsnnum(version: string): number {
  const [a = 0, b = 0, c = 0, d = 0, e = 0] = version.split('.').map(Number);
  return ((a << 24) | (b << 20) | (c << 12) | (d << 8) | e) >>> 0;
}

function refuse(text: string): Buffer {
  const data = Buffer.from(text, 'latin1');
  const head = Buffer.alloc(12);
  head.writeUInt16BE(12 + data.length, 0);
  head.writeUInt8(4, 4); // REFUSE
  head.writeUInt8(1, 8); // user reason
  head.writeUInt8(0, 9); // system reason
  head.writeUInt16BE(data.length, 10);
  return Buffer.concat([head, data]);
}

export async function startOracleServer(options: LabOracleOptions = {}): Promise<LabOracle> {
  const version = options.version ?? '19.0.0.0.0';
  const services = (options.services ?? ['ORCL']).map((s) => s.toUpperCase());
  const connects: string[] = [];
  const vsn = vsnnum(version);
  const answer = (socket: Socket, packet: Buffer) => {
    if (packet[4] !== 1) return socket.destroy(); // only CONNECT is expected first
    const offset = packet.readUInt16BE(26);
    const length = packet.readUInt16BE(24);
    const data = packet.subarray(offset, offset + length).toString('latin1');
    connects.push(data);
    if (/\(COMMAND=version\)/i.test(data)) {
      const banner = `TNSLSNR for Linux: Version ${version} - Production`;
      return socket.end(
        refuse(`(DESCRIPTION=(TMP=)(VSNNUM=${vsn})(ERR=0)(ALIAS=LISTENER)(VERSION=${banner}))`),
      );
    }
    const service = /\(SERVICE_NAME=([^)]*)\)/i.exec(data)?.[1]?.toUpperCase() ?? '';
    const err = services.includes(service) ? 12520 : 12514;
    socket.end(
      refuse(`(DESCRIPTION=(TMP=)(VSNNUM=${vsn})(ERR=${err})(ERROR_STACK=(ERROR=(CODE=${err})(EMFI=4))))`),
    );
  };
  const server = createServer((socket) => {
    let pending = Buffer.alloc(0);
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      // The first packet of a listener session is a CONNECT (type 1); anything else is dropped.
      if (pending.length >= 5 && pending[4] !== 1) return void socket.destroy();
      if (pending.length < 8) return;
      const len = pending.readUInt16BE(0);
      if (len < 34) return void socket.destroy();
      // A CONNECT whose data does not fit its header follows in a DATA packet; the lab's clients
      // send it whole, so the header's own offset/length is all that is read.
      if (pending.length < len) return;
      try {
        answer(socket, pending.subarray(0, len));
      } catch {
        socket.destroy();
      }
      pending = Buffer.alloc(0);
    });
  });
  const listening = await listen(server, options.host, options.port);
  return { host: listening.host, port: listening.port, connects, stop: listening.stop };
}
