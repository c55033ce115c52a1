import { createHash, createHmac, randomInt } from 'node:crypto';
import {
  crc32,
  deflateRawSync,
  deflateSync,
  gunzipSync,
  gzipSync,
  inflateRawSync,
  inflateSync,
} from 'node:zlib';
import { compileGoRegex } from '../regex/go-regex.js';
import { asciiLower, asciiUpper, fromByteString, stringToBytes, toByteString } from '../util/bytes.js';
import { aesCbc, aesGcm } from './aes.js';
import { compareVersions } from './compare-versions.js';
import { jarmHelper } from './jarm/jarm-helper.js';
import { generateJavaGadget } from './java/generate-java-gadget.js';
import { generateJwt } from './jwt.js';
import { mmh3 } from './mmh3.js';
import { publicIp } from './public-ip.js';
import { htmlUnescape, urlDecode, urlEncode } from './url-html.js';
import { DslError, type DslValue, formatNumber, isList, toNum, toStr } from './values.js';
import { zipHelper } from './zip.js';

export type Helper = (args: readonly DslValue[]) => DslValue;

const bytes = (v: DslValue): Buffer => stringToBytes(toStr(v));
const latin1 = (b: Uint8Array): string => Buffer.from(b).toString('latin1');
const hash = (alg: string) => (a: readonly DslValue[]) => createHash(alg).update(bytes(a[0])).digest('hex');
const flat = (args: readonly DslValue[]): DslValue[] => args.flatMap((a) => (isList(a) ? [...a] : [a]));

const ALPHA = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const randomFrom = (charset: string, length: number, bad = ''): string => {
  const chars = [...charset].filter((c) => !bad.includes(c)).join('') || charset;
  let out = '';
  for (let i = 0; i < length; i++) out += chars[randomInt(chars.length)];
  return out;
};

const HTML_ESCAPES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&#39;',
  '"': '&#34;',
};
function trimSet(s: string, set: string, left: boolean, right: boolean): string {
  let start = 0;
  let end = s.length;
  while (left && start < end && set.includes(s[start]!)) start++;
  while (right && end > start && set.includes(s[end - 1]!)) end--;
  return s.slice(start, end);
}

// Python's base64.encodebytes, used by favicon hash templates: 76-char lines, trailing newline.
function base64Py(v: DslValue): string {
  const b64 = bytes(v).toString('base64');
  return `${b64.match(/.{1,76}/g)?.join('\n') ?? ''}\n`;
}

function goDate(format: string, date: Date): string {
  // Nuclei accepts both Go layouts and %Y-style directives; the common tokens are covered.
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const map: Record<string, string> = {
    '%Y': String(date.getUTCFullYear()),
    '%m': pad(date.getUTCMonth() + 1),
    '%d': pad(date.getUTCDate()),
    '%H': pad(date.getUTCHours()),
    '%M': pad(date.getUTCMinutes()),
    '%S': pad(date.getUTCSeconds()),
    '2006': String(date.getUTCFullYear()),
    '01': pad(date.getUTCMonth() + 1),
    '02': pad(date.getUTCDate()),
    '15': pad(date.getUTCHours()),
    '04': pad(date.getUTCMinutes()),
    '05': pad(date.getUTCSeconds()),
  };
  return format.replace(/%[YmdHMS]|2006|01|02|15|04|05/g, (t) => map[t] ?? t);
}

const need = (args: readonly DslValue[], n: number, name: string): void => {
  if (args.length < n) throw new DslError(`${name} needs at least ${n} argument(s)`);
};

