/**
 * The common shape of template YAML, read in one pass over its lines: block maps and lists,
 * one-line plain and quoted scalars, `|` and `|-` literals, one-line flow lists. On loading the
 * community corpus js-yaml was a third of the time, and no library measured was both faster and
 * as strict (lightning-yaml keeps the last of duplicate keys and drops unknown tags; see
 * docs/benchmarks.md). This reader answers only where it is sure to build exactly what js-yaml
 * builds with fast-yaml's schema; anything else (anchors, tags, folded or multi-line scalars,
 * flow maps, tabs, CR line ends, a duplicate key, a line it does not expect) gives undefined and
 * js-yaml reads the text as before. `test/templates/subset-yaml.test.ts` compares both readers.
 *
 * Positions are offsets into the whole text (no string per line): reading characters of slices
 * cost more than everything else together.
 */
import { plainValue } from './plain-scalar.js';

/** Thrown to give the text to js-yaml; not an Error (no stack to capture). */
const NOT_SUBSET = Symbol('not subset');

const NOT_PRINTABLE_ASCII = /[^\n\x20-\x7E]/;
// What js-yaml refuses in scalars (its PATTERN_NON_PRINTABLE); refused anywhere here.
const NON_PRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;

const SPACE = 32;
const DQUOTE = 34;
const HASH = 35;
const SQUOTE = 39;
const COMMA = 44;
const DASH = 45;
const COLON = 58;
const OPEN_BRACKET = 91;
const BACKSLASH = 92;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const PIPE = 124;
const CLOSE_BRACE = 125;

/** Characters that cannot start a plain scalar here (YAML indicators, and `?`/`:` to stay simple). */
const NOT_PLAIN_START = new Set('[]{},#&*!|>\'"%@`?:'.split('').map((c) => c.charCodeAt(0)));

// js-yaml's one-character escapes of double-quoted scalars.
const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\x00',
  a: '\x07',
  b: '\x08',
  t: '\t',
  n: '\n',
  v: '\x0B',
  f: '\x0C',
  r: '\r',
  e: '\x1B',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\x85',
  _: '\xA0',
  L: '\u2028',
  P: '\u2029',
};
const HEX_ESCAPE_LENGTH: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };
const HEX = /^[0-9a-fA-F]+$/;

function notSubset(): never {
  throw NOT_SUBSET;
}

/** Plain data of `source` when it is in the subset this reader knows, else undefined. */
export function subsetLoad(source: string): Record<string, unknown> | undefined {
  // Most templates are printable ASCII: one quick look spares the longer checks.
  if (
    NOT_PRINTABLE_ASCII.test(source) &&
    (source.includes('\t') ||
      source.includes('\r') ||
      source.charCodeAt(0) === 0xfeff ||
      NON_PRINTABLE.test(source))
  )
    return undefined;
  try {
    return new SubsetReader(source).document();
  } catch {
    // NOT_SUBSET, or the stack running out on thousands of nested levels (a hostile template):
    // js-yaml and then the `yaml` path decide, as they did before this reader.
    return undefined;
  }
}

// Keys seen lately, by a hash of their length and two characters: most keys of a template are
// the same few dozen names, and one string per name spares a slice per key.
const KEY_SLOTS = 1024;
const recentKeys: string[] = new Array<string>(KEY_SLOTS).fill('');

class SubsetReader {
  /** The current line: its first character and the position of its line end (or the text's end). */
  private start = 0;
  private end: number;
  /** Where the last key, quoted scalar or flow list read ended (after its `:` or closing mark). */
  private after = 0;

  constructor(private readonly src: string) {
    this.end = this.lineEnd(0);
  }

  document(): Record<string, unknown> {
    if (this.nextIndent() !== 0) notSubset();
    const root = this.map(0, false);
    if (this.nextIndent() !== -1) notSubset();
    return root;
  }

  private lineEnd(from: number): number {
    const i = this.src.indexOf('\n', from);
    return i === -1 ? this.src.length : i;
  }

  private nextLine(): void {
    this.start = this.end + 1;
    this.end = this.start > this.src.length ? this.start : this.lineEnd(this.start);
  }

  private skipSpaces(from: number): number {
    const { src } = this;
    let i = from;
    while (src.charCodeAt(i) === SPACE) i++;
    return i;
  }

