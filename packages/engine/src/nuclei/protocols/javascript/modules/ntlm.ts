import { createHmac, randomBytes } from 'node:crypto';
import { md4 } from 'hash-wasm';

/**
 * NTLMSSP (MS-NLMP) for nuclei/smb's ListShares: the NEGOTIATE / AUTHENTICATE messages go-smb2's
 * NTLMInitiator sends and the NTLMv2 response. Node 20's OpenSSL 3 has no MD4, so the NT hash
 * comes from hash-wasm. The lab's SMB stand-in checks answers with the same ntProofStr, and
 * ntlm.test.ts pins it to the MS-NLMP 4.2.4 example so the two cannot agree on a wrong formula.
 */

/** Unicode, request target, sign, NTLM, always sign, extended session security, target info,
 * version, 128-bit, 56-bit. No KEY_EXCH: the session key is the NTLMv2 session base key. */
export const NTLM_FLAGS = 0xa2888215;
const NEGOTIATE_ANONYMOUS = 0x800;

const utf16 = (s: string) => Buffer.from(s, 'utf16le');
const hmacMd5 = (key: Buffer, ...data: Buffer[]) => {
  const h = createHmac('md5', key);
  for (const d of data) h.update(d);
  return h.digest();
};

export async function ntHash(password: string): Promise<Buffer> {
  return Buffer.from(await md4(utf16(password)), 'hex');
}

/** NTOWFv2: HMAC-MD5 of the NT hash over UPPER(user) + domain, both UTF-16LE. */
export async function ntowfv2(user: string, password: string, domain: string): Promise<Buffer> {
  return hmacMd5(await ntHash(password), utf16(user.toUpperCase() + domain));
}

/** NTProofStr: HMAC-MD5(NTOWFv2, server challenge + the client's blob, the "temp" of MS-NLMP). */
export function ntProofStr(key: Buffer, serverChallenge: Buffer, blob: Buffer): Buffer {
  return hmacMd5(key, serverChallenge, blob);
}

/** The session base key of an NTLMv2 exchange (the SMB2 signing key for dialects 2.x). */
export function sessionBaseKey(key: Buffer, proof: Buffer): Buffer {
  return hmacMd5(key, proof);
}

const VERSION = Buffer.from([10, 0, 0x63, 0x45, 0, 0, 0, 15]);

export function negotiateMessage(): Buffer {
  const m = Buffer.alloc(40);
  m.write('NTLMSSP\0', 0, 'latin1');
  m.writeUInt32LE(1, 8);
  m.writeUInt32LE(NTLM_FLAGS, 12);
  VERSION.copy(m, 32);
  return m;
}

export interface Challenge {
  flags: number;
  serverChallenge: Buffer;
  targetInfo: Buffer;
  /** MsvAvTimestamp (AvId 7) when the server sent one. */
  timestamp?: Buffer;
}

/** The CHALLENGE message found in a security blob (bare or inside SPNEGO). */
export function parseChallenge(blob: Buffer): Challenge | undefined {
  const at = blob.indexOf('NTLMSSP\0', 0, 'latin1');
  if (at < 0 || blob.length < at + 48 || blob.readUInt32LE(at + 8) !== 2) return undefined;
  const c = blob.subarray(at);
  const infoLen = c.readUInt16LE(40);
  const infoOff = c.readUInt32LE(44);
  const targetInfo = Buffer.from(c.subarray(infoOff, infoOff + infoLen));
  let timestamp: Buffer | undefined;
  for (let o = 0; o + 4 <= targetInfo.length; ) {
    const id = targetInfo.readUInt16LE(o);
    const len = targetInfo.readUInt16LE(o + 2);
    if (id === 0) break;
    if (id === 7 && len === 8) timestamp = Buffer.from(targetInfo.subarray(o + 4, o + 12));
    o += 4 + len;
  }
  return {
    flags: c.readUInt32LE(20),
    serverChallenge: Buffer.from(c.subarray(24, 32)),
    targetInfo,
    timestamp,
  };
}

function filetimeNow(): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE((BigInt(Date.now()) + 11_644_473_600_000n) * 10_000n);
  return b;
}

export interface Authenticate {
  message: Buffer;
  /** Undefined for an anonymous (null) session, which has no key. */
  sessionKey?: Buffer;
}

/**
 * AUTHENTICATE for `user`/`password` (domain and workstation empty, as nuclei's NTLMInitiator
 * leaves them). Empty user and password: the anonymous form (no NT response, a one-byte LM one).
 */