const table: Record<string, Helper> = {
  contains: (a) => toStr(a[0]).includes(toStr(a[1])),
  // Taken over the network before the operators run (jarm/jarm-helper.ts); this reads the result.
  jarm: (a) => jarmHelper(toStr(a[0])),
  generate_jwt: generateJwt,
  // The executor has already waited (wait-for.ts); Nuclei's helper returns true after sleeping.
  wait_for: (a) => Number.isFinite(toNum(a[0])),
  zip: zipHelper,
  generate_java_gadget: generateJavaGadget,
  aes_cbc: aesCbc,
  aes_gcm: aesGcm,
  public_ip: () => publicIp(),
  // One argument: its characters sorted (or de-duplicated, first kept); several: a list of strings.
  sort: (a) => {
    need(a, 1, 'sort');
    if (a.length > 1) return a.map(toStr).sort();
    return toByteString(
      [...fromByteString(toStr(a[0]))].sort((x, y) => x.codePointAt(0)! - y.codePointAt(0)!).join(''),
    );
  },
  uniq: (a) => {
    need(a, 1, 'uniq');
    if (a.length > 1) return [...new Set(a.map(toStr))];
    return toByteString([...new Set(fromByteString(toStr(a[0])))].join(''));
  },
  contains_all: (a) => a.slice(1).every((s) => toStr(a[0]).includes(toStr(s))),
  contains_any: (a) => a.slice(1).some((s) => toStr(a[0]).includes(toStr(s))),
  equals_any: (a) => a.slice(1).some((s) => toStr(a[0]) === toStr(s)),
  starts_with: (a) => a.slice(1).some((s) => toStr(a[0]).startsWith(toStr(s))),
  ends_with: (a) => a.slice(1).some((s) => toStr(a[0]).endsWith(toStr(s))),
  line_starts_with: (a) =>
    toStr(a[0])
      .split('\n')
      .some((line) => a.slice(1).some((s) => line.startsWith(toStr(s)))),
  line_ends_with: (a) =>
    toStr(a[0])
      .split('\n')
      .some((line) => a.slice(1).some((s) => line.replace(/\r$/, '').endsWith(toStr(s)))),
  to_lower: (a) => asciiLower(toStr(a[0])),
  to_upper: (a) => asciiUpper(toStr(a[0])),
  to_title: (a) => toStr(a[0]).replace(/\b[a-z]/g, (c) => c.toUpperCase()),
  compare_versions: (a) => compareVersions(toStr(a[0]), a.slice(1).map(toStr)),
  concat: (a) => flat(a).map(toStr).join(''),
  join: (a) => flat(a.slice(1)).map(toStr).join(toStr(a[0])),
  split: (a) => {
    const parts = toStr(a[0]).split(toStr(a[1]));
    const n = a[2] === undefined ? -1 : toNum(a[2]);
    return n > 0 && parts.length > n
      ? [...parts.slice(0, n - 1), parts.slice(n - 1).join(toStr(a[1]))]
      : parts;
  },
  len: (a) => (isList(a[0]) ? a[0].length : toStr(a[0]).length),
  // govaluate numbers are float64, so only a boolean `true` turns on encoding every special character.
  url_encode: (a) => urlEncode(toStr(a[0]), a[1] === true),
  url_decode: (a) => urlDecode(toStr(a[0])),
  html_escape: (a) => toStr(a[0]).replace(/[<>&'"]/g, (c) => HTML_ESCAPES[c]!),
  html_unescape: (a) => htmlUnescape(toStr(a[0])),
  base64: (a) => bytes(a[0]).toString('base64'),
  base64_py: (a) => base64Py(a[0]),
  base64_decode: (a) => latin1(Buffer.from(toStr(a[0]), 'base64')),
  hex_encode: (a) => bytes(a[0]).toString('hex'),
  hex_decode: (a) => {
    const s = toStr(a[0]);
    if (!/^([0-9a-fA-F]{2})*$/.test(s)) throw new DslError('hex_decode: invalid hex string');
    return latin1(Buffer.from(s, 'hex'));
  },
  md5: hash('md5'),
  sha1: hash('sha1'),
  sha256: hash('sha256'),
  sha512: hash('sha512'),
  hmac: (a) => {
    need(a, 3, 'hmac');
    return createHmac(toStr(a[0]).replace(/^sha(\d)/, 'sha$1'), bytes(a[2]))
      .update(bytes(a[1]))
      .digest('hex');
  },
  mmh3: (a) => mmh3(bytes(a[0])),
  crc32: (a) => crc32(bytes(a[0])),
  gzip: (a) => latin1(gzipSync(bytes(a[0]))),
  gzip_decode: (a) => latin1(gunzipSync(bytes(a[0]))),
  zlib: (a) => latin1(deflateSync(bytes(a[0]))),
  zlib_decode: (a) => latin1(inflateSync(bytes(a[0]))),
  deflate: (a) => latin1(deflateRawSync(bytes(a[0]))),
  inflate: (a) => latin1(inflateRawSync(bytes(a[0]))),
  regex: (a) => compileGoRegex(toStr(a[0])).test(toStr(a[1])),
  replace: (a) => toStr(a[0]).split(toStr(a[1])).join(toStr(a[2])),
  replace_regex: (a) => {
    const re = compileGoRegex(toStr(a[1]));
    const input = toStr(a[0]);
    let out = '';
    let last = 0;
    for (const m of re.findAll(input)) {
      const start = input.indexOf(m.groups[0]!, last);
      out +=
        input.slice(last, start) +
        toStr(a[2]).replace(/\$(\d+)/g, (_, g: string) => m.groups[Number(g)] ?? '');
      last = start + m.groups[0]!.length;
    }
    return out + input.slice(last);
  },
  remove_bad_chars: (a) => [...toStr(a[0])].filter((c) => !toStr(a[1]).includes(c)).join(''),
  trim: (a) => trimSet(toStr(a[0]), toStr(a[1]), true, true),
  trim_left: (a) => trimSet(toStr(a[0]), toStr(a[1]), true, false),
  trim_right: (a) => trimSet(toStr(a[0]), toStr(a[1]), false, true),
  trim_space: (a) => toStr(a[0]).trim(),
  trim_prefix: (a) => {
    const s = toStr(a[0]);
    const p = toStr(a[1]);
    return s.startsWith(p) ? s.slice(p.length) : s;
  },
  trim_suffix: (a) => {
    const s = toStr(a[0]);
    const p = toStr(a[1]);
    return p && s.endsWith(p) ? s.slice(0, -p.length) : s;
  },
  reverse: (a) => [...toStr(a[0])].reverse().join(''),
  repeat: (a) => toStr(a[0]).repeat(Math.max(0, toNum(a[1]))),
  substr: (a) => {
    const s = toStr(a[0]);
    const start = toNum(a[1]);
    return s.slice(start, a[2] === undefined ? undefined : toNum(a[2]));
  },
  index: (a) => (isList(a[0]) ? (a[0][toNum(a[1])] ?? '') : (toStr(a[0])[toNum(a[1])] ?? '')),
  count: (a) => toStr(a[0]).split(toStr(a[1])).length - 1,
  padding: (a) => {
    const s = toStr(a[0]);
    const pad = toStr(a[1]);
    const length = toNum(a[2]);
    return s.length >= length || !pad ? s : s + pad.repeat(length).slice(0, length - s.length);
  },
  to_number: (a) => toNum(a[0]),
  to_string: (a) => toStr(a[0]),
  dec_to_hex: (a) => Math.trunc(toNum(a[0])).toString(16),
  hex_to_dec: (a) => Number.parseInt(toStr(a[0]).replace(/^0x/i, ''), 16),
  oct_to_dec: (a) => Number.parseInt(toStr(a[0]).replace(/^0o?/i, ''), 8),
  bin_to_dec: (a) => Number.parseInt(toStr(a[0]).replace(/^0b/i, ''), 2),
  unix_time: (a) => Math.floor(Date.now() / 1000) + (a[0] === undefined ? 0 : toNum(a[0])),
  to_unix_time: (a) => Math.floor(Date.parse(toStr(a[0])) / 1000),
  date_time: (a) => goDate(toStr(a[0]), a[1] === undefined ? new Date() : new Date(toNum(a[1]) * 1000)),
  json_minify: (a) => JSON.stringify(JSON.parse(toStr(a[0]))),
  json_prettify: (a) => JSON.stringify(JSON.parse(toStr(a[0])), null, '    '),
  rand_base: (a) => randomFrom(a[1] === undefined ? ALPHA + DIGITS : toStr(a[1]), toNum(a[0] ?? 5)),
  rand_char: (a) => randomFrom(a[0] === undefined ? ALPHA + DIGITS : toStr(a[0]), 1),
  rand_text_alpha: (a) => randomFrom(ALPHA, toNum(a[0] ?? 5), toStr(a[1])),
  rand_text_alphanumeric: (a) => randomFrom(ALPHA + DIGITS, toNum(a[0] ?? 5), toStr(a[1])),
  rand_text_numeric: (a) => randomFrom(DIGITS, toNum(a[0] ?? 5), toStr(a[1])),
  rand_int: (a) => {
    const min = a[0] === undefined ? 0 : toNum(a[0]);
    const max = a[1] === undefined ? 2 ** 31 - 1 : toNum(a[1]);
    return randomInt(min, Math.max(min + 1, max));
  },
  rand_ip: () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  xor: (a) => {
    const parts = a.map(bytes);
    const out = Buffer.alloc(parts[0]?.length ?? 0);
    for (let i = 0; i < out.length; i++) out[i] = parts.reduce((x, p) => x ^ (p[i % p.length] ?? 0), 0);
    return latin1(out);
  },
  print_debug: () => true,
};

// Nuclei aliases: every helper also answers without underscores (`tolower`, `base64decode`).
const HELPERS = new Map<string, Helper>();
for (const [name, fn] of Object.entries(table)) {
  HELPERS.set(name, fn);
  HELPERS.set(name.replace(/_/g, ''), fn);
}

export const helperNames = (): string[] => Object.keys(table);

export function callHelper(name: string, args: readonly DslValue[]): DslValue {
  const fn = HELPERS.get(name);
  if (!fn) throw new DslError(`unknown function ${name}()`);
  return fn(args);
}

export const hasHelper = (name: string): boolean => HELPERS.has(name);
export { formatNumber };
