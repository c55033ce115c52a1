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
 * Parses a raw HTTP request with Nuclei's leading annotations (`@timeout:`, `@Host:`,
 * `@tls-sni:`). Line endings may be `\n` or `\r\n`.
 *
 * @example
 * parseRawRequest('@timeout: 5s\nGET /x HTTP/1.1\nHost: a\n\n').timeoutMs // 5000
 */
export function parseRawRequest(text: string): RawRequest {
  const lines = text.replace(/^\s*\n/, '').split(/\r?\n/);
  let connectTo: string | undefined;
  let sni: string | undefined;
  let timeoutMs: number | undefined;
  while (lines.length > 0 && lines[0]!.trimStart().startsWith('@')) {
    const line = lines.shift()!.trim();
    const colon = line.indexOf(':');
    const key = line
      .slice(1, colon < 0 ? undefined : colon)
      .trim()
      .toLowerCase();
    const value = colon < 0 ? '' : line.slice(colon + 1).trim();
    if (key === 'host') connectTo = value;
    else if (key === 'tls-sni') sni = value;
    else if (key === 'timeout') timeoutMs = parseDuration(value);
  }
  while (lines.length > 0 && lines[0]!.trim() === '') lines.shift();
  const requestLine = lines.shift() ?? '';
  const parts = requestLine.trim().split(/\s+/);
  if (parts.length < 2) throw new Error(`invalid raw request line ${JSON.stringify(requestLine)}`);
  const [method, target, version = 'HTTP/1.1'] = parts as [string, string, string?];
  const headers: [string, string][] = [];
  while (lines.length > 0 && lines[0] !== '') {
    const line = lines.shift()!;
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  lines.shift();
  // The YAML block's final newline is not part of the body.
  const body = lines.join('\r\n').replace(/(\r\n)+$/, '');
  return { method, target, version, headers, body, connectTo, sni, timeoutMs };
}
