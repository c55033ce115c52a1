/**
 * An SMB banner on loopback for nuclei/smb tests: answers SMB1 and SMB2 NEGOTIATE and an NTLMSSP
 * NEGOTIATE in SESSION_SETUP with a CHALLENGE naming the host, the way a Windows server would
 * before any credential. No session is ever established (it is a banner, not a file server).
 */
import { type AddressInfo, createServer, type Socket } from 'node:net';

export interface LabSmbOptions {
  host?: string;
  port?: number;
  /** Answer an SMB1 NEGOTIATE (SMBv1 enabled). Default false. */
  smb1?: boolean;
  signingRequired?: boolean;
  netbiosComputer?: string;
  netbiosDomain?: string;
  dnsComputer?: string;
  dnsDomain?: string;
  forest?: string;
  /** NTLM version: major, minor, build. */
  version?: [number, number, number];
}

export interface LabSmb {
  readonly host: string;
  readonly port: number;
  stop(): Promise<void>;
}

const frame = (payload: Buffer) => {
  const h = Buffer.alloc(4);
  h.writeUInt32BE(payload.length, 0);
  return Buffer.concat([h, payload]);
};

const toFiletime = (ms: number) => (BigInt(ms) + 11_644_473_600_000n) * 10_000n;

function avPair(id: number, text: string): Buffer {
  const value = Buffer.from(text, 'utf16le');
  const head = Buffer.alloc(4);
  head.writeUInt16LE(id, 0);
  head.writeUInt16LE(value.length, 2);
  return Buffer.concat([head, value]);
}

function challenge(o: Required<Omit<LabSmbOptions, 'host' | 'port' | 'smb1' | 'signingRequired'>>): Buffer {
  const target = Buffer.from(o.netbiosDomain, 'utf16le');
  const info = Buffer.concat([
    avPair(2, o.netbiosDomain),
    avPair(1, o.netbiosComputer),
    avPair(4, o.dnsDomain),
    avPair(3, o.dnsComputer),
    avPair(5, o.forest),
    Buffer.from([0, 0, 0, 0]),
  ]);
  const head = Buffer.alloc(56);
  head.write('NTLMSSP\0', 0, 'latin1');
  head.writeUInt32LE(2, 8);
  head.writeUInt16LE(target.length, 12);
  head.writeUInt16LE(target.length, 14);
  head.writeUInt32LE(56, 16);
  head.writeUInt32LE(0xe28a8215, 20);
  head.fill(0x11, 24, 32);
  head.writeUInt16LE(info.length, 40);
  head.writeUInt16LE(info.length, 42);
  head.writeUInt32LE(56 + target.length, 44);
  head.writeUInt8(o.version[0], 48);
  head.writeUInt8(o.version[1], 49);
  head.writeUInt16LE(o.version[2], 50);
  head.writeUInt8(15, 55);
  return Buffer.concat([head, target, info]);
}

export async function startSmbServer(options: LabSmbOptions = {}): Promise<LabSmb> {
  const o = {
    netbiosComputer: options.netbiosComputer ?? 'FILESRV01',
    netbiosDomain: options.netbiosDomain ?? 'DIDBANLAB',
    dnsComputer: options.dnsComputer ?? 'filesrv01.lab.didban.test',
    dnsDomain: options.dnsDomain ?? 'lab.didban.test',
    forest: options.forest ?? 'lab.didban.test',
    version: options.version ?? ([10, 0, 17763] as [number, number, number]),
  };
  const answer = (socket: Socket, message: Buffer) => {
    if (message.subarray(0, 4).toString('latin1') === '\xffSMB') {
      if (!options.smb1) return socket.destroy();
      const h = Buffer.alloc(32);
      h.write('\xffSMB', 0, 'latin1');
      h.writeUInt8(0x72, 4);
      h.writeUInt8(0x98, 9);
      // Dialect index 0 chosen; a minimal NT LM 0.12 response body.
      const words = Buffer.alloc(1 + 34 + 2);
      words.writeUInt8(17, 0);
      return socket.write(frame(Buffer.concat([h, words])));
    }
    if (message.subarray(0, 4).toString('latin1') !== '\xfeSMB') return socket.destroy();
    const command = message.readUInt16LE(12);
    const header = Buffer.from(message.subarray(0, 64));
    header.writeUInt32LE(0x1, 16); // server-to-client flag
    if (command === 0) {
      const body = Buffer.alloc(65 + 7);
      body.writeUInt16LE(65, 0);
      body.writeUInt16LE(options.signingRequired ? 3 : 1, 2);
      body.writeUInt16LE(0x0210, 4);
      body.fill(0x42, 8, 24);
      body.writeUInt32LE(0x7, 24);
      body.writeUInt32LE(8 << 20, 28);
      body.writeUInt32LE(8 << 20, 32);
      body.writeUInt32LE(8 << 20, 36);
      body.writeBigUInt64LE(toFiletime(Date.now()), 40);
      body.writeBigUInt64LE(toFiletime(Date.now() - 86_400_000), 48);
      body.writeUInt16LE(128, 56);
      return socket.write(frame(Buffer.concat([header, body])));
    }
    if (command === 1) {
      header.writeUInt32LE(0xc0000016, 8); // STATUS_MORE_PROCESSING_REQUIRED
      header.writeBigUInt64LE(0x1234n, 40);
      const blob = challenge(o);
      const body = Buffer.alloc(8);
      body.writeUInt16LE(9, 0);
      body.writeUInt16LE(72, 4);
      body.writeUInt16LE(blob.length, 6);
      return socket.write(frame(Buffer.concat([header, body, blob])));
    }
    socket.destroy();
  };
  const server = createServer((socket) => {
    let pending = Buffer.alloc(0);
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4) {
        const len = pending.readUInt32BE(0) & 0xffffff;
        if (pending.length < 4 + len) break;
        const message = pending.subarray(4, 4 + len);
        pending = pending.subarray(4 + len);
        answer(socket, message);
      }
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address() as AddressInfo;
  return {
    host: address.address,
    port: address.port,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