  /** Whether only spaces and perhaps a comment follow `from` (a comment needs a space before it). */
  private endsLine(from: number): boolean {
    const i = this.skipSpaces(from);
    return i === this.end || (this.src.charCodeAt(i) === HASH && i > from);
  }

  /** A `-` entry of a block list at position `p`. */
  private isListEntry(p: number): boolean {
    return this.src.charCodeAt(p) === DASH && (p + 1 === this.end || this.src.charCodeAt(p + 1) === SPACE);
  }

  /** Moves past blank and comment lines; the indent of the next line with content, or -1 at the end. */
  private nextIndent(): number {
    for (; this.start <= this.src.length; this.nextLine()) {
      const p = this.skipSpaces(this.start);
      if (p < this.end && this.src.charCodeAt(p) !== HASH) return p - this.start;
    }
    return -1;
  }

  /**
   * A block map at column `indent`. `inline`: its first key is on the current line at that column,
   * after a list entry's `- ` (the line's own indent is the list's).
   */
  private map(indent: number, inline: boolean): Record<string, unknown> {
    const map: Record<string, unknown> = {};
    let entries = 0;
    for (let first = inline; ; first = false) {
      if (!first) {
        const n = this.nextIndent();
        if (n < indent) break;
        if (n > indent) notSubset();
        if (this.isListEntry(this.start + n)) notSubset();
      }
      const key = this.key(this.start + indent);
      if (key === '__proto__') notSubset();
      map[key] = this.valueAfter(this.after, indent, true);
      entries++;
    }
    // A key written twice (js-yaml refuses it) left fewer keys than entries: counted once here,
    // since a lookup per key before adding it cost more than the rest of reading the map.
    if (Object.keys(map).length !== entries) notSubset();
    return map;
  }

  /** The key at `p` (`after`: the position after its `:`); not a key: not in the subset. */
  private key(p: number): string {
    const { src } = this;
    const c = src.charCodeAt(p);
    if (c === DQUOTE || c === SQUOTE) {
      const text = c === DQUOTE ? this.doubleQuoted(p) : this.singleQuoted(p);
      const end = this.after;
      if (src.charCodeAt(end) !== COLON || !(end + 1 === this.end || src.charCodeAt(end + 1) === SPACE))
        notSubset();
      this.after = end + 1;
      return text;
    }
    const end = this.plainKeyEnd(p);
    if (end === -1) notSubset();
    const key = this.knownKey(p, end);
    // `true:`, `Null:` and the like are typed by js-yaml, then turned into other text.
    if (plainValue(key) !== key) notSubset();
    this.after = end + 1;
    return key;
  }

