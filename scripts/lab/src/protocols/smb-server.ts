/**
 * An SMB stand-in on loopback for nuclei/smb tests: answers SMB1 and SMB2 NEGOTIATE, an NTLMSSP
 * NEGOTIATE in SESSION_SETUP with a CHALLENGE naming the host, then checks the AUTHENTICATE for
 * real (the NTLMv2 NTProofStr against the planted accounts' passwords). Null sessions and unknown
 * users (mapped to guest, Samba's "map to guest = bad user") are let in while `anonymous` is on;
 * a planted user with a wrong password gets STATUS_LOGON_FAILURE. A session may connect IPC$ and
 * open `srvsvc`, whose NetrShareEnum lists the planted shares (smb-srvsvc.ts). No file share
 * serves files.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import {
  ntowfv2,
  ntProofStr,
  parseAuthenticate,
  sessionBaseKey,
  spnegoServerResponse,
} from '../../../../packages/engine/src/nuclei/protocols/javascript/modules/ntlm.js';
import { sign } from '../../../../packages/engine/src/nuclei/protocols/javascript/modules/smb2-wire.js';
import { type LabShare, SrvsvcPipe } from './smb-srvsvc.js';

export type { LabShare } from './smb-srvsvc.js';

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
  /** Null sessions and unknown users (as guest) may log on. Default true. */
  anonymous?: boolean;
  /** Planted accounts. Default admin / password (in smb-default-creds' lists). */
  accounts?: { user: string; password: string }[];
  /** NetrShareEnum's answer. Default IPC$, public, backup. */
  shares?: LabShare[];
}

export interface LabSmbLogin {
  user: string;
  ok: boolean;
  /** How the session was granted: a planted account, guest mapping, or null session. */
  as?: 'user' | 'guest' | 'null';
}

export interface LabSmb {
  readonly host: string;
  readonly port: number;
  /** Every AUTHENTICATE in order. */
  readonly logins: LabSmbLogin[];
  /** NetrShareEnum calls answered. */
  shareEnums(): number;
  /** TCP connections accepted. */
  connections(): number;
  stop(): Promise<void>;
}

const DEFAULT_SHARES: LabShare[] = [
  { name: 'IPC$', type: 0x80000003, remark: 'Remote IPC' },
  { name: 'public', type: 0, remark: 'Public files' },
  { name: 'backup', type: 0, remark: 'Nightly backups' },
];

const STATUS = {
  moreProcessing: 0xc0000016,
  logonFailure: 0xc000006d,
  accessDenied: 0xc0000022,
  badNetworkName: 0xc00000cc,
  notFound: 0xc0000034,
  sessionDeleted: 0xc0000203,
  bufferOverflow: 0x80000005,
  endOfFile: 0xc0000011,
  notSupported: 0xc00000bb,
  fileClosed: 0xc0000128,
};

