import type { Scope } from '../dsl/evaluate.js';
import { hasUnresolved, renderTemplate } from '../dsl/render.js';
import type { Target } from '../target.js';
import type { HttpBlock } from '../template-model.js';
import { crlfIfBare, parseRawRequest } from './raw-request.js';
import type { HttpRequestSpec } from './types.js';

export interface BuiltRequest {
  readonly spec: HttpRequestSpec;
  readonly timeoutMs?: number;
}

/** Appends the input's query parameters that the request does not already carry. */
export function mergeQuery(url: string, inputQuery: string): string {
  if (!inputQuery) return url;
  const hashless = url.split('#')[0]!;
  const [base, query = ''] = hashless.split(/\?(.*)/s) as [string, string?];
  const present = new Set(
    query
      .split('&')
      .filter(Boolean)
      .map((p) => p.split('=')[0]),
  );
  const extra = inputQuery.split('&').filter((p) => p && !present.has(p.split('=')[0]));
  if (extra.length === 0) return url;
  const merged = [query, ...extra].filter(Boolean).join('&');
  return `${base}?${merged}`;
}

/** Raw paths are appended to the input path: `GET /` means the input path itself. */
export function mergeRawPath(inputPath: string, rawPath: string): string {
  if (!inputPath || inputPath === '/' || !rawPath.startsWith('/')) return rawPath;
  const base = inputPath.replace(/\/$/, '');
  if (rawPath === '/') return inputPath;
  if (rawPath.startsWith('/?')) return `${inputPath}${rawPath.slice(1)}`;
  if (rawPath.startsWith(`${base}/`) || rawPath === base) return rawPath;
  return base + rawPath;
}

const hasHeader = (headers: readonly (readonly [string, string])[], name: string) =>
  headers.some(([k]) => k.toLowerCase() === name.toLowerCase());

// Header names are not templates (only values are rendered), so which default headers a block's
// requests need is known once per block instead of three scans of the headers per request.
interface Defaults {
  readonly userAgent: boolean;
  readonly accept: boolean;
  readonly language: boolean;
  /** `body:` with nuclei's CRLF rule applied (raw-request.ts crlfIfBare). */
  readonly body: string | undefined;
}
const blockDefaults = new WeakMap<HttpBlock, Defaults>();
function defaultsFor(block: HttpBlock): Defaults {
  let d = blockDefaults.get(block);
  if (!d) {
    d = {
      userAgent: !hasHeader(block.headers, 'user-agent'),
      accept: !hasHeader(block.headers, 'accept'),
      language: !hasHeader(block.headers, 'accept-language'),
      body: block.body === undefined ? undefined : crlfIfBare(block.body),
    };
    blockDefaults.set(block, d);
  }
  return d;
}

/** Builds a path-based request; undefined when a `{{variable}}` stays unresolved (skipped, as in Nuclei). */
export function buildPathRequest(
  block: HttpBlock,
  path: string,
  scope: Scope & { get(name: string): unknown },
  target: Target | undefined,
  userAgent: string,
): BuiltRequest | undefined {
  let rendered = renderTemplate(path, scope);
  // `{{BaseURL}}/x` must not produce `//x` when the input ends with a slash.
  const base = String(scope.get('BaseURL') ?? '');
  if (path.startsWith('{{BaseURL}}/') && base.endsWith('/'))
    rendered = base + rendered.slice(base.length + 1);
  const headers = block.headers.map(([k, v]) => [k, renderTemplate(v, scope)] as [string, string]);
  const d = defaultsFor(block);
  const body = d.body === undefined ? '' : renderTemplate(d.body, scope);
  if (
    !block.skipVariablesCheck &&
    (hasUnresolved(rendered) || hasUnresolved(body) || headers.some(([, v]) => hasUnresolved(v)))
  )
    return undefined;
  if (d.userAgent) headers.push(['User-Agent', userAgent]);
  if (d.accept) headers.push(['Accept', '*/*']);
  if (d.language) headers.push(['Accept-Language', 'en']);
  const url = target && !block.disablePathAutomerge ? mergeQuery(rendered, target.query) : rendered;
  return { spec: { method: block.method, url, headers, body } };
}

/** Builds a raw (or unsafe) request against the input's scheme and authority. */
export function buildRawRequest(
  block: HttpBlock,
  raw: string,
  scope: Scope,
  target: Target | undefined,
  rootUrl: string | undefined,
  userAgent: string,
): BuiltRequest | undefined {
  const text = renderTemplate(raw, scope);
  if (!block.skipVariablesCheck && hasUnresolved(text)) return undefined;
  const parsed = parseRawRequest(text);
  let path = parsed.target;
  let root = rootUrl;
  const absolute = /^(https?:\/\/[^/?#]+)(.*)$/i.exec(path);
  if (absolute) {
    path = absolute[2] || '/';
    root ??= absolute[1];
  }
  if (!root) {
    // Self-contained raw requests name their host in the Host header.
    const host = parsed.headers.find(([k]) => k.toLowerCase() === 'host')?.[1];
    if (!host) return undefined;
    root = `http://${host}`;
  }
  if (target && !block.disablePathAutomerge) path = mergeQuery(mergeRawPath(target.path, path), target.query);
  const url = `${root}${path.startsWith('/') ? '' : '/'}${path}`;
  if (block.unsafe) {
    const body = text.replace(/^(\s*@[^\n]*\n)+/, '').replace(/^\s*\n/, '');
    const crlf = body.includes('\r\n') ? body : body.replace(/\n/g, '\r\n');
    // The merged path goes into the request line; everything else stays byte-exact.
    const merged = target ? crlf.replace(/^(\S+[ \t]+)(\S+)/, (_, method: string) => method + path) : crlf;
    // YAML block scalars drop trailing blank lines; a request head must still end with an empty line.
    const bytes = merged.includes('\r\n\r\n') ? merged : `${merged.replace(/(\r\n)?$/, '')}\r\n\r\n`;
    return {
      spec: {
        method: parsed.method,
        url,
        headers: parsed.headers,
        body: parsed.body,
        rawBytes: bytes,
        connectTo: parsed.connectTo,
        sni: parsed.sni,
      },
      timeoutMs: parsed.timeoutMs,
    };
  }
  const headers = parsed.headers.filter(([k]) => k.toLowerCase() !== 'content-length') as [string, string][];
  if (!hasHeader(headers, 'user-agent')) headers.push(['User-Agent', userAgent]);
  return {
    spec: {
      method: parsed.method,
      url,
      headers,
      body: parsed.body,
      connectTo: parsed.connectTo,
      sni: parsed.sni,
    },
    timeoutMs: parsed.timeoutMs,
  };
}