  /**
   * The position of the `:` ending a plain key at `p` (a letter or `_`, then letters, digits and
   * `_./-`, then `:` and a space or the line end), or -1.
   */
  private plainKeyEnd(p: number): number {
    const { src } = this;
    const c = src.charCodeAt(p);
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95)) return -1;
    for (let i = p + 1; i < this.end; i++) {
      const ch = src.charCodeAt(i);
      if ((ch >= 97 && ch <= 122) || (ch >= 65 && ch <= 90) || (ch >= 45 && ch <= 57) || ch === 95) continue;
      // 45–57 above: `-`, `.`, `/` and the digits.
      if (ch === COLON && (i + 1 === this.end || src.charCodeAt(i + 1) === SPACE)) return i;
      return -1;
    }
    return -1;
  }

  private knownKey(p: number, end: number): string {
    const { src } = this;
    const length = end - p;
    const slot = (length * 31 + src.charCodeAt(p) * 7 + src.charCodeAt(end - 1)) & (KEY_SLOTS - 1);
    const cached = recentKeys[slot]!;
    if (cached.length === length && src.startsWith(cached, p)) return cached;
    const key = src.slice(p, end);
    recentKeys[slot] = key;
    return key;
  }

  /**
   * The value after a key's `:` (or a list entry's `-`) at `from` on the current line, whose node
   * sits at column `indent`; moves to the line after it. `inMap`: a list may start at the key's indent.
   */
  private valueAfter(from: number, indent: number, inMap: boolean): unknown {
    const p = this.skipSpaces(from);
    // After `: ` or `- ` a `#` always follows a space: a comment.
    if (p < this.end && this.src.charCodeAt(p) !== HASH) return this.inline(p, indent);
    this.nextLine();
    const n = this.nextIndent();
    if (n > indent) return this.node(n);
    if (inMap && n === indent && this.isListEntry(this.start + n)) return this.list(n);
    return null;
  }

  /** A list or map starting on the current line at column `n`. */
  private node(n: number): unknown {
    return this.isListEntry(this.start + n) ? this.list(n) : this.map(n, false);
  }

  private list(indent: number): unknown[] {
    const list: unknown[] = [];
    const { src } = this;
    for (;;) {
      const n = this.nextIndent();
      if (n < indent) break;
      if (n > indent) notSubset();
      const dash = this.start + n;
      if (!this.isListEntry(dash)) break;
      const p = this.skipSpaces(dash + 1);
      if (p === this.end || src.charCodeAt(p) === HASH) {
        const value = this.valueAfter(dash + 1, n, false);
        // js-yaml files an entry less indented than an empty `-` into the same list (its sequence
        // loop skips the indent check after an empty entry); YAML says otherwise: left to js-yaml.
        if (value === null) {
          const next = this.nextIndent();
          if (next !== -1 && next < n) notSubset();
        }
        list.push(value);
      } else if (this.isListEntry(p)) notSubset();
      else if (this.startsKey(p)) list.push(this.map(p - this.start, true));
      else list.push(this.inline(p, n));
    }
    return list;
  }

  /** Whether a map's first key starts at `p` (a plain key, or a quoted one followed by `:`). */
  private startsKey(p: number): boolean {
    const c = this.src.charCodeAt(p);
    if (c === DQUOTE || c === SQUOTE) {
      if (c === DQUOTE) this.doubleQuoted(p);
      else this.singleQuoted(p);
      return this.src.charCodeAt(this.after) === COLON;
    }
    return this.plainKeyEnd(p) !== -1;
  }

  /** A value written on the line at `p` (not empty); `indent` is its node's column, for literals. */
  private inline(p: number, indent: number): unknown {
    const c = this.src.charCodeAt(p);
    let value: unknown;
    if (c === DQUOTE) value = this.doubleQuoted(p);
    else if (c === SQUOTE) value = this.singleQuoted(p);
    else if (c === PIPE) return this.literal(p, indent);
    else if (c === OPEN_BRACKET) value = this.flowList(p);
    else if (c === OPEN_BRACE && this.src.charCodeAt(p + 1) === CLOSE_BRACE) {
      value = {};
      this.after = p + 2;
    } else return this.plainLine(p);
    if (!this.endsLine(this.after)) notSubset();
    this.nextLine();
    return value;
  }

  /** A one-line plain scalar at `p`, typed as fast-yaml's schema types it. */
  private plainLine(p: number): unknown {
    const { src } = this;
    const c = src.charCodeAt(p);
    if (NOT_PLAIN_START.has(c) || (c === DASH && (p + 1 === this.end || src.charCodeAt(p + 1) === SPACE)))
      notSubset();
    let end = this.end;
    for (let i = p + 1; i < this.end; i++) {
      const ch = src.charCodeAt(i);
      if (ch === HASH && src.charCodeAt(i - 1) === SPACE) {
        end = i;
        break;
      }
      // `a: b` as a value is an error in YAML; a trailing `:` would start a map.
      if (ch === COLON && (i + 1 === this.end || src.charCodeAt(i + 1) === SPACE)) notSubset();
    }
    while (src.charCodeAt(end - 1) === SPACE) end--;
    this.nextLine();
    return plainValue(src.slice(p, end));
  }

  /** A `|` or `|-` literal whose header is at `p`; its lines are indented past column `indent`. */
  private literal(p: number, indent: number): string {
    const { src } = this;
    let at = p + 1;
    const strip = src.charCodeAt(at) === DASH;
    if (strip) at++;
    if (!this.endsLine(at)) notSubset();
    this.nextLine();
    // The first line decides the indentation; blank lines before it (whose spaces would count) are
    // left to js-yaml, as is an empty literal.
    if (this.start >= src.length) notSubset();
    const textIndent = this.skipSpaces(this.start) - this.start;
    if (this.start + textIndent === this.end || textIndent <= indent) notSubset();
    const parts: string[] = [];
    let empties = 0;
    for (; this.start <= src.length; this.nextLine()) {
      const n = this.skipSpaces(this.start) - this.start;
      if (this.start + n === this.end && n <= textIndent) {
        empties++;
        continue;
      }
      if (n < textIndent) break;
      for (; empties > 0; empties--) parts.push('');
      parts.push(src.slice(this.start + textIndent, this.end));
    }
    const body = parts.join('\n');
    return strip ? body : `${body}\n`;
  }

  /** A double-quoted scalar closed on the same line (`after`: past the quote). */
  private doubleQuoted(p: number): string {
    const { src } = this;
    let out = '';
    let from = p + 1;
    for (let i = from; i < this.end; i++) {
      const c = src.charCodeAt(i);
      if (c === DQUOTE) {
        this.after = i + 1;
        return from === p + 1 ? src.slice(from, i) : out + src.slice(from, i);
      }
      if (c !== BACKSLASH) continue;
      out += src.slice(from, i);
      if (i + 1 >= this.end) notSubset();
      const e = src[i + 1]!;
      if (Object.hasOwn(ESCAPES, e)) {
        out += ESCAPES[e];
        i++;
      } else {
        if (!Object.hasOwn(HEX_ESCAPE_LENGTH, e)) notSubset();
        const length = HEX_ESCAPE_LENGTH[e]!;
        const hex = src.slice(i + 2, i + 2 + length);
        if (i + 2 + length > this.end || !HEX.test(hex)) notSubset();
        const code = Number.parseInt(hex, 16);
        if (code > 0x10ffff) notSubset();
        out += code <= 0xffff ? String.fromCharCode(code) : String.fromCodePoint(code);
        i += 1 + length;
      }
      from = i + 1;
    }
    return notSubset();
  }

  /** A single-quoted scalar closed on the same line (`''` is a quote). */
  private singleQuoted(p: number): string {
    const { src } = this;
    let out = '';
    let from = p + 1;
    for (let i = from; i < this.end; i++) {
      if (src.charCodeAt(i) !== SQUOTE) continue;
      out += src.slice(from, i);
      if (src.charCodeAt(i + 1) !== SQUOTE || i + 1 >= this.end) {
        this.after = i + 1;
        return out;
      }
      out += "'";
      i++;
      from = i + 1;
    }
    return notSubset();
  }

  /** `[a, "b", 3]` on one line: quoted or simple plain items, no nesting, no empty item. */
  private flowList(p: number): unknown[] {
    const { src } = this;
    const items: unknown[] = [];
    let i = this.skipSpaces(p + 1);
    if (src.charCodeAt(i) === CLOSE_BRACKET) {
      this.after = i + 1;
      return items;
    }
    for (;;) {
      const c = src.charCodeAt(i);
      if (c === DQUOTE || c === SQUOTE) {
        items.push(c === DQUOTE ? this.doubleQuoted(i) : this.singleQuoted(i));
        i = this.skipSpaces(this.after);
      } else {
        let end = i;
        for (; end < this.end; end++) {
          const ch = src.charCodeAt(end);
          if (ch === COMMA || ch === CLOSE_BRACKET) break;
          // Nesting, quotes inside, maps, comments: js-yaml decides.
          if (
            ch === OPEN_BRACKET ||
            ch === OPEN_BRACE ||
            ch === CLOSE_BRACE ||
            ch === DQUOTE ||
            ch === SQUOTE ||
            ch === COLON ||
            ch === HASH
          )
            notSubset();
        }
        let last = end;
        while (last > i && src.charCodeAt(last - 1) === SPACE) last--;
        // A lone `-` (or `- `) cannot start a plain scalar either.
        if (
          last === i ||
          NOT_PLAIN_START.has(c) ||
          (c === DASH && (last === i + 1 || src.charCodeAt(i + 1) === SPACE))
        )
          notSubset();
        items.push(plainValue(src.slice(i, last)));
        i = end;
      }
      if (i >= this.end) notSubset();
      const sep = src.charCodeAt(i);
      if (sep === CLOSE_BRACKET) {
        this.after = i + 1;
        return items;
      }
      if (sep !== COMMA) notSubset();
      i = this.skipSpaces(i + 1);
    }
  }
}
