/**
 * The few BER (X.690) pieces an LDAP server needs: read one TLV, write TLVs with definite lengths.
 * Hand-written because the only Node LDAP server library (ldapjs and its @ldapjs/* parts) is
 * decommissioned; LDAP's use of BER is small (RFC 4511 section 5.1).
 */

export interface Tlv {
  tag: number;
  /** The value bytes (for a constructed type: its encoded children). */
  value: Buffer;
  /** Bytes the whole TLV took. */
  size: number;
}

/** One TLV at `offset`, or undefined when the buffer does not hold all of it yet. */
export function readTlv(buf: Buffer, offset = 0): Tlv | undefined {
  if (buf.length < offset + 2) return undefined;
  const tag = buf[offset]!;
  let len = buf[offset + 1]!;
  let head = 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4) throw new Error('ber: unsupported length');
    if (buf.length < offset + 2 + n) return undefined;
    len = buf.readUIntBE(offset + 2, n);
    head += n;
  }
  if (buf.length < offset + head + len) return undefined;
  return { tag, value: buf.subarray(offset + head, offset + head + len), size: head + len };
}

/** The children of a constructed value. */
export function children(value: Buffer): Tlv[] {
  const out: Tlv[] = [];
  let at = 0;
  while (at < value.length) {
    const t = readTlv(value, at);
    if (!t) throw new Error('ber: truncated element');
    out.push(t);
    at += t.size;
  }
  return out;
}

export function readInt(value: Buffer): number {
  return value.length === 0 ? 0 : value.readIntBE(0, Math.min(value.length, 6));
}

export function tlv(tag: number, ...parts: Buffer[]): Buffer {
  const value = Buffer.concat(parts);
  const n = value.length;
  const len =
    n < 0x80
      ? Buffer.from([n])
      : n < 0x100
        ? Buffer.from([0x81, n])
        : n < 0x10000
          ? Buffer.from([0x82, n >> 8, n & 0xff])
          : Buffer.from([0x83, n >> 16, (n >> 8) & 0xff, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, value]);
}

export const octets = (text: string, tag = 0x04) => tlv(tag, Buffer.from(text, 'utf8'));

/** INTEGER / ENUMERATED in the fewest two's-complement bytes. */
export function int(n: number, tag = 0x02): Buffer {
  const bytes: number[] = [];
  let v = n;
  do {
    bytes.unshift(v & 0xff);
    v >>= 8;
  } while (v !== 0 && v !== -1);
  if (n >= 0 && bytes[0]! & 0x80) bytes.unshift(0);
  if (n < 0 && !(bytes[0]! & 0x80)) bytes.unshift(0xff);
  return tlv(tag, Buffer.from(bytes));
}
