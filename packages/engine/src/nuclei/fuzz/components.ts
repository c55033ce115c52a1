/**
 * The parts of a request a rule fuzzes, as nuclei's pkg/fuzz/component: each parses the base
 * request into ordered keys and values, lets values be set (nuclei's SetParsedValue typing: a
 * number takes only an integer, a boolean only a boolean, a list has its last item replaced) and
 * rebuilds the request with only that part changed.
 */
import { type BodyFormat, parseBody } from './body-formats.js';
import { canonicalHeader, type FuzzRequest } from './fuzz-request.js';
import type { FuzzPart } from './fuzz-rules.js';
import { decodeParams, encodeParams, valueText } from './param-encoding.js';

export class Component {
  constructor(
    readonly name: FuzzPart,
    private readonly values: Map<string, unknown>,
    private readonly rebuildWith: (values: ReadonlyMap<string, unknown>) => FuzzRequest,
    /** Keys listed for fuzzing (header: nuclei's ignored headers and body `#_` keys are not). */
    private readonly fuzzable: (key: string) => boolean = () => true,
  ) {}

  /** Fuzzable keys and values, in order. */
  entries(): [string, unknown][] {
    const out: [string, unknown][] = [];
    for (const [k, v] of this.values) if (this.fuzzable(k)) out.push([k, v]);
    return out;
  }

  get(key: string): unknown {
    return this.values.get(key);
  }

  /** False when the value cannot take this text (an integer field given `1'`): nuclei skips the key. */
  set(key: string, value: string): boolean {
    if (key === '') return false;
    const orig = this.values.get(key);
    let next: unknown;
    if (orig === undefined || orig === null) next = value;
    else if (Array.isArray(orig)) next = orig.length > 0 ? [...orig.slice(0, -1), value] : orig;
    else if (typeof orig === 'string') next = value;
    else if (typeof orig === 'number') {
      // strconv.ParseInt(value, 10, 64)
      if (!/^[+-]?\d+$/.test(value)) return false;
      const n = Number(value);
      if (!Number.isSafeInteger(n) && Math.abs(n) > 9.2e18) return false;
      next = n;
    } else if (typeof orig === 'boolean') {
      // strconv.ParseBool
      if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) next = true;
      else if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) next = false;
      else return false;
    } else next = orig;
    this.values.set(key, next);
    return true;
  }

  /** Puts a value back exactly as it was (after a single-mode request). */
  restore(key: string, value: unknown): void {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, value);
  }

  rebuild(): FuzzRequest {
    return this.rebuildWith(this.values);
  }

  clone(): Component {
    return new Component(this.name, new Map(this.values), this.rebuildWith, this.fuzzable);
  }
}

/** The component of `part` in the base request, or undefined when the request has none. */
export function parseComponent(part: FuzzPart, base: FuzzRequest): Component | undefined {
  switch (part) {
    case 'query':
      return queryComponent(base);
    case 'path':
      return pathComponent(base);
    case 'header':
      return headerComponent(base);
    case 'cookie':
      return cookieComponent(base);
    case 'body':
      return bodyComponent(base);
  }
}

function queryComponent(base: FuzzRequest): Component | undefined {
  if (!base.query) return undefined;
  const values = decodeParams(base.query);
  if (values.size === 0) return undefined;
  return new Component('query', values, (v) => ({ ...base, query: encodeParams(v) }));
}