export async function authenticateMessage(
  challenge: Challenge,
  user: string,
  password: string,
  domain = '',
): Promise<Authenticate> {
  const anonymous = user === '' && password === '';
  let lm: Buffer;
  let nt: Buffer;
  let sessionKey: Buffer | undefined;
  if (anonymous) {
    lm = Buffer.alloc(1);
    nt = Buffer.alloc(0);
  } else {
    const key = await ntowfv2(user, password, domain);
    const blob = Buffer.concat([
      Buffer.from([1, 1, 0, 0, 0, 0, 0, 0]),
      challenge.timestamp ?? filetimeNow(),
      randomBytes(8),
      Buffer.alloc(4),
      challenge.targetInfo,
      Buffer.alloc(4),
    ]);
    const proof = ntProofStr(key, challenge.serverChallenge, blob);
    nt = Buffer.concat([proof, blob]);
    // With a server timestamp MS-NLMP sends an all-zero LMv2 response.
    lm = Buffer.alloc(24);
    sessionKey = sessionBaseKey(key, proof);
  }
  const fields = [lm, nt, utf16(domain), utf16(user), Buffer.alloc(0), Buffer.alloc(0)];
  const head = Buffer.alloc(72);
  head.write('NTLMSSP\0', 0, 'latin1');
  head.writeUInt32LE(3, 8);
  let offset = head.length;
  for (const [i, f] of fields.entries()) {
    head.writeUInt16LE(f.length, 12 + i * 8);
    head.writeUInt16LE(f.length, 14 + i * 8);
    head.writeUInt32LE(offset, 16 + i * 8);
    offset += f.length;
  }
  head.writeUInt32LE(((NTLM_FLAGS & challenge.flags) | (anonymous ? NEGOTIATE_ANONYMOUS : 0)) >>> 0, 60);
  VERSION.copy(head, 64);
  return { message: Buffer.concat([head, ...fields]), sessionKey };
}

/** What an AUTHENTICATE message carries, for a server checking it. */
export interface ParsedAuthenticate {
  lm: Buffer;
  nt: Buffer;
  domain: string;
  user: string;
}

export function parseAuthenticate(blob: Buffer): ParsedAuthenticate | undefined {
  const at = blob.indexOf('NTLMSSP\0', 0, 'latin1');
  if (at < 0 || blob.length < at + 60 || blob.readUInt32LE(at + 8) !== 3) return undefined;
  const m = blob.subarray(at);
  const field = (i: number) => {
    const len = m.readUInt16LE(12 + i * 8);
    const off = m.readUInt32LE(16 + i * 8);
    return Buffer.from(m.subarray(off, off + len));
  };
  return {
    lm: field(0),
    nt: field(1),
    domain: field(2).toString('utf16le'),
    user: field(3).toString('utf16le'),
  };
}

// SPNEGO (RFC 4178) around the NTLM tokens, as go-smb2 and Windows clients send them.
const SPNEGO_OID = Buffer.from([0x06, 0x06, 0x2b, 0x06, 0x01, 0x05, 0x05, 0x02]);
const NTLMSSP_OID = Buffer.from([0x06, 0x0a, 0x2b, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x02, 0x02, 0x0a]);

/** A DER tag-length-value. */
export function der(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const n = body.length;
  const len =
    n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, body]);
}

/** NegTokenInit offering NTLMSSP with its NEGOTIATE as the mechToken. */
export function spnegoInit(token: Buffer): Buffer {
  return der(
    0x60,
    SPNEGO_OID,
    der(0xa0, der(0x30, der(0xa0, der(0x30, NTLMSSP_OID)), der(0xa2, der(0x04, token)))),
  );
}

/** NegTokenResp carrying a responseToken (the client's AUTHENTICATE). */
export function spnegoResponse(token: Buffer): Buffer {
  return der(0xa1, der(0x30, der(0xa2, der(0x04, token))));
}

/** NegTokenResp from the server: negState (0 accept-completed, 1 accept-incomplete, 2 reject). */
export function spnegoServerResponse(negState: number, token?: Buffer): Buffer {
  const parts = [der(0xa0, der(0x0a, Buffer.from([negState])))];
  if (token) parts.push(der(0xa1, NTLMSSP_OID), der(0xa2, der(0x04, token)));
  return der(0xa1, der(0x30, ...parts));
}
