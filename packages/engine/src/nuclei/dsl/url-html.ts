import { decodeHTML } from 'entities';
import { toByteString } from '../util/bytes.js';

/*
 * url_encode, url_decode and html_unescape as projectdiscovery/dsl runs them (v0.4.0 on). Inputs
 * and outputs are byte strings (one char per byte, util/bytes.ts), as Go strings are bytes.
 */

const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
// `- _ . ! ~ * ' ( )` stay as they are unless every special character is to be encoded.
const MARKS = new Set([45, 95, 46, 33, 126, 42, 39, 40, 41]);
const hex2 = (b: number) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`;

/** Length of the valid UTF-8 sequence at `i`, or 0 when the byte starts none (Go reads U+FFFD). */
function utf8Length(s: string, i: number): number {
  const b = s.charCodeAt(i);
  const n = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 ? (b <= 0xef ? 3 : 0) : b >= 0xc2 && b <= 0xdf ? 2 : 0;
  if (n === 0 || i + n > s.length) return 0;
  for (let k = 1; k < n; k++) {
    const c = s.charCodeAt(i + k);
    if (c < 0x80 || c > 0xbf) return 0;
  }
  const second = s.charCodeAt(i + 1);
  // Overlong, surrogate and out-of-range forms are invalid in Go's decoder too.
  if (b === 0xe0 && second < 0xa0) return 0;
  if (b === 0xed && second > 0x9f) return 0;
  if (b === 0xf0 && second < 0x90) return 0;
  if (b === 0xf4 && second > 0x8f) return 0;
  return n;
}

/**
 * `url_encode(s[, true])`: letters, digits and `-_.!~*'()` stay (only letters and digits with
 * `true`); every other character is its UTF-8 bytes as `%XX` (a space is `%20`, never `+`).
 * A byte that starts no valid UTF-8 character is Go's U+FFFD, `%EF%BF%BD`.
 */
export function urlEncode(s: string, encodeAll: boolean): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      out += isAlnum(c) || (!encodeAll && MARKS.has(c)) ? s[i] : hex2(c);
      continue;
    }
    const n = utf8Length(s, i);
    if (n === 0) {
      out += '%EF%BF%BD';
      continue;
    }
    for (let k = 0; k < n; k++) out += hex2(s.charCodeAt(i + k));
    i += n - 1;
  }
  return out;
}

/** `url_decode(s)`: each `%XX` becomes its byte; anything else, `+` included, stays as it is. */
export function urlDecode(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    // dsl checks `i+2 < len(s)`, so a `%XX` that ends the string is decoded too (i+2 is its last byte).
    if (s[i] === '%' && i + 2 < s.length && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) {
      out += String.fromCharCode(Number.parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else out += s[i];
  }
  return out;
}

// What Go's html.UnescapeString reads as one entity: `&#…`/`&#x…` or `&name`, with an optional `;`.
const ENTITY = /&(?:#[xX][0-9a-fA-F]*;?|#[0-9]*;?|[a-zA-Z0-9]+;?)/g;

/**
 * `html_unescape(s)` as Go's html.UnescapeString: every HTML5 named entity (entities' table, the
 * same WHATWG list Go's is generated from), the legacy names without `;` by longest prefix, numeric
 * references with the Windows-1252 fix-ups; the result is UTF-8 bytes, the rest of `s` untouched.
 */
export function htmlUnescape(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (m) => toByteString(decodeHTML(m)));
}
