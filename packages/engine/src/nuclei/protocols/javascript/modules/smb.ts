import type { Socket } from 'node:net';
import { dial, Inbox, type ModuleContext, portOf } from './context.js';
import { listShares } from './smb-shares.js';
import { netbios, readMessage, smb2Header } from './smb2-wire.js';
import type { HostModule } from './types.js';

/**
 * nuclei/smb's unauthenticated calls over raw SMB2 (MS-SMB2), as zgrab2 (ConnectSMBInfoMode) and
 * fingerprintx (ListSMBv2Metadata) make them: NEGOTIATE, then a SESSION_SETUP carrying an NTLMSSP
 * NEGOTIATE whose CHALLENGE answer names the host (NetBIOS/DNS names, OS version). No credentials
 * are sent. ListShares (an NTLM session, IPC$, srvsvc) lives in smb-shares.ts.
 */
const DIALECTS = [0x0202, 0x0210, 0x0300, 0x0302];
const DIALECT_NAMES: Record<number, string> = {
  514: 'SMB 2.0.2',
  528: 'SMB 2.1',
  768: 'SMB 3.0',
  770: 'SMB 3.0.2',
  785: 'SMB 3.1.1',
};

function negotiateRequest(): Buffer {
  const body = Buffer.alloc(36 + DIALECTS.length * 2);
  body.writeUInt16LE(36, 0);
  body.writeUInt16LE(DIALECTS.length, 2);
  body.writeUInt16LE(1, 4); // signing enabled
  body.writeUInt32LE(0x7f, 8);
  Buffer.from('didban-smb-probe').copy(body, 12);
  for (const [i, d] of DIALECTS.entries()) body.writeUInt16LE(d, 36 + i * 2);
  return netbios(Buffer.concat([smb2Header(0, 0), body]));
}

const NTLM_NEGOTIATE = Buffer.concat([
  Buffer.from('NTLMSSP\0', 'latin1'),
  Buffer.from([1, 0, 0, 0]),
  Buffer.from([0x97, 0x82, 0x88, 0xe2]), // unicode, NTLM, target info, version, 128, 56…
  Buffer.alloc(16),
  Buffer.from([10, 0, 0x63, 0x45, 0, 0, 0, 15]),
]);

function sessionSetupRequest(): Buffer {
  const body = Buffer.alloc(24);
  body.writeUInt16LE(25, 0);
  body.writeUInt8(1, 3);
  body.writeUInt16LE(64 + 24, 12);
  body.writeUInt16LE(NTLM_NEGOTIATE.length, 14);
  return netbios(Buffer.concat([smb2Header(1, 1), body, NTLM_NEGOTIATE]));
}

const filetimeToUnix = (v: bigint): number => (v === 0n ? 0 : Number(v / 10_000_000n - 11_644_473_600n));

interface NtlmInfo {
  version: string;
  names: Record<number, string>;
}

function parseChallenge(buffer: Buffer): NtlmInfo | undefined {
  const at = buffer.indexOf('NTLMSSP\0', 0, 'latin1');
  if (at < 0 || buffer.readUInt32LE(at + 8) !== 2) return undefined;
  const c = buffer.subarray(at);
  const names: Record<number, string> = {};
  const infoLen = c.readUInt16LE(40);
  const infoOff = c.readUInt32LE(44);
  let o = infoOff;
  while (o + 4 <= infoOff + infoLen && o + 4 <= c.length) {
    const id = c.readUInt16LE(o);
    const len = c.readUInt16LE(o + 2);
    if (id === 0) break;
    if (id >= 1 && id <= 5) names[id] = c.subarray(o + 4, o + 4 + len).toString('utf16le');
    o += 4 + len;
  }
  const flags = c.readUInt32LE(20);
  const version = flags & 0x02000000 && c.length >= 56 ? `${c[48]}.${c[49]}.${c.readUInt16LE(50)}` : '';
  return { version, names };
}

interface Smb2Info {
  securityMode: number;
  dialect: number;
  serverGuid: Buffer;
  capabilities: number;
  systemTime: number;
  serverStartTime: number;
  ntlm?: NtlmInfo;
}

async function probe(ctx: ModuleContext, host: unknown, port: unknown): Promise<Smb2Info> {
  const socket: Socket = await dial(ctx, String(host), portOf(port));
  try {
    const inbox = new Inbox(socket);
    socket.write(negotiateRequest());
    const neg = await readMessage(inbox, ctx);
    if (neg.subarray(0, 4).toString('latin1') !== '\xfeSMB') throw new Error('smb: the service is not SMB2');
    const status = neg.readUInt32LE(8);
    if (status !== 0) throw new Error(`smb: negotiate failed with status 0x${status.toString(16)}`);
    const b = neg.subarray(64);
    const info: Smb2Info = {
      securityMode: b.readUInt16LE(2),
      dialect: b.readUInt16LE(4),
      serverGuid: Buffer.from(b.subarray(8, 24)),
      capabilities: b.readUInt32LE(24),
      systemTime: filetimeToUnix(b.readBigUInt64LE(40)),
      serverStartTime: filetimeToUnix(b.readBigUInt64LE(48)),
    };
    socket.write(sessionSetupRequest());
    const setup = await readMessage(inbox, ctx).catch(() => undefined);
    if (setup && setup.length > 72) {
      const sb = setup.subarray(64);
      const off = sb.readUInt16LE(4);
      const len = sb.readUInt16LE(6);
      info.ntlm = parseChallenge(setup.subarray(off, off + len));
    }
    return info;
  } finally {
    socket.destroy();
  }
}

