import { gunzipSync, unzipSync } from 'fflate';

/** One file inside an archive: its name in the archive and its bytes (at most the block's max size). */
export interface ArchiveEntry {
  readonly name: string;
  readonly data: Buffer;
}

export type ArchiveKind = 'zip' | 'tar' | 'tar.gz' | 'gz';

const isTar = (b: Buffer) => b.length >= 262 && b.toString('latin1', 257, 262) === 'ustar';

/**
 * The archive kind of a file's first bytes (as nuclei's archives.Identify does by content):
 * a zip, a tar, a gzip (holding a tar or one file); undefined for any other file.
 */
export function archiveKind(head: Buffer): ArchiveKind | undefined {
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) return 'zip';
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gz';
  if (isTar(head)) return 'tar';
  return undefined;
}

/**
 * The regular files of a zip or tar (gzip-compressed or not), read with fflate; a gzip of one
 * file is that file, under the archive's own name (nuclei's Decompressor case). Each entry's bytes
 * are cut at `maxSize`, as nuclei's LimitReader cuts them.
 */
export function archiveEntries(bytes: Buffer, kind: ArchiveKind, maxSize: number): ArchiveEntry[] {
  const cut = (b: Uint8Array) => {
    const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
    return buf.length > maxSize ? buf.subarray(0, maxSize) : buf;
  };
  if (kind === 'zip') {
    const files = unzipSync(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return Object.entries(files)
      .filter(([name]) => !name.endsWith('/'))
      .map(([name, data]) => ({ name, data: cut(data) }));
  }
  if (kind === 'gz') {
    const inner = Buffer.from(gunzipSync(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
    if (isTar(inner)) return tarEntries(inner, maxSize);
    return [{ name: '', data: cut(inner) }];
  }
  return tarEntries(bytes, maxSize);
}

/**
 * A tar's regular files (POSIX ustar with its name prefix, GNU long names, pax `path` records);
 * folders, links and devices are left out.
 */
export function tarEntries(bytes: Buffer, maxSize: number): ArchiveEntry[] {
  const out: ArchiveEntry[] = [];
  let at = 0;
  let longName: string | undefined;
  const text = (from: number, len: number) => {
    const raw = bytes.toString('utf8', from, from + len);
    const nul = raw.indexOf('\0');
    return nul === -1 ? raw : raw.slice(0, nul);
  };
  while (at + 512 <= bytes.length) {
    const header = bytes.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const size = Number.parseInt(text(at + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156]!);
    const prefix = text(at + 345, 155);
    const base = text(at, 100);
    const dataAt = at + 512;
    const body = bytes.subarray(dataAt, Math.min(bytes.length, dataAt + size));
    at = dataAt + Math.ceil(size / 512) * 512;
    if (type === 'L') {
      longName = body.toString('utf8').replace(/\0.*$/s, '');
      continue;
    }
    if (type === 'x') {
      const path = /\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1];
      if (path) longName = path;
      continue;
    }
    const name = longName ?? (prefix ? `${prefix}/${base}` : base);
    longName = undefined;
    if (type !== '0' && type !== '\0' && type !== '7') continue;
    out.push({ name, data: body.length > maxSize ? body.subarray(0, maxSize) : body });
  }
  return out;
}
