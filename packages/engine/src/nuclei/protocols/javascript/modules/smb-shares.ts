import { randomInt } from 'node:crypto';
import { dial, Inbox, type ModuleContext, portOf } from './context.js';
import { authenticateMessage, negotiateMessage, parseChallenge, spnegoInit, spnegoResponse } from './ntlm.js';
import { netbios, readMessage, responseError, sign, smb2Header } from './smb2-wire.js';
import {
  bindPdu,
  bindRefusal,
  MAX_FRAG,
  NETR_SHARE_ENUM,
  parseShareEnum,
  requestPdu,
  responseStub,
  shareEnumStub,
} from './srvsvc.js';

/**
 * nuclei/smb ListShares as go-smb2 does it: NEGOTIATE (SMB 2.0.2/2.1, whose signing is
 * HMAC-SHA256 over the NTLM session key), SESSION_SETUP with NTLMSSP in SPNEGO (NTLMv2; the
 * anonymous form when user and password are both empty), TREE_CONNECT \\host\IPC$, CREATE
 * srvsvc, DCE/RPC bind and NetrShareEnum level 1 through FSCTL_PIPE_TRANSCEIVE, then READs for
 * any further fragments. Errors read as go-smb2's (`response error: <NTSTATUS text>`).
 */
const STATUS_PENDING = 0x103;
const STATUS_MORE_PROCESSING = 0xc0000016;
const STATUS_BUFFER_OVERFLOW = 0x80000005;
const FSCTL_PIPE_TRANSCEIVE = 0x0011c017;

interface Reply {
  status: number;
  header: Buffer;
  body: Buffer;
  raw: Buffer;
}

class Session {
  private messageId = 0;
  sessionId = 0n;
  treeId = 0;
  signingKey: Buffer | undefined;

  constructor(
    private readonly ctx: ModuleContext,
    private readonly socket: import('node:net').Socket,
    private readonly inbox: Inbox,
  ) {}

  async call(command: number, body: Buffer, ok: number[] = [0]): Promise<Reply> {
    const id = this.messageId++;
    let message: Buffer = Buffer.concat([smb2Header(command, id, this.sessionId, this.treeId), body]);
    if (this.signingKey) message = sign(message, this.signingKey);
    this.socket.write(netbios(message));
    for (;;) {
      const raw = await readMessage(this.inbox, this.ctx);
      if (raw.subarray(0, 4).toString('latin1') !== '\xfeSMB')
        throw new Error('smb: the service is not SMB2');
      const status = raw.readUInt32LE(8);
      // An interim answer (async) comes first for a slow operation; the real one follows.
      if (status === STATUS_PENDING && raw.readUInt32LE(16) & 0x2) continue;
      if (!ok.includes(status)) throw responseError(status);
      return { status, header: raw.subarray(0, 64), body: raw.subarray(64), raw };
    }
  }
}

function negotiateBody(): Buffer {
  const dialects = [0x0202, 0x0210];
  const body = Buffer.alloc(36 + dialects.length * 2);
  body.writeUInt16LE(36, 0);
  body.writeUInt16LE(dialects.length, 2);
  body.writeUInt16LE(1, 4); // signing enabled
  Buffer.from('didban-smb-share').copy(body, 12);
  for (const [i, d] of dialects.entries()) body.writeUInt16LE(d, 36 + i * 2);
  return body;
}

function sessionSetupBody(token: Buffer): Buffer {
  const body = Buffer.alloc(24);
  body.writeUInt16LE(25, 0);
  body.writeUInt8(1, 3); // signing enabled
  body.writeUInt16LE(64 + 24, 12);
  body.writeUInt16LE(token.length, 14);
  return Buffer.concat([body, token]);
}

function treeConnectBody(path: string): Buffer {
  const p = Buffer.from(path, 'utf16le');
  const body = Buffer.alloc(8);
  body.writeUInt16LE(9, 0);
  body.writeUInt16LE(64 + 8, 4);
  body.writeUInt16LE(p.length, 6);
  return Buffer.concat([body, p]);
}

function createBody(name: string): Buffer {
  const n = Buffer.from(name, 'utf16le');
  const body = Buffer.alloc(56);
  body.writeUInt16LE(57, 0);
  body.writeUInt32LE(2, 4); // impersonation
  body.writeUInt32LE(0x0012019f, 24); // read/write data, EA, attributes, READ_CONTROL, SYNCHRONIZE
  body.writeUInt32LE(7, 32); // share read, write, delete
  body.writeUInt32LE(1, 36); // FILE_OPEN
  body.writeUInt32LE(0x40, 40); // FILE_NON_DIRECTORY_FILE
  body.writeUInt16LE(64 + 56, 44);
  body.writeUInt16LE(n.length, 46);
  return Buffer.concat([body, n]);
}