/** Whether the server answers an SMB1 NEGOTIATE (NT LM 0.12) in SMB1. */
async function supportsV1(ctx: ModuleContext, host: unknown, port: unknown): Promise<boolean> {
  const dialects = Buffer.from('\x02NT LM 0.12\0', 'latin1');
  const header = Buffer.alloc(32);
  header.write('\xffSMB', 0, 'latin1');
  header.writeUInt8(0x72, 4);
  header.writeUInt8(0x18, 9);
  header.writeUInt16LE(0xc853, 10);
  const words = Buffer.from([0, dialects.length & 0xff, dialects.length >> 8]);
  let socket: Socket | undefined;
  try {
    socket = await dial(ctx, String(host), portOf(port));
    const inbox = new Inbox(socket);
    socket.write(netbios(Buffer.concat([header, words, dialects])));
    const reply = await readMessage(inbox, ctx);
    return (
      reply.subarray(0, 4).toString('latin1') === '\xffSMB' &&
      reply[4] === 0x72 &&
      reply.readUInt32LE(5) === 0
    );
  } catch {
    return false;
  } finally {
    socket?.destroy();
  }
}

export const smbModule: HostModule = {
  name: 'smb',
  functions: {
    ConnectSMBInfoMode: async (ctx, host, port) => {
      const info = await probe(ctx, host, port);
      const v1 = await supportsV1(ctx, host, port);
      const caps = info.capabilities;
      const verString = DIALECT_NAMES[info.dialect] ?? `SMB ${info.dialect.toString(16)}`;
      const [major, minor, revision] = (
        verString.replace('SMB ', '').split('.').map(Number) as number[]
      ).concat([0, 0, 0]);
      return {
        SupportV1: v1,
        HasNTLM: !!info.ntlm,
        NTLM: info.ntlm?.version ?? '',
        NativeOs: '',
        GroupName: info.ntlm?.names[2] ?? '',
        Version: { Major: major, Minor: minor, Revision: revision, VerString: verString },
        Capabilities: {
          DFSSupport: !!(caps & 0x1),
          Leasing: !!(caps & 0x2),
          LargeMTU: !!(caps & 0x4),
          MultiChan: !!(caps & 0x8),
          Persist: !!(caps & 0x10),
          DirLeasing: !!(caps & 0x20),
          Encryption: !!(caps & 0x40),
        },
        NegotiationLog: {
          SecurityMode: info.securityMode,
          DialectRevision: info.dialect,
          ServerGuid: [...info.serverGuid],
          Capabilities: caps,
          SystemTime: info.systemTime,
          ServerStartTime: info.serverStartTime,
        },
      };
    },
    ListShares: (ctx, host, port, user, password) => listShares(ctx, host, port, user, password),
    ListSMBv2Metadata: async (ctx, host, port) => {
      const info = await probe(ctx, host, port);
      const n = info.ntlm?.names ?? {};
      return {
        OSVersion: info.ntlm?.version ?? '',
        NetBIOSComputerName: n[1] ?? '',
        NetBIOSDomainName: n[2] ?? '',
        DNSComputerName: n[3] ?? '',
        DNSDomainName: n[4] ?? '',
        ForestName: n[5] ?? '',
        SigningEnabled: !!(info.securityMode & 1),
        SigningRequired: !!(info.securityMode & 2),
      };
    },
  },
  guest: `
    function SMBClient() { if (!(this instanceof SMBClient)) return new SMBClient(); }
    SMBClient.prototype.ConnectSMBInfoMode = function (h, p) {
      const r = __host('smb', 'ConnectSMBInfoMode', h, p);
      __struct(r.Version); __struct(r.Capabilities); __struct(r.NegotiationLog);
      return __struct(r);
    };
    SMBClient.prototype.ListSMBv2Metadata = function (h, p) { return __struct(__host('smb', 'ListSMBv2Metadata', h, p)); };
    SMBClient.prototype.ListShares = function (h, p, u, pw) { return __host('smb', 'ListShares', h, p, u, pw); };
    return { SMBClient };
  `,
  api: ['SMBClient', 'ConnectSMBInfoMode', 'ListSMBv2Metadata', 'ListShares'],
  refused: {
    DetectSMBGhost: 'the SMBGhost probe is not provided',
  },
};
