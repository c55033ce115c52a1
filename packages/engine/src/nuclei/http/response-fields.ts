import type { DslValue } from '../dsl/values.js';
import { asciiLower } from '../util/bytes.js';
import type { HttpResponse } from './types.js';

/** Go's textproto canonical form: `content-type` → `Content-Type`. */
export const canonicalHeader = (name: string): string =>
  name
    .toLowerCase()
    .split('-')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join('-');

// The header dump is read by every `part: header` matcher, so its per-header name work is cached
// like the field names below (same bound, same reason).
const canonicalNames = new Map<string, string>();
function cachedCanonical(name: string): string {
  let canonical = canonicalNames.get(name);
  if (canonical === undefined) {
    canonical = canonicalHeader(name);
    if (canonicalNames.size >= 4096) canonicalNames.clear();
    canonicalNames.set(name, canonical);
  }
  return canonical;
}

/** Go's httputil.DumpResponse head: status line, then headers canonicalised and sorted by name. */
export function headerDump(res: HttpResponse): string {
  const sorted = res.headers
    .map(([k, v]) => [cachedCanonical(k), v] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  let lines = '';
  for (const [k, v] of sorted) lines += `${k}: ${v}\r\n`;
  return `HTTP/${res.httpVersion} ${res.status} ${res.statusText}\r\n${lines}\r\n`;
}

// Header names repeat across responses (a handful per server), and lowercasing with a regex
// callback for every header of every response showed in the profile. Bounded so that servers
// sending random header names cannot grow it without limit.
const fieldNames = new Map<string, string>();
function fieldName(header: string): string {
  let key = fieldNames.get(header);
  if (key === undefined) {
    key = asciiLower(header).replace(/-/g, '_');
    if (fieldNames.size >= 4096) fieldNames.clear();
    fieldNames.set(header, key);
  }
  return key;
}

/**
 * The fields an HTTP response exposes to matchers and the DSL. Header names are lowercased with
 * `-` → `_`; cookies appear under their lowercased names.
 */
// Fields computed on first read, in the order `materialize` adds them. Few templates read them,
// and the sorted header dump is the costly one.
const LAZY_FIELDS = ['header', 'all_headers', 'response', 'raw', 'request'] as const;
const ALL_PENDING = (1 << LAZY_FIELDS.length) - 1;
const lazyIndex = (key: string): number => LAZY_FIELDS.indexOf(key as (typeof LAZY_FIELDS)[number]);

/**
 * The response's field map. It replaces a general lazy map (a second Map of thunks and five
 * closures for every response): the lazy fields are a bit set computed from the response, so a
 * response costs one Map. Reads, `has`, writes and `materialize` behave as with the thunks: a
 * pending field reads as present, a write replaces it, and it is computed once.
 */
export class ResponseFieldMap extends Map<string, DslValue> {
  private pending = 0;
  private dump: string | undefined;
  private res: HttpResponse | undefined;

  /** From here on the lazy fields shadow whatever the headers stored under their names. */
  armLazy(res: HttpResponse): void {
    this.res = res;
    this.pending = ALL_PENDING;
  }

  override get(key: string): DslValue | undefined {
    if (this.pending !== 0) {
      const i = lazyIndex(key);
      if (i >= 0 && (this.pending & (1 << i)) !== 0) {
        this.pending &= ~(1 << i);
        super.set(key, this.compute(i));
      }
    }
    return super.get(key);
  }

  override has(key: string): boolean {
    if (this.pending !== 0) {
      const i = lazyIndex(key);
      if (i >= 0 && (this.pending & (1 << i)) !== 0) return true;
    }
    return super.has(key);
  }

  override set(key: string, value: DslValue): this {
    if (this.pending !== 0) {
      const i = lazyIndex(key);
      if (i >= 0) this.pending &= ~(1 << i);
    }
    return super.set(key, value);
  }

  /** Computes every pending value, so iteration sees all entries. */
  materialize(): this {
    for (let i = 0; i < LAZY_FIELDS.length; i++) this.get(LAZY_FIELDS[i]!);
    return this;
  }

  /**
   * Head dump plus body, for a finding's evidence, its first `limit` characters: the head dump is
   * built once per response. Cut before joining: a whole capped body joined to its head and then
   * cut was a 10 MiB copy for each finding, which the evidence, a slice of it, kept alive.
   */
  responseDump(limit = Number.POSITIVE_INFINITY): string {
    const res = this.res!;
    this.dump ??= headerDump(res);
    return evidenceOf(this.dump, res.body, limit);
  }

  private compute(i: number): string {
    const res = this.res!;
    if (i === 4) return res.requestDump;
    this.dump ??= headerDump(res);
    return i < 2 ? this.dump : this.dump + res.body;
  }
}

/** `head + body` cut to `limit` characters, without joining the whole body first. */
export function evidenceOf(head: string, body: string, limit: number): string {
  const room = limit - head.length;
  if (room <= 0) return head.slice(0, limit);
  return head + (body.length > room ? body.slice(0, room) : body);
}

/**
 * The fields an HTTP response exposes to matchers and the DSL. Header names are lowercased with
 * `-` → `_`; cookies appear under their lowercased names.
 */
export function responseFields(res: HttpResponse, host: string): ResponseFieldMap {
  const fields = new ResponseFieldMap();
  for (const [name, value] of res.headers) {
    const key = fieldName(name);
    const prior = fields.get(key);
    fields.set(key, prior === undefined ? value : `${prior} ${value}`);
    if (key === 'set_cookie') {
      const pair = value.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq > 0) fields.set(asciiLower(pair.slice(0, eq).trim()), pair.slice(eq + 1).trim());
    }
  }
  const declared = fields.get('content_length');
  fields.set('body', res.body);
  fields.armLazy(res);
  fields.set('status_code', res.status);
  fields.set('content_length', declared === undefined ? res.body.length : Number(declared));
  if (!fields.has('content_type')) fields.set('content_type', '');
  fields.set('duration', res.durationMs / 1000);
  fields.set('host', host);
  fields.set('matched', res.url);
  fields.set('url', res.url);
  if (res.ip) fields.set('ip', res.ip);
  return fields;
}

/** The response fields that `_N` history keeps (`body_2`, `status_code_1`, …). */
export const HISTORY_FIELDS = [
  'body',
  'header',
  'all_headers',
  'response',
  'raw',
  'status_code',
  'content_length',
  'content_type',
  'duration',
  'request',
];