function ioctlBody(fileId: Buffer, input: Buffer): Buffer {
  const body = Buffer.alloc(56);
  body.writeUInt16LE(57, 0);
  body.writeUInt32LE(FSCTL_PIPE_TRANSCEIVE, 4);
  fileId.copy(body, 8);
  body.writeUInt32LE(64 + 56, 24);
  body.writeUInt32LE(input.length, 28);
  body.writeUInt32LE(64 + 56 + input.length, 36);
  body.writeUInt32LE(MAX_FRAG, 44);
  body.writeUInt32LE(1, 48); // SMB2_0_IOCTL_IS_FSCTL
  return Buffer.concat([body, input]);
}

function readBody(fileId: Buffer): Buffer {
  const body = Buffer.alloc(49);
  body.writeUInt16LE(49, 0);
  body.writeUInt32LE(MAX_FRAG, 4);
  fileId.copy(body, 16);
  return body;
}

const ioctlOutput = (r: Reply) =>
  r.raw.subarray(r.body.readUInt32LE(32), r.body.readUInt32LE(32) + r.body.readUInt32LE(36));
const readOutput = (r: Reply) => r.raw.subarray(r.body[2]!, r.body[2]! + r.body.readUInt32LE(4));

/** One DCE/RPC exchange on the pipe: all fragments of the answer, joined PDU by PDU. */
async function transceive(s: Session, fileId: Buffer, input: Buffer): Promise<Buffer[]> {
  const okStatuses = [0, STATUS_BUFFER_OVERFLOW];
  let data = Buffer.from(ioctlOutput(await s.call(11, ioctlBody(fileId, input), okStatuses)));
  const pdus: Buffer[] = [];
  for (;;) {
    while (data.length >= 10 && data.length >= data.readUInt16LE(8)) {
      const len = data.readUInt16LE(8);
      if (len < 16) throw new Error('invalid response error: malformed DCE/RPC fragment');
      pdus.push(data.subarray(0, len));
      data = data.subarray(len);
    }
    const last = pdus.at(-1);
    if (data.length === 0 && last && (last[3]! & 0x02 || last[2] !== 2)) return pdus;
    data = Buffer.concat([data, readOutput(await s.call(8, readBody(fileId), okStatuses))]);
  }
}

export async function listShares(
  ctx: ModuleContext,
  host: unknown,
  port: unknown,
  user: unknown,
  password: unknown,
): Promise<string[]> {
  const server = String(host);
  const socket = await dial(ctx, server, portOf(port));
  try {
    const s = new Session(ctx, socket, new Inbox(socket));
    const neg = await s.call(0, negotiateBody());
    const signingRequired = !!(neg.body.readUInt16LE(2) & 2);

    const first = await s.call(1, sessionSetupBody(spnegoInit(negotiateMessage())), [STATUS_MORE_PROCESSING]);
    s.sessionId = first.header.readBigUInt64LE(40);
    const blobAt = first.body.readUInt16LE(4);
    const challenge = parseChallenge(first.raw.subarray(blobAt, blobAt + first.body.readUInt16LE(6)));
    if (!challenge) throw new Error('invalid response error: the server sent no NTLM challenge');
    const auth = await authenticateMessage(challenge, String(user ?? ''), String(password ?? ''));
    const done = await s.call(1, sessionSetupBody(spnegoResponse(auth.message)));
    const guestOrNull = done.body.readUInt16LE(2) & 0x3;
    if (signingRequired && !guestOrNull) s.signingKey = auth.sessionKey;

    const tree = await s.call(3, treeConnectBody(`\\\\${server}\\IPC$`));
    s.treeId = tree.header.readUInt32LE(36);
    const created = await s.call(5, createBody('srvsvc'));
    const fileId = Buffer.from(created.body.subarray(64, 80));

    const callId = randomInt(1, 0x7fffffff);
    const [ack] = await transceive(s, fileId, bindPdu(callId));
    const refusal = bindRefusal(ack!);
    if (refusal) throw new Error(`invalid response error: ${refusal}`);
    const pdus = await transceive(s, fileId, requestPdu(callId + 1, NETR_SHARE_ENUM, shareEnumStub(server)));
    return parseShareEnum(Buffer.concat(pdus.map(responseStub)));
  } finally {
    socket.destroy();
  }
}
