import { createHmac } from 'node:crypto';
import type { Inbox, ModuleContext } from './context.js';

/** SMB2 framing (MS-SMB2 2.2): the NetBIOS session length prefix and the 64-byte sync header. */
export function netbios(payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(payload.length & 0xffffff, 0);
  return Buffer.concat([head, payload]);
}

export function smb2Header(command: number, messageId: number, sessionId = 0n, treeId = 0): Buffer {
  const h = Buffer.alloc(64);
  h.write('\xfeSMB', 0, 'latin1');
  h.writeUInt16LE(64, 4);
  if (command !== 0) h.writeUInt16LE(1, 6); // credit charge (reserved in NEGOTIATE)
  h.writeUInt16LE(command, 12);
  h.writeUInt16LE(31, 14);
  h.writeBigUInt64LE(BigInt(messageId), 24);
  h.writeUInt32LE(treeId, 36);
  h.writeBigUInt64LE(sessionId, 40);
  return h;
}

/** SMB 2.0.2 / 2.1 signing: HMAC-SHA256 of the message with the SIGNED flag set, first 16 bytes. */
export function sign(message: Buffer, key: Buffer): Buffer<ArrayBufferLike> {
  const m = Buffer.from(message);
  m.writeUInt32LE(m.readUInt32LE(16) | 0x8, 16);
  m.fill(0, 48, 64);
  createHmac('sha256', key).update(m).digest().copy(m, 48, 0, 16);
  return m;
}

export async function readMessage(inbox: Inbox, ctx: ModuleContext): Promise<Buffer> {
  const head = await inbox.read(4, true, ctx.timeoutMs, ctx.signal);
  if (head.length < 4) throw new Error('smb: the server closed the connection');
  const len = head.readUInt32BE(0) & 0xffffff;
  const body = await inbox.read(len, true, ctx.timeoutMs, ctx.signal);
  if (body.length < len) throw new Error('smb: short message');
  return body;
}

/** [MS-ERREF] texts of the statuses a share listing meets, as go-smb2's errors print them. */
const NT_STATUS: Record<number, string> = {
  3221225581:
    'The attempted logon is invalid. This is either due to a bad username or authentication information.',
  3221225506:
    '{Access Denied} A process has requested access to an object but has not been granted those access rights.',
  3221225676: '{Network Name Not Found} The specified share name cannot be found on the remote server.',
  3221225524: 'The object name is not found.',
  3221225586: 'The referenced account is currently disabled and may not be logged on to.',
  3221225585: 'The user account password has expired.',
  3221226036:
    'The user account has been automatically locked because too many invalid logon attempts or password change attempts have been requested.',
  3221225659: 'The request is not supported.',
  3221225582:
    'Indicates a referenced user name and authentication information are valid, but some user account restriction has prevented successful authentication (such as time-of-day restrictions).',
  3221225987: 'The user session key was not found.',
};

/** go-smb2's ResponseError text: `response error: <NTSTATUS description>`. */
export function responseError(status: number): Error {
  const text = NT_STATUS[status] ?? `NTSTATUS 0x${status.toString(16).padStart(8, '0')}`;
  return new Error(`response error: ${text}`);
}
