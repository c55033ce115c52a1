/**
 * DCE/RPC (C706, MS-RPCE) over the `srvsvc` named pipe for NetrShareEnum (MS-SRVS 3.1.4.8),
 * level 1, the call go-smb2's ListSharenames makes. NDR is little-endian, 4-byte aligned.
 */
export const SRVSVC_UUID = '4b324fc8-1670-01d3-1278-5a47bf6ee188';
const NDR_UUID = '8a885d04-1ceb-11c9-9fe8-08002b104860';
export const NETR_SHARE_ENUM = 15;
export const MAX_FRAG = 4280;

/** A UUID in its DCE wire form (first three fields little-endian). */
export function uuidBytes(uuid: string): Buffer {
  const hex = Buffer.from(uuid.replace(/-/g, ''), 'hex');
  const b = Buffer.from(hex);
  b.writeUInt32LE(hex.readUInt32BE(0), 0);
  b.writeUInt16LE(hex.readUInt16BE(4), 4);
  b.writeUInt16LE(hex.readUInt16BE(6), 6);
  return b;
}

/** The 16-byte common header; frag_length is filled from the whole PDU. */
export function pdu(type: number, callId: number, body: Buffer, flags = 0x03): Buffer {
  const h = Buffer.alloc(16);
  h.writeUInt8(5, 0);
  h.writeUInt8(type, 2);
  h.writeUInt8(flags, 3);
  h.writeUInt32LE(0x10, 4); // little-endian, ASCII, IEEE
  h.writeUInt16LE(16 + body.length, 8);
  h.writeUInt32LE(callId, 12);
  return Buffer.concat([h, body]);
}

export function bindPdu(callId: number): Buffer {
  const b = Buffer.alloc(8 + 4 + 4 + 20 + 20);
  b.writeUInt16LE(MAX_FRAG, 0);
  b.writeUInt16LE(MAX_FRAG, 2);
  b.writeUInt8(1, 8); // one context
  b.writeUInt8(1, 14); // one transfer syntax
  uuidBytes(SRVSVC_UUID).copy(b, 16);
  b.writeUInt16LE(3, 32);
  uuidBytes(NDR_UUID).copy(b, 36);
  b.writeUInt32LE(2, 52);
  return pdu(11, callId, b);
}

/** The bind_ack's verdict on our one context: undefined when accepted, else why not. */
export function bindRefusal(ack: Buffer): string | undefined {
  if (ack.length < 24 || ack[0] !== 5) return 'the srvsvc pipe did not answer DCE/RPC';
  if (ack[2] === 13) return 'the server refused the srvsvc bind (bind_nak)';
  if (ack[2] !== 12) return `unexpected DCE/RPC answer type ${ack[2]} to bind`;
  const secLen = ack.readUInt16LE(24);
  let o = 26 + secLen;
  o += (4 - (o % 4)) % 4;
  if (ack.length < o + 6) return 'short bind_ack';
  const result = ack.readUInt16LE(o + 4);
  return result === 0 ? undefined : `the server refused the srvsvc interface (result ${result})`;
}

/** An NDR conformant varying string (UTF-16, NUL-terminated), padded to 4. */
export function ndrString(text: string): Buffer {
  const chars = Buffer.from(`${text}\0`, 'utf16le');
  const n = chars.length / 2;
  const head = Buffer.alloc(12);
  head.writeUInt32LE(n, 0);
  head.writeUInt32LE(n, 8);
  return Buffer.concat([head, chars, Buffer.alloc((4 - (chars.length % 4)) % 4)]);
}

export function requestPdu(callId: number, opnum: number, stub: Buffer): Buffer {
  const b = Buffer.alloc(8);
  b.writeUInt32LE(stub.length, 0);
  b.writeUInt16LE(opnum, 6);
  return pdu(0, callId, Buffer.concat([b, stub]));
}

/** NetrShareEnum(ServerName, {Level 1, empty container}, MAXDWORD, &resume=0). */
export function shareEnumStub(server: string): Buffer {
  const u32 = (...v: number[]) => {
    const b = Buffer.alloc(v.length * 4);
    for (const [i, x] of v.entries()) b.writeUInt32LE(x >>> 0, i * 4);
    return b;
  };
  return Buffer.concat([
    u32(0x20000),
    ndrString(`\\\\${server}`),
    u32(1, 1, 0x20004, 0, 0),
    u32(0xffffffff, 0x20008, 0),
  ]);
}

/** The stub of a response PDU (type 2); a fault (type 3) throws with its status. */
export function responseStub(p: Buffer): Buffer {
  if (p[2] === 3) throw new Error(`response error: DCE/RPC fault 0x${p.readUInt32LE(24).toString(16)}`);
  if (p[2] !== 2) throw new Error(`invalid response error: unexpected DCE/RPC answer type ${p[2]}`);
  return p.subarray(24, p.readUInt16LE(8) - p.readUInt16LE(10) - (p.readUInt16LE(10) ? 8 : 0));
}

/** Share names of a level-1 NetrShareEnum answer, in the server's order. */
export function parseShareEnum(stub: Buffer): string[] {
  let o = 0;
  const u32 = () => {
    if (o + 4 > stub.length) throw new Error('invalid response error: short NetrShareEnum answer');
    const v = stub.readUInt32LE(o);
    o += 4;
    return v;
  };
  const str = () => {
    u32();
    u32();
    const n = u32();
    const s = stub.subarray(o, o + n * 2).toString('utf16le');
    o += n * 2;
    o += (4 - (o % 4)) % 4;
    return s.replace(/\0+$/, '');
  };
  const werror = stub.length >= 4 ? stub.readUInt32LE(stub.length - 4) : 0;
  if (werror !== 0 && werror !== 234)
    throw new Error(`response error: NetrShareEnum failed with Windows error ${werror}`);
  u32(); // level
  u32(); // union switch
  if (u32() === 0) return [];
  const count = u32();
  if (u32() === 0) return [];
  u32(); // max count
  const entries: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const name = u32();
    u32(); // type
    entries.push([name, u32()]);
  }
  const names: string[] = [];
  for (const [name, remark] of entries) {
    if (name) names.push(str());
    if (remark) str();
  }
  return names;
}