// What may not appear as is in a request line's path: it is percent-encoded, the rest of a
// payload (`'`, `"`, `<`, `../`) goes as written (nuclei sets the path unescaped).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the range is the point
const PATH_UNSAFE = /[\x00-\x20\x7f-\xff#?]/g;
const pathEscape = (s: string) =>
  s.replace(PATH_UNSAFE, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/** Path segments keyed `1`, `2`… (1-based, empty segments skipped), as nuclei's path component. */
function pathComponent(base: FuzzRequest): Component {
  const split = base.path.split('/');
  const values = new Map<string, unknown>();
  for (const segment of split) if (segment !== '') values.set(String(values.size + 1), segment);
  return new Component('path', values, (v) => {
    let index = 0;
    const rebuilt = split.map((segment) => {
      if (segment === '') return segment;
      const key = String(++index);
      const value = v.get(key);
      const text = value === undefined || value === '' ? segment : valueText(value);
      return text === segment ? segment : pathEscape(text);
    });
    return { ...base, path: rebuilt.join('/') || '/' };
  });
}

/** Headers nuclei never fuzzes (component/headers.go defaultIgnoredHeaderKeys). */
const IGNORED_HEADERS = new Set(
  [
    'Accept-Charset',
    'Accept-Datetime',
    'Accept-Encoding',
    'Accept-Language',
    'Accept',
    'Access-Control-Request-Headers',
    'Access-Control-Request-Method',
    'Authorization',
    'Cache-Control',
    'Connection',
    'Cookie',
    'Content-Length',
    'Content-Type',
    'Date',
    'Dnt',
    'Expect',
    'Forwarded',
    'From',
    'Host',
    'If-Match',
    'If-Modified-Since',
    'If-None-Match',
    'If-Range',
    'If-Unmodified-Since',
    'Max-Forwards',
    'Pragma',
    'Priority',
    'Proxy-Authorization',
    'Range',
    'Sec-Ch-Ua',
    'Sec-Ch-Ua-Mobile',
    'Sec-Ch-Ua-Platform',
    'Sec-Fetch-Dest',
    'Sec-Fetch-Mode',
    'Sec-Fetch-Site',
    'Sec-Fetch-User',
    'TE',
    'Upgrade',
    'Via',
    'Warning',
    'Upgrade-Insecure-Requests',
    'X-CSRF-Token',
    'X-Requested-With',
    'Strict-Transport-Security',
    'Content-Security-Policy',
    'X-Content-Type-Options',
    'X-Frame-Options',
    'X-XSS-Protection',
    'Public-Key-Pins',
    'Referrer-Policy',
    'Access-Control-Allow-Origin',
    'Access-Control-Allow-Credentials',
    'Access-Control-Expose-Headers',
    'Access-Control-Max-Age',
    'Access-Control-Allow-Methods',
    'Access-Control-Allow-Headers',
    'Server',
    'X-Powered-By',
    'X-AspNet-Version',
    'X-AspNetMvc-Version',
    'ETag',
    'Vary',
    'Expires',
    'Last-Modified',
    'X-Cache',
    'X-Proxy-ID',
    'CF-Ray',
    'X-Served-By',
    'X-Cache-Hits',
    'Content-Encoding',
    'Transfer-Encoding',
    'Location',
    'WWW-Authenticate',
    'Proxy-Authenticate',
    'X-Access-Token',
    'X-Refresh-Token',
    'Link',
    'X-Content-Duration',
    'X-UA-Compatible',
    'X-RateLimit-Limit',
    'X-RateLimit-Remaining',
    'X-RateLimit-Reset',
  ].map(canonicalHeader),
);

function headerComponent(base: FuzzRequest): Component {
  const values = new Map<string, unknown>();
  for (const [k, v] of base.headers) {
    const prior = values.get(k);
    values.set(k, prior === undefined ? v : Array.isArray(prior) ? [...prior, v] : [prior, v]);
  }
  return new Component(
    'header',
    values,
    (v) => {
      // Go's Header.Set: names canonical, a later key of the same name replaces the earlier.
      const out = new Map<string, string[]>();
      for (const [key, value] of v) {
        const name = canonicalHeader(key);
        if (name.trim() === '' || name === 'Host') continue;
        out.set(name, (Array.isArray(value) ? value : [value]).map(valueText));
      }
      const headers: [string, string][] = [];
      for (const [name, list] of out) for (const item of list) headers.push([name, item]);
      return { ...base, headers };
    },
    (key) => !IGNORED_HEADERS.has(key),
  );
}

// Cookie values as Go's net/http writes them (sanitizeCookieValue): bytes a cookie value may not
// hold are dropped, and a value with a space or comma is quoted.
function cookieValue(v: string): string {
  let out = '';
  for (const c of v) {
    const b = c.charCodeAt(0);
    if (b >= 0x20 && b < 0x7f && c !== '"' && c !== ';' && c !== '\\') out += c;
  }
  return /[ ,]/.test(out) ? `"${out}"` : out;
}

function cookieComponent(base: FuzzRequest): Component | undefined {
  const values = new Map<string, unknown>();
  for (const [k, v] of base.headers) {
    if (k !== 'Cookie') continue;
    for (const pair of v.split(';')) {
      const trimmed = pair.trim();
      if (trimmed === '') continue;
      const eq = trimmed.indexOf('=');
      const name = eq === -1 ? trimmed : trimmed.slice(0, eq);
      let value = eq === -1 ? '' : trimmed.slice(eq + 1);
      if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      if (name !== '') values.set(name, value);
    }
  }
  if (values.size === 0) return undefined;
  return new Component('cookie', values, (v) => {
    const line = [...v].map(
      ([name, value]) => `${name.replace(/[\r\n]/g, '-')}=${cookieValue(valueText(value))}`,
    );
    const headers: [string, string][] = [];
    let placed = false;
    for (const [k, value] of base.headers) {
      if (k !== 'Cookie') headers.push([k, value]);
      else if (!placed) {
        headers.push(['Cookie', line.join('; ')]);
        placed = true;
      }
    }
    return { ...base, headers };
  });
}

function bodyComponent(base: FuzzRequest): Component | undefined {
  if (base.body === undefined || base.body === '') return undefined;
  const contentType = base.headers.find(([k]) => k === 'Content-Type')?.[1] ?? '';
  let format: BodyFormat;
  try {
    format = parseBody(base.body, contentType);
  } catch {
    return undefined;
  }
  return new Component(
    'body',
    format.values,
    (v) => ({ ...base, body: format.encode(v) }),
    (key) => !key.startsWith('#_'),
  );
}
