/**
 * The lab SMB stand-in's `srvsvc` pipe: DCE/RPC bind (the srvsvc interface only) and
 * NetrShareEnum (opnum 15) at level 1 answering the planted share list, fragmented at the
 * client's max_recv_frag as a Windows server does. Anything else gets a fault.
 */
import {
  NETR_SHARE_ENUM,
  ndrString,
  pdu,
  SRVSVC_UUID,
  uuidBytes,
} from '../../../../packages/engine/src/nuclei/protocols/javascript/modules/srvsvc.js';

export interface LabShare {
  name: string;
  /** STYPE_*: 0 disk, 0x80000003 IPC (hidden). */
  type: number;
  remark: string;
}

export class SrvsvcPipe {
  private maxFrag = 4280;
  /** Bytes of answers not yet read (IOCTL output beyond its cap, then READs). */
  pending = Buffer.alloc(0);

  constructor(private readonly shares: () => readonly LabShare[]) {}

  /** Takes one DCE/RPC PDU written to the pipe; its answer goes to `pending`. */
  write(p: Buffer): void {
    if (p.length < 16 || p[0] !== 5) return;
    const type = p[2];
    const callId = p.readUInt32LE(12);
    if (type === 11) {
      this.maxFrag = Math.max(1024, Math.min(p.readUInt16LE(18), 65535));
      const ok = p.length >= 60 && p.subarray(32, 48).equals(uuidBytes(SRVSVC_UUID));
      const addr = Buffer.from('\\PIPE\\srvsvc\0', 'latin1');
      const head = Buffer.alloc(8 + 2);
      head.writeUInt16LE(this.maxFrag, 0);
      head.writeUInt16LE(this.maxFrag, 2);
      head.writeUInt32LE(0x53f0, 4);
      head.writeUInt16LE(addr.length, 8);
      const pad = Buffer.alloc((4 - ((16 + head.length + addr.length) % 4)) % 4);
      const result = Buffer.alloc(4 + 24);
      result.writeUInt8(1, 0);
      result.writeUInt16LE(ok ? 0 : 2, 4); // acceptance / provider rejection
      result.writeUInt16LE(ok ? 0 : 1, 6); // abstract syntax not supported
      if (ok) p.subarray(52, 72).copy(result, 8);
      this.push(pdu(12, callId, Buffer.concat([head, addr, pad, result])));
      return;
    }
    if (type === 0) {
      const opnum = p.readUInt16LE(22);
      if (opnum === NETR_SHARE_ENUM) this.respond(callId, this.enumStub());
      else this.fault(callId, 0x1c010002); // nca_s_op_rng_error
      return;
    }
    this.fault(callId, 0x1c010003);
  }

  private push(b: Buffer) {
    this.pending = Buffer.concat([this.pending, b]);
  }

  private fault(callId: number, status: number) {
    const b = Buffer.alloc(16);
    b.writeUInt32LE(status, 8);
    this.push(pdu(3, callId, b));
  }

  private respond(callId: number, stub: Buffer) {
    const room = this.maxFrag - 24;
    for (let at = 0; at === 0 || at < stub.length; at += room) {
      const piece = stub.subarray(at, at + room);
      const head = Buffer.alloc(8);
      head.writeUInt32LE(stub.length - at, 0);
      const flags = (at === 0 ? 1 : 0) | (at + room >= stub.length ? 2 : 0);
      this.push(pdu(2, callId, Buffer.concat([head, piece]), flags));
    }
  }

  private enumStub(): Buffer {
    const shares = this.shares();
    const u32 = (...v: number[]) => {
      const b = Buffer.alloc(v.length * 4);
      for (const [i, x] of v.entries()) b.writeUInt32LE(x >>> 0, i * 4);
      return b;
    };
    let ref = 0x20008;
    const entries = shares.map((s) => u32(ref++, s.type, ref++));
    const strings = shares.flatMap((s) => [ndrString(s.name), ndrString(s.remark)]);
    return Buffer.concat([
      u32(1, 1, 0x20000, shares.length, 0x20004, shares.length),
      ...entries,
      ...strings,
      u32(shares.length, 0x20000 + 0x1000, 0, 0),
    ]);
  }
}
