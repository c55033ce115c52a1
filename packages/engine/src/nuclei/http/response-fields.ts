import type { DslValue } from '../dsl/values.js';
import { asciiLower } from '../util/bytes.js';
import { LazyMap } from '../util/lazy-map.js';
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
export function responseFields(res: HttpResponse, host: string): LazyMap<string, DslValue> {
  const fields = new LazyMap<string, DslValue>();
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
  let dump: string | undefined;
  const header = () => {
    dump ??= headerDump(res);
    return dump;
  };
  fields.lazy('header', header);
  fields.lazy('all_headers', header);
  fields.lazy('response', () => header() + res.body);
  fields.lazy('raw', () => header() + res.body);
  fields.set('status_code', res.status);
  fields.set('content_length', declared === undefined ? res.body.length : Number(declared));
  if (!fields.has('content_type')) fields.set('content_type', '');
  fields.set('duration', res.durationMs / 1000);
  fields.lazy('request', () => res.requestDump);
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
