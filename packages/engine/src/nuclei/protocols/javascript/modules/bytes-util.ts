/** Bytes a script hands over: a byte string (one char per byte) or a list of numbers. */
export function toBuffer(value: unknown): Buffer {
  if (typeof value === 'string') return Buffer.from(value, 'latin1');
  if (Array.isArray(value)) return Buffer.from(value.map((v) => Number(v) & 0xff));
  if (value === null || value === undefined) return Buffer.alloc(0);
  return Buffer.from(String(value), 'latin1');
}

/** The script's view of bytes: a byte string. */
export const byteString = (b: Buffer): string => b.toString('latin1');

/** Go's encoding/hex Dump: 16 bytes a line, offset, hex in two groups of 8, printable ASCII. */
export function hexDump(b: Buffer): string {
  let out = '';
  for (let off = 0; off < b.length; off += 16) {
    const line = b.subarray(off, off + 16);
    let hex = '';
    for (let i = 0; i < 16; i++) {
      hex += i < line.length ? `${line[i]!.toString(16).padStart(2, '0')} ` : '   ';
      if (i === 7) hex += ' ';
    }
    let ascii = '';
    for (const c of line) ascii += c >= 32 && c <= 126 ? String.fromCharCode(c) : '.';
    out += `${off.toString(16).padStart(8, '0')}  ${hex} |${ascii}|\n`;
  }
  return out;
}
