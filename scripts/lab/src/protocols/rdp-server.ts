/**
 * An RDP listener stand-in on loopback: reads the TPKT + X.224 Connection Request with its RDP
 * negotiation request (MS-RDPBCGR 2.2.1.1) and answers an X.224 Connection Confirm carrying
 * RDP_NEG_RSP with the protocol it picks — CredSSP (NLA) before TLS before standard RDP security
 * — or RDP_NEG_FAILURE when the client offers none it accepts (NLA required: HYBRID_REQUIRED_BY_SERVER).
 * The handshake stops there: no TLS or CredSSP follows.
 */
import { createServer, type Socket } from 'node:net';
import { listen } from './listen.js';

/** requestedProtocols / selectedProtocol bits. */
export const RDP_PROTOCOL = { rdp: 0, ssl: 1, hybrid: 2, rdstls: 4, hybridEx: 8 } as const;

export interface LabRdpOptions {
  host?: string;
  port?: number;
  /** Require Network Level Authentication (CredSSP). Default true, as Windows since 2012. */
  nla?: boolean;
  /** Accept standard RDP security (no TLS) when NLA is off. Default false. */
  standardSecurity?: boolean;
}

export interface LabRdp {
  readonly host: string;
  readonly port: number;
  /** requestedProtocols of each negotiation request. */
  readonly requests: number[];
  stop(): Promise<void>;
}

const FAILURE = { sslRequired: 1, hybridRequired: 5 } as const;

function confirm(type: 2 | 3, flags: number, value: number): Buffer {
  const b = Buffer.from('030000130ed000001234000000000000000000', 'hex');
  b.writeUInt8(type, 11);
  b.writeUInt8(flags, 12);
  b.writeUInt16LE(8, 13);
  b.writeUInt32LE(value, 15);
  return b;
}

export async function startRdpServer(options: LabRdpOptions = {}): Promise<LabRdp> {
  const nla = options.nla ?? true;
  const standard = options.standardSecurity ?? false;
  const requests: number[] = [];
  const answer = (socket: Socket, tpdu: Buffer) => {
    // X.224 CR: length indicator, 0xE0, dst-ref, src-ref, class; then the optional cookie line.
    if (tpdu.length < 7 || (tpdu[1]! & 0xf0) !== 0xe0) return socket.destroy();
    let at = 7;
    const crlf = tpdu.indexOf('\r\n', at, 'latin1');
    if (tpdu.subarray(at, at + 7).toString('latin1') === 'Cookie:' && crlf > 0) at = crlf + 2;
    const requested = tpdu.length >= at + 8 && tpdu[at] === 1 ? tpdu.readUInt32LE(at + 4) : 0;
    requests.push(requested);
    // EXTENDED_CLIENT_DATA_SUPPORTED | DYNVC_GFX_PROTOCOL_SUPPORTED | RESTRICTED_ADMIN_MODE_SUPPORTED
    const flags = 0x01 | 0x02 | 0x08;
    if (nla) {
      if (requested & RDP_PROTOCOL.hybridEx) return socket.write(confirm(2, flags, RDP_PROTOCOL.hybridEx));
      if (requested & RDP_PROTOCOL.hybrid) return socket.write(confirm(2, flags, RDP_PROTOCOL.hybrid));
      return socket.end(confirm(3, 0, FAILURE.hybridRequired));
    }
    if (requested & RDP_PROTOCOL.ssl) return socket.write(confirm(2, flags, RDP_PROTOCOL.ssl));
    if (standard) return socket.write(confirm(2, flags, RDP_PROTOCOL.rdp));
    return socket.end(confirm(3, 0, FAILURE.sslRequired));
  };
  const server = createServer((socket) => {
    let pending = Buffer.alloc(0);
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      if (pending.length < 4) return;
      if (pending[0] !== 3) return void socket.destroy(); // TPKT version 3
      const len = pending.readUInt16BE(2);
      if (pending.length < len) return;
      const tpdu = pending.subarray(4, len);
      pending = pending.subarray(len);
      answer(socket, tpdu);
    });
  });
  const listening = await listen(server, options.host, options.port);
  return { host: listening.host, port: listening.port, requests, stop: listening.stop };
}
