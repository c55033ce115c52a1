import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

/**
 * Decompresses a body by its Content-Encoding, capped at `limit` bytes. Undecodable bodies are
 * returned as received: a broken gzip stream must not hide the bytes from matchers.
 */
export function decodeBody(raw: Buffer, encoding: string | undefined, limit: number): Buffer {
  const enc = (encoding ?? '').trim().toLowerCase();
  if (!enc || enc === 'identity' || raw.length === 0) return raw;
  const opts = { maxOutputLength: limit };
  try {
    if (enc === 'gzip' || enc === 'x-gzip') return gunzipSync(raw, opts);
    if (enc === 'br') return brotliDecompressSync(raw, opts);
    if (enc === 'deflate') {
      try {
        return inflateSync(raw, opts);
      } catch {
        return inflateRawSync(raw, opts);
      }
    }
  } catch {
    return raw;
  }
  return raw;
}
