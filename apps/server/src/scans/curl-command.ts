/**
 * A curl command that replays an HTTP finding's request: method, URL (the matched URL's origin
 * with the request's path), headers and body, each shell-quoted. null when the request is not a
 * readable HTTP/1 request.
 */
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** curl sets these itself from the URL and the body. */
const SKIPPED_HEADERS = new Set(['host', 'content-length', 'connection']);

export function curlCommand(matchedAt: string, request: string | null): string | null {
  if (!request) return null;
  const [head = '', ...rest] = request.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const [requestLine = '', ...headerLines] = head.split(/\r?\n/);
  const match = /^([A-Z]+)\s+(\S+)\s+HTTP\/[\d.]+$/.exec(requestLine.trim());
  if (!match) return null;
  const [, method, target] = match as unknown as [string, string, string];
  let url: string;
  try {
    url = /^https?:\/\//i.test(target) ? target : new URL(target, new URL(matchedAt).origin).toString();
  } catch {
    return null;
  }
  const parts = ['curl', '-i', '-s', '-k', '-X', method, quote(url)];
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    if (SKIPPED_HEADERS.has(name.toLowerCase())) continue;
    parts.push('-H', quote(`${name}: ${line.slice(colon + 1).trim()}`));
  }
  if (body) parts.push('--data-binary', quote(body));
  return parts.join(' ');
}
