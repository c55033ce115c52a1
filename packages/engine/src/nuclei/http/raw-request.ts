/** A raw request after `{{…}}` rendering, split into its parts. */
export interface RawRequest {
  readonly method: string;
  /** The request-line target as written (a path, or an absolute URL). */
  readonly target: string;
  readonly version: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: string;
  /** `@Host:` — connect here instead of the input host. */
  readonly connectTo?: string;
  readonly sni?: string;
  readonly timeoutMs?: number;
}

const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m)?$/;

export function parseDuration(text: string): number | undefined {
  const m = DURATION.exec(text.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  return m[2] === 'ms' ? n : m[2] === 'm' ? n * 60_000 : n * 1000;
}

/**
 * nuclei's compile step (http.go): a raw request or `body:` without any CRLF has its LFs turned
 * into CRLFs; one that has a CRLF anywhere is kept as written. Applied to the template text,
 * before `{{…}}` values are put in, so the values' own line endings are never changed.
 */
export const crlfIfBare = (text: string): string =>
  text.includes('\r\n') || !text.includes('\n') ? text : text.replace(/\n/g, '\r\n');

/**
 * Parses a raw HTTP request with Nuclei's leading annotations (`@timeout:`, `@Host:`,
 * `@tls-sni:`). The head's lines may end in `\n` or `\r\n`; the body is kept byte for byte as
 * nuclei's readRawRequest keeps it (everything after the empty line, less one final CRLF, which
 * a multipart body keeps).
 *
 * @example
 * parseRawRequest('@timeout: 5s\nGET /x HTTP/1.1\nHost: a\n\n').timeoutMs // 5000
 */
export function parseRawRequest(rendered: string): RawRequest {
  const text = crlfIfBare(rendered.replace(/^\s*\n/, ''));
  let pos = 0;
  const nextLine = (): string | undefined => {
    if (pos >= text.length) return undefined;
    const nl = text.indexOf('\n', pos);
    const end = nl < 0 ? text.length : nl + 1;
    const line = text.slice(pos, end);
    pos = end;
    return line;
  };
  let connectTo: string | undefined;
  let sni: string | undefined;
  let timeoutMs: number | undefined;
  let line = nextLine();
  while (line !== undefined && (line.trimStart().startsWith('@') || line.trim() === '')) {
    const trimmed = line.trim();
    if (trimmed !== '') {
      const colon = trimmed.indexOf(':');
      const key = trimmed
        .slice(1, colon < 0 ? undefined : colon)
        .trim()
        .toLowerCase();
      const value = colon < 0 ? '' : trimmed.slice(colon + 1).trim();
      if (key === 'host') connectTo = value;
      else if (key === 'tls-sni') sni = value;
      else if (key === 'timeout') timeoutMs = parseDuration(value);
    }
    line = nextLine();
  }
  const requestLine = (line ?? '').replace(/\r?\n$/, '');
  const parts = requestLine.trim().split(/\s+/);
  if (parts.length < 2) throw new Error(`invalid raw request line ${JSON.stringify(requestLine)}`);
  const [method, target, version = 'HTTP/1.1'] = parts as [string, string, string?];
  const headers: [string, string][] = [];
  let multipart = false;
  for (let h = nextLine(); h !== undefined; h = nextLine()) {
    const header = h.trim();
    if (header === '') break;
    const colon = header.indexOf(':');
    if (colon <= 0) continue;
    const name = header.slice(0, colon).trim();
    const value = header.slice(colon + 1).trim();
    if (name.includes('Content-Type') && value.includes('multipart/')) multipart = true;
    headers.push([name, value]);
  }
  let body = text.slice(pos);
  if (!multipart && body.endsWith('\r\n')) body = body.slice(0, -2);
  return { method, target, version, headers, body, connectTo, sni, timeoutMs };
}
