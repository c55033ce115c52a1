import murmurHash3 from 'murmurhash3js-revisited';

/**
 * The favicon hash Shodan and httpx use: MurmurHash3 (x86, 32-bit, seed 0) of the icon's
 * base64 text as Python's `base64.encodebytes` writes it (a newline after every 76 characters
 * and at the end), as a signed 32-bit integer.
 *
 * @example faviconHash(Buffer.from('hello')) // same number as `mmh3.hash(codecs.encode(b'hello', 'base64'))`
 */
export function faviconHash(icon: Uint8Array): number {
  const b64 = Buffer.from(icon).toString('base64');
  const lines = b64.match(/.{1,76}/g) ?? [];
  const text = `${lines.join('\n')}\n`;
  return murmurHash3.x86.hash32(Buffer.from(text)) | 0;
}
