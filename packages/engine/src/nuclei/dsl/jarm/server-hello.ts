/**
 * Reading a JARM probe's answer and hashing the ten answers, as the reference (salesforce/jarm
 * jarm.py v1.0) does, including its fixed offsets into the first bytes received: the published
 * fingerprints depend on them.
 */
import { createHash } from 'node:crypto';

/** What a probe that got no usable ServerHello contributes. */
export const NO_ANSWER = '|||';

/** The reference's error paths: a short read fails the probe ("|||") … */
class Unreadable extends Error {}
/** … or only its extension part ("|"). */
class NoExtensions extends Error {}

const hexOf = (b: Uint8Array): string => Buffer.from(b).toString('hex');

/** Python's `data[i]`: out of range raises. */
function at(data: Uint8Array, i: number, onShort: new () => Error): number {
  if (i >= data.length) throw new onShort();
  return data[i]!;
}

/** Python's `int(hex(data[a:b]), 16)`: a slice cut short still reads; an empty one raises. */
function uint(data: Uint8Array, from: number, to: number): number {
  const slice = data.subarray(from, to);
  if (slice.length === 0) throw new Unreadable();
  return slice.reduce((n, b) => n * 256 + b, 0);
}

const same = (data: Uint8Array, from: number, bytes: readonly number[]) =>
  bytes.every((b, i) => data[from + i] === b);

function extensionInfo(data: Uint8Array, counter: number, recordLength: number): string {
  if (at(data, counter + 47, NoExtensions) === 11) return '|';
  if (same(data, counter + 50, [0x0e, 0xac, 0x0b]) || same(data, 82, [0x0f, 0xf0, 0x0b])) return '|';
  if (counter + 42 >= recordLength) return '|';
  let count = 49 + counter;
  const max = uint(data, counter + 47, counter + 49) + (count - 1);
  const types: Uint8Array[] = [];
  const values: Uint8Array[] = [];
  while (count < max) {
    types.push(data.subarray(count, count + 2));
    const length = uint(data, count + 2, count + 4);
    values.push(length === 0 ? new Uint8Array() : data.subarray(count + 4, count + 4 + length));
    count += length + 4;
  }
  const alpnIndex = types.findIndex((t) => t.length === 2 && t[0] === 0x00 && t[1] === 0x10);
  // The reference decodes the first protocol name (it skips the list and name lengths) as UTF-8.
  const alpn =
    alpnIndex === -1 ? '' : new TextDecoder('utf-8', { fatal: true }).decode(values[alpnIndex]!.subarray(3));
  return `${alpn}|${types.map(hexOf).join('-')}`;
}

/**
 * One probe's answer as `cipher|version|alpn|extensions` (`|||` for an alert, no answer or
 * anything that is not a ServerHello).
 * @example readServerHello(alertBytes) // '|||'
 */
export function readServerHello(data: Uint8Array | undefined): string {
  if (!data || data.length === 0) return NO_ANSWER;
  try {
    if (data[0] === 21) return NO_ANSWER;
    if (!(data[0] === 22 && at(data, 5, Unreadable) === 2)) return NO_ANSWER;
    const recordLength = uint(data, 3, 5);
    const counter = at(data, 43, Unreadable);
    const cipher = hexOf(data.subarray(counter + 44, counter + 46));
    const version = hexOf(data.subarray(9, 11));
    let extensions: string;
    try {
      extensions = extensionInfo(data, counter, recordLength);
    } catch (error) {
      if (!(error instanceof NoExtensions)) throw error;
      extensions = '|';
    }
    return `${cipher}|${version}|${extensions}`;
  } catch {
    return NO_ANSWER;
  }
}

/** Cipher suites in the order their index is written into the fingerprint (1-based, hex). */
const CIPHER_INDEX = (
  '0004 0005 0007 000a 0016 002f 0033 0035 0039 003c 003d 0041 0045 0067 006b 0084 0088 009a 009c ' +
  '009d 009e 009f 00ba 00be 00c0 00c4 c007 c008 c009 c00a c011 c012 c013 c014 c023 c024 c027 c028 ' +
  'c02b c02c c02f c030 c060 c061 c072 c073 c076 c077 c09c c09d c09e c09f c0a0 c0a1 c0a2 c0a3 c0ac ' +
  'c0ad c0ae c0af cc13 cc14 cca8 cca9 1301 1302 1303 1304 1305'
).split(' ');

function cipherByte(cipher: string): string {
  if (cipher === '') return '00';
  const index = CIPHER_INDEX.indexOf(cipher);
  return (index === -1 ? CIPHER_INDEX.length + 1 : index + 1).toString(16).padStart(2, '0');
}

function versionByte(version: string): string {
  if (version === '') return '0';
  return 'abcdef'[Number(version[3])] ?? '0';
}

/**
 * The 62-character JARM fingerprint of the ten answers: per probe the cipher's index (2 hex)
 * and the version letter, then the first 32 hex of the SHA-256 of every ALPN and extension list.
 * @example jarmHash(Array(10).fill('|||')) // '000…000' (62 zeros)
 */
export function jarmHash(answers: readonly string[]): string {
  if (answers.every((a) => a === NO_ANSWER)) return '0'.repeat(62);
  let fuzzy = '';
  let alpnsAndExtensions = '';
  for (const answer of answers) {
    const [cipher = '', version = '', alpn = '', extensions = ''] = answer.split('|');
    fuzzy += cipherByte(cipher) + versionByte(version);
    alpnsAndExtensions += alpn + extensions;
  }
  return fuzzy + createHash('sha256').update(alpnsAndExtensions, 'utf8').digest('hex').slice(0, 32);
}