interface Session {
  user: string;
  as: 'user' | 'guest' | 'null';
  signingKey?: Buffer;
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

type Names = Required<
  Pick<
    LabSmbOptions,
    'netbiosComputer' | 'netbiosDomain' | 'dnsComputer' | 'dnsDomain' | 'forest' | 'version'
  >
>;

function challenge(o: Names, serverChallenge: Buffer): Buffer {
  const target = Buffer.from(o.netbiosDomain, 'utf16le');
  const timestamp = Buffer.alloc(12);
  timestamp.writeUInt16LE(7, 0);
  timestamp.writeUInt16LE(8, 2);
  timestamp.writeBigUInt64LE(toFiletime(Date.now()), 4);
  const info = Buffer.concat([
    avPair(2, o.netbiosDomain),
    avPair(1, o.netbiosComputer),
    avPair(4, o.dnsDomain),
    avPair(3, o.dnsComputer),
    avPair(5, o.forest),
    timestamp,
    Buffer.from([0, 0, 0, 0]),
  ]);
  const head = Buffer.alloc(56);
  head.write('NTLMSSP\0', 0, 'latin1');
  head.writeUInt32LE(2, 8);
  head.writeUInt16LE(target.length, 12);
  head.writeUInt16LE(target.length, 14);
  head.writeUInt32LE(56, 16);
  head.writeUInt32LE(0xe28a8215, 20);
  serverChallenge.copy(head, 24);
  head.writeUInt16LE(info.length, 40);
  head.writeUInt16LE(info.length, 42);
  head.writeUInt32LE(56 + target.length, 44);
  head.writeUInt8(o.version[0], 48);
  head.writeUInt8(o.version[1], 49);
  head.writeUInt16LE(o.version[2], 50);
  head.writeUInt8(15, 55);
  return Buffer.concat([head, target, info]);
}

/** The security buffer of a SESSION_SETUP request. */
function securityBlob(message: Buffer): Buffer {
  const off = message.readUInt16LE(64 + 12);
  return message.subarray(off, off + message.readUInt16LE(64 + 14));
}

export async function startSmbServer(options: LabSmbOptions = {}): Promise<LabSmb> {
  const o: Names = {
    netbiosComputer: options.netbiosComputer ?? 'FILESRV01',
    netbiosDomain: options.netbiosDomain ?? 'DIDBANLAB',
    dnsComputer: options.dnsComputer ?? 'filesrv01.lab.didban.test',
    dnsDomain: options.dnsDomain ?? 'lab.didban.test',
    forest: options.forest ?? 'lab.didban.test',
    version: options.version ?? ([10, 0, 17763] as [number, number, number]),
  };
  const anonymous = options.anonymous ?? true;
  const accounts = options.accounts ?? [{ user: 'admin', password: 'password' }];
  const shares = options.shares ?? DEFAULT_SHARES;
  const logins: LabSmbLogin[] = [];
  let enums = 0;
  let nextSession = 0x1234n;

  /** Who an AUTHENTICATE logs on as, or undefined for STATUS_LOGON_FAILURE. */
  async function logon(blob: Buffer, serverChallenge: Buffer): Promise<Session | undefined> {
    const auth = parseAuthenticate(blob);
    if (!auth) return undefined;
    const account = accounts.find((a) => a.user.toLowerCase() === auth.user.toLowerCase());
    let session: Session | undefined;
    if (auth.user === '' && auth.nt.length === 0) {
      if (anonymous) session = { user: '', as: 'null' };
    } else if (account && auth.nt.length >= 48) {
      const key = await ntowfv2(auth.user, account.password, auth.domain);
      const proof = ntProofStr(key, serverChallenge, auth.nt.subarray(16));
      if (timingSafeEqual(proof, auth.nt.subarray(0, 16))) {
        // Without KEY_EXCH the signing key is the session base key.
        const keyExchange = blob.readUInt32LE(blob.indexOf('NTLMSSP\0', 0, 'latin1') + 60) & 0x40000000;
        session = {
          user: auth.user,
          as: 'user',
          signingKey: keyExchange ? undefined : sessionBaseKey(key, proof),
        };
      }
    } else if (!account && anonymous) {
      session = { user: auth.user, as: 'guest' };
    }
    logins.push({ user: auth.user, ok: !!session, ...(session ? { as: session.as } : {}) });
    return session;
  }

  let connections = 0;
  const serve = (socket: Socket) => {
    connections++;
    const serverChallenge = randomBytes(8);
    const sessions = new Map<bigint, Session>();
    const trees = new Set<number>();
    const pipes = new Map<string, SrvsvcPipe>();

    const reply = (message: Buffer, status: number, body: Buffer, edit?: (h: Buffer) => void) => {
      const header = Buffer.from(message.subarray(0, 64));
      header.writeUInt32LE(0x1, 16); // server-to-client
      header.writeUInt32LE(status, 8);
      header.writeUInt16LE(1, 14); // one credit granted
      header.fill(0, 48, 64);
      edit?.(header);
      let out: Buffer = Buffer.concat([header, body]);
      const session = sessions.get(header.readBigUInt64LE(40));
      if (session?.signingKey && options.signingRequired) out = sign(out, session.signingKey);
      socket.write(frame(out));
    };
    const error = (message: Buffer, status: number) =>
      reply(message, status, Buffer.from([9, 0, 0, 0, 0, 0, 0, 0, 0]));

    const smb2 = async (message: Buffer) => {
      const command = message.readUInt16LE(12);
      const sessionId = message.readBigUInt64LE(40);
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
        return reply(message, 0, body);
      }
      if (command === 1) {
        const blob = securityBlob(message);
        const spnego = blob[0] === 0x60 || blob[0] === 0xa1;
        const at = blob.indexOf('NTLMSSP\0', 0, 'latin1');
        const type = at >= 0 && blob.length >= at + 12 ? blob.readUInt32LE(at + 8) : 0;
        if (type === 1) {
          const token = challenge(o, serverChallenge);
          const out = spnego ? spnegoServerResponse(1, token) : token;
          const id = nextSession++;
          const body = Buffer.alloc(8);
          body.writeUInt16LE(9, 0);
          body.writeUInt16LE(72, 4);
          body.writeUInt16LE(out.length, 6);
          return reply(message, STATUS.moreProcessing, Buffer.concat([body, out]), (h) =>
            h.writeBigUInt64LE(id, 40),
          );
        }
        if (type !== 3) return error(message, STATUS.logonFailure);
        const session = await logon(blob.subarray(at), serverChallenge);
        if (!session) return error(message, STATUS.logonFailure);
        sessions.set(sessionId, session);
        const out = spnego ? spnegoServerResponse(0) : Buffer.alloc(0);
        const body = Buffer.alloc(8);
        body.writeUInt16LE(9, 0);
        body.writeUInt16LE(session.as === 'guest' ? 1 : session.as === 'null' ? 2 : 0, 2);
        body.writeUInt16LE(out.length ? 72 : 0, 4);
        body.writeUInt16LE(out.length, 6);
        return reply(message, 0, Buffer.concat([body, out]));
      }
      const session = sessions.get(sessionId);
      if (!session) return error(message, STATUS.sessionDeleted);
      if (session.signingKey && options.signingRequired) {
        // A signed session's requests must carry a good signature.
        if (!sign(message, session.signingKey).subarray(48, 64).equals(message.subarray(48, 64))) {
          return error(message, STATUS.accessDenied);
        }
      }
      const body = message.subarray(64);
      const treeId = message.readUInt32LE(36);
      if (command === 2) {
        sessions.delete(sessionId);
        return reply(message, 0, Buffer.from([4, 0, 0, 0]));
      }
      if (command === 3) {
        const path = message.subarray(body.readUInt16LE(4), body.readUInt16LE(4) + body.readUInt16LE(6));
        const share = path.toString('utf16le').split('\\').at(-1) ?? '';
        if (share.toUpperCase() !== 'IPC$') return error(message, STATUS.badNetworkName);
        trees.add(1);
        const out = Buffer.alloc(16);
        out.writeUInt16LE(16, 0);
        out.writeUInt8(2, 2); // pipe
        out.writeUInt32LE(0x001f01ff, 12);
        return reply(message, 0, out, (h) => h.writeUInt32LE(1, 36));
      }
      if (!trees.has(treeId)) return error(message, 0xc00000c9); // STATUS_NETWORK_NAME_DELETED
      if (command === 4) return reply(message, 0, Buffer.from([4, 0, 0, 0]));
      if (command === 5) {
        const nameAt = body.readUInt16LE(44);
        const name = message.subarray(nameAt, nameAt + body.readUInt16LE(46)).toString('utf16le');
        if (name.replace(/^\\+/, '').toLowerCase() !== 'srvsvc') return error(message, STATUS.notFound);
        const fileId = randomBytes(16);
        pipes.set(fileId.toString('hex'), new SrvsvcPipe(() => shares));
        const out = Buffer.alloc(88);
        out.writeUInt16LE(89, 0);
        out.writeUInt32LE(1, 4); // FILE_OPENED
        out.writeUInt32LE(0x80, 56); // FILE_ATTRIBUTE_NORMAL
        fileId.copy(out, 64);
        return reply(message, 0, out);
      }
      const fileAt = command === 6 ? 8 : command === 8 ? 16 : 8;
      const key = body.subarray(fileAt, fileAt + 16).toString('hex');
      const pipe = pipes.get(key);
      if (!pipe) return error(message, STATUS.fileClosed);
      if (command === 6) {
        pipes.delete(key);
        const out = Buffer.alloc(60);
        out.writeUInt16LE(60, 0);
        return reply(message, 0, out);
      }
      const drain = (max: number) => {
        const data = pipe.pending.subarray(0, max);
        pipe.pending = pipe.pending.subarray(data.length);
        return { data, status: pipe.pending.length > 0 ? STATUS.bufferOverflow : 0 };
      };
      if (command === 11) {
        if (body.readUInt32LE(4) !== 0x0011c017) return error(message, STATUS.notSupported);
        const input = message.subarray(body.readUInt32LE(24), body.readUInt32LE(24) + body.readUInt32LE(28));
        const before = enumsIn(input);
        pipe.write(Buffer.from(input));
        enums += before;
        const { data, status } = drain(body.readUInt32LE(44));
        const out = Buffer.alloc(48);
        out.writeUInt16LE(49, 0);
        body.subarray(4, 24).copy(out, 4); // CtlCode, FileId
        out.writeUInt32LE(64 + 48, 32);
        out.writeUInt32LE(data.length, 36);
        return reply(message, status, Buffer.concat([out, data]));
      }
      if (command === 8) {
        if (pipe.pending.length === 0) return error(message, STATUS.endOfFile);
        const { data, status } = drain(body.readUInt32LE(4));
        const out = Buffer.alloc(16);
        out.writeUInt16LE(17, 0);
        out.writeUInt8(64 + 16, 2);
        out.writeUInt32LE(data.length, 4);
        return reply(message, status, Buffer.concat([out, data]));
      }
      return error(message, STATUS.notSupported);
    };

    const answer = async (message: Buffer) => {
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
      if (message.length < 64 || message.subarray(0, 4).toString('latin1') !== '\xfeSMB')
        return socket.destroy();
      await smb2(message);
    };

    // Messages are answered one at a time, in order (a logon awaits the MD4 of the password).
    let queue = Promise.resolve();
    let pending = Buffer.alloc(0);
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4) {
        const len = pending.readUInt32BE(0) & 0xffffff;
        if (pending.length < 4 + len) break;
        const message = Buffer.from(pending.subarray(4, 4 + len));
        pending = pending.subarray(4 + len);
        queue = queue
          .then(async () => {
            await answer(message);
          })
          .catch(() => {
            socket.destroy();
          });
      }
    });
  };
  const server = createServer(serve);
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address() as AddressInfo;
  return {
    host: address.address,
    port: address.port,
    logins,
    shareEnums: () => enums,
    connections: () => connections,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** 1 when the bytes written to the pipe are a NetrShareEnum request. */
function enumsIn(input: Buffer): number {
  return input.length >= 24 && input[0] === 5 && input[2] === 0 && input.readUInt16LE(22) === 15 ? 1 : 0;
}
