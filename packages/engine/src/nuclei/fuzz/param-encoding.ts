/**
 * How nuclei writes query and form parameters back (projectdiscovery/utils url.ParamEncode): almost
 * nothing is escaped, so a payload reaches the server as the template wrote it — a space becomes
 * `+`, control characters, DEL and non-ASCII are percent-encoded, the rest (`'`, `"`, `<`, `>`,
 * `%`…) goes as is. Values are kept as written in the input (never decoded), so an encoded value is
 * never encoded twice. One deviation: control characters get two hex digits (nuclei writes `%a` for
 * a line feed, which no server decodes).
 */
import { fromByteString } from '../util/bytes.js';

const hex2 = (n: number) => `%${n.toString(16).padStart(2, '0')}`;

/** Encodes one key or value (a byte string) as nuclei's ParamEncode does. */
export function paramEncode(bytes: string): string {
  // ASCII without space or control characters (most values): nothing to change.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is the point
  if (!/[\x00-\x20\x7f-\uffff]/.test(bytes)) return bytes;
  let out = '';
  for (const ch of fromByteString(bytes)) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20) out += hex2(c);
    else if (c === 0x20) out += '+';
    else if (c < 0x7f) out += ch;
    else if (c === 0x7f) out += '%7f';
    else for (const b of Buffer.from(ch, 'utf8')) out += hex2(b);
  }
  return out;
}

/**
 * Decodes `a=1&b&a=2` as nuclei's OrderedParams.Decode: split on `&`, then on the first `=`;
 * values stay as written. A key given several times is kept as `key_1`, `key_2`… then `key`
 * (dataformat/form.go), so each value can be fuzzed on its own.
 */
export function decodeParams(raw: string): Map<string, unknown> {
  const grouped = new Map<string, string[]>();
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = eq === -1 ? pair : pair.slice(0, eq);
    const value = eq === -1 ? '' : pair.slice(eq + 1);
    const list = grouped.get(key);
    if (list) list.push(value);
    else grouped.set(key, [value]);
  }
  const out = new Map<string, unknown>();
  for (const [key, values] of grouped) {
    for (let i = 0; i < values.length - 1; i++) out.set(`${key}_${i + 1}`, values[i]!);
    out.set(key, values[values.length - 1]!);
  }
  return out;
}

/**
 * Encodes parameters back in order; `key_N` entries of a key given several times go back under
 * that key before its last value. A parameter without a value is written without `=`, as nuclei.
 */
export function encodeParams(params: ReadonlyMap<string, unknown>): string {
  const groups = new Map<string, string[]>();
  const order: string[] = [];
  for (const [key, value] of params) {
    const m = /^(.*)_(\d+)$/.exec(key);
    const owner = m && params.has(m[1]!) ? m[1]! : key;
    let list = groups.get(owner);
    if (!list) {
      list = [];
      groups.set(owner, list);
      order.push(owner);
    }
    list.push(valueText(value));
  }
  const parts: string[] = [];
  for (const key of order) {
    const encodedKey = paramEncode(key);
    for (const v of groups.get(key)!) {
      const encoded = paramEncode(v);
      parts.push(encoded === '' ? encodedKey : `${encodedKey}=${encoded}`);
    }
  }
  return parts.join('&');
}

/** A parsed value as text, as Go's fmt.Sprint / nuclei's types.ToString. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(valueText).join(' ')}]`;
  return JSON.stringify(v);
}
