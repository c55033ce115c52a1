/**
 * The request a fuzzing rule alters: nuclei's base request (request_fuzz.go), kept in raw parts so
 * a rebuilt request changes only the fuzzed value (the path and query as written, headers in order).
 * All strings are byte strings (util/bytes.ts).
 */
import type { HttpRequestSpec } from '../http/types.js';
import { toByteString } from '../util/bytes.js';
import type { FuzzInput } from './fuzz-input.js';

export interface FuzzRequest {
  readonly method: string;
  /** `scheme://authority`. */
  readonly origin: string;
  /** The path as written (`/` when the URL has none). */
  readonly path: string;
  /** The query as written, without `?`; undefined when the URL has no `?`. */
  readonly query?: string;
  /** Headers in order, names in Go's canonical form (net/http keeps them so). */
  readonly headers: readonly (readonly [string, string])[];
  readonly body?: string;
}

const URL_PARTS = /^(https?:\/\/[^/?#]+)([^?#]*)(?:\?([^#]*))?/i;

/** `content-type` → `Content-Type`, as Go's textproto.CanonicalMIMEHeaderKey. */
export function canonicalHeader(name: string): string {
  if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) return name;
  return name.toLowerCase().replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
}

/** Sets a header as Go's Header.Set does: the first of that name replaced, later ones dropped. */
export function setHeader(
  headers: readonly (readonly [string, string])[],
  name: string,
  value: string,
): [string, string][] {
  const key = canonicalHeader(name);
  const out: [string, string][] = [];
  let done = false;
  for (const [k, v] of headers) {
    if (k.toLowerCase() !== key.toLowerCase()) out.push([k, v]);
    else if (!done) {
      out.push([key, value]);
      done = true;
    }
  }
  if (!done) out.push([key, value]);
  return out;
}

/**
 * The base request of one input: its method, URL, headers and body (a URL-only input is a GET with
 * the scan's User-Agent), then the template's `headers:` set on it (request_fuzz.go
 * addHeadersToRequest) and the scan's `-H` headers.
 */
export function baseRequest(
  input: FuzzInput,
  templateHeaders: readonly (readonly [string, string])[],
  scanHeaders: readonly (readonly [string, string])[],
  userAgent: string,
): FuzzRequest {
  const url = toByteString(input.url);
  const m = URL_PARTS.exec(url);
  if (!m) throw new Error(`not an http(s) URL: ${input.url}`);
  let headers: [string, string][] = input.headers.map(([k, v]) => [
    canonicalHeader(toByteString(k)),
    toByteString(v),
  ]);
  if (!headers.some(([k]) => k === 'User-Agent')) headers.unshift(['User-Agent', userAgent]);
  for (const [k, v] of [...templateHeaders, ...scanHeaders]) headers = setHeader(headers, k, v);
  // The client writes Host and Content-Length for the request it sends.
  headers = headers.filter(([k]) => k !== 'Host' && k !== 'Content-Length');
  const body = input.body === undefined || input.body === '' ? undefined : toByteString(input.body);
  return {
    method: input.method.toUpperCase() || 'GET',
    origin: m[1]!,
    path: m[2] || '/',
    ...(m[3] !== undefined ? { query: m[3] } : {}),
    headers,
    ...(body !== undefined ? { body } : {}),
  };
}

/** The URL of a request: origin, path and query as they go on the wire. */
export function requestUrl(r: FuzzRequest): string {
  return r.query === undefined || r.query === '' ? r.origin + r.path : `${r.origin}${r.path}?${r.query}`;
}

export function toSpec(r: FuzzRequest): HttpRequestSpec {
  return { method: r.method, url: requestUrl(r), headers: r.headers, body: r.body ?? '' };
}
