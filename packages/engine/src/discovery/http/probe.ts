/**
 * httpx-like probe of one open port: try HTTPS, then HTTP; follow redirects on the same host;
 * collect status, title, sizes, server, redirect chain, TLS facts, favicon hash, headers and
 * the start of the body. A port that speaks no HTTP gets a banner grab so SMTP, SSH and friends
 * are named, and anything hostile (silence, garbage, endless bodies, loops, broken TLS) is
 * recorded as an anomaly instead of failing the run.
 */
import net from 'node:net';
import { BODY_START_BYTES } from '../options.js';
import { faviconHash } from './favicon-hash.js';
import { bodyText, extractIconHref, extractTitle } from './html.js';
import { ProbeRequestError, type RawResponse, requestOnce, type TlsFacts } from './request.js';

export type Anomaly =
  | 'timeout'
  | 'tls-handshake-failed'
  | 'invalid-http'
  | 'binary-garbage'
  | 'body-truncated'
  | 'redirect-loop'
  | 'too-many-redirects';

export interface HttpRedirect {
  url: string;
  status: number;
  location: string;
}

export interface HttpProbeResult {
  scheme: 'http' | 'https';
  /** First URL asked. */
  url: string;
  /** URL of the response described here, after same-host redirects. */
  finalUrl: string;
  status: number;
  title: string;
  /** Content-Length when sent, otherwise the bytes read. */
  contentLength: number;
  contentType: string | null;
  server: string | null;
  redirectChain: HttpRedirect[];
  headers: Record<string, string>;
  /** The first 8 KiB of the body as text, for the asset's HTTP response block. */
  bodyStart: string;
  bodyTruncated: boolean;
  tls: TlsFacts | null;
  faviconHash: number | null;
  faviconUrl: string | null;
  responseTimeMs: number;
}

export interface ProbeAttempt {
  scheme: 'http' | 'https';
  error?: string;
  detail?: string;
}

export interface ServiceProbe {
  http: HttpProbeResult | null;
  /** 'http' / 'https', a protocol named from its banner (smtp, ssh, ftp, ...), or 'unknown'. */
  service: string;
  banner: string | null;
  anomalies: Anomaly[];
  attempts: ProbeAttempt[];
  /** Capped body text of the final response, for technology detection (not stored on assets). */
  html: string;
}

export interface ProbeOptions {
  timeoutMs: number;
  bodyLimit: number;
  maxRedirects?: number;
  /** Fetch the favicon (one extra small request). */
  favicon?: boolean;
  signal?: AbortSignal;
}

export interface ProbeTarget {
  /** Name for Host/SNI; an IP when the asset has no name. */
  host: string;
  ip: string;
  port: number;
}

const BANNERS: [RegExp, string][] = [
  [/^220[ -].*(smtp|mail|postfix|exim|sendmail)/i, 'smtp'],
  [/^SSH-\d/, 'ssh'],
  [/^220[ -].*ftp/i, 'ftp'],
  [/^\+OK/, 'pop3'],
  [/^\* OK.*IMAP/i, 'imap'],
  [/^220[ -]/, 'smtp'],
  [/mysql_native_password|^.\0\0\0\n\d+\.\d+/, 'mysql'],
];

function printable(buf: Buffer): boolean {
  if (buf.length === 0) return true;
  let ok = 0;
  for (const byte of buf) if (byte === 9 || byte === 10 || byte === 13 || (byte >= 32 && byte < 127)) ok++;
  return ok / buf.length > 0.9;
}

/** Connect without sending and read what the service volunteers. */
export function grabBanner(ip: string, port: number, waitMs: number, signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: ip, port });
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      socket.destroy();
      resolve(Buffer.concat(chunks).subarray(0, 512));
    };
    const timer = setTimeout(done, waitMs);
    signal?.addEventListener('abort', done, { once: true });
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= 512 || chunk.includes(10)) done();
    });
    socket.on('error', done);
    socket.on('end', done);
  });
}

function hostForUrl(host: string): string {
  return net.isIPv6(host) ? `[${host}]` : host;
}

function baseUrl(scheme: 'http' | 'https', target: ProbeTarget): URL {
  const defaultPort = scheme === 'https' ? 443 : 80;
  const port = target.port === defaultPort ? '' : `:${target.port}`;
  return new URL(`${scheme}://${hostForUrl(target.host)}${port}/`);
}

interface Followed {
  response: RawResponse;
  chain: HttpRedirect[];
  anomalies: Anomaly[];
  elapsedMs: number;
}

async function followRedirects(first: URL, target: ProbeTarget, options: ProbeOptions): Promise<Followed> {
  const chain: HttpRedirect[] = [];
  const seen = new Set<string>();
  const anomalies: Anomaly[] = [];
  const max = options.maxRedirects ?? 10;
  const started = performance.now();
  let url = first;
  let previous: RawResponse | undefined;
  for (;;) {
    seen.add(url.toString());
    let response: RawResponse;
    try {
      response = await requestOnce({
        ip: target.ip,
        url,
        timeoutMs: options.timeoutMs,
        bodyLimit: options.bodyLimit,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      // A hop after the first failed: the port does speak HTTP, so keep the last response and
      // the chain so far rather than calling the whole port broken.
      if (!previous) throw error;
      const kind = error instanceof ProbeRequestError ? error.kind : 'other';
      anomalies.push(kind === 'timeout' ? 'timeout' : 'invalid-http');
      return { response: previous, chain, anomalies, elapsedMs: performance.now() - started };
    }
    previous = response;
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || !location) {
      return { response, chain, anomalies, elapsedMs: performance.now() - started };
    }
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      return { response, chain, anomalies, elapsedMs: performance.now() - started };
    }
    chain.push({ url: url.toString(), status: response.status, location: next.toString() });
    // Only follow on the same host: the probe must never wander to addresses outside the scope.
    if (next.hostname !== url.hostname || (next.protocol !== 'http:' && next.protocol !== 'https:')) {
      return { response, chain, anomalies, elapsedMs: performance.now() - started };
    }
    if (seen.has(next.toString())) {
      anomalies.push('redirect-loop');
      return { response, chain, anomalies, elapsedMs: performance.now() - started };
    }
    if (chain.length >= max) {
      anomalies.push('too-many-redirects');
      return { response, chain, anomalies, elapsedMs: performance.now() - started };
    }
    url = next;
  }
}

async function fetchFavicon(
  final: URL,
  html: string,
  target: ProbeTarget,
  options: ProbeOptions,
): Promise<{ hash: number; url: string } | null> {
  let iconUrl: URL;
  try {
    iconUrl = new URL(extractIconHref(html) ?? '/favicon.ico', final);
  } catch {
    return null;
  }
  if (iconUrl.hostname !== final.hostname) return null;
  try {
    const res = await requestOnce({
      ip: target.ip,
      url: iconUrl,
      timeoutMs: options.timeoutMs,
      bodyLimit: 512 * 1024,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (res.status !== 200 || res.body.length === 0 || res.truncated) return null;
    // A page or an API answer served at /favicon.ico is not an icon; hashing it would mislead.
    if (/^(text\/|application\/json)/i.test(res.headers['content-type'] ?? '')) return null;
    return { hash: faviconHash(res.body), url: iconUrl.toString() };
  } catch {
    return null;
  }
}

/**
 * Probe one open port.
 *
 * @example
 * const probe = await probeService({ host: 'blog.lab.didban.test', ip: '127.42.0.11', port: 80 },
 *   { timeoutMs: 5000, bodyLimit: 1 << 20, favicon: true });
 * probe.http?.title // 'Didban Lab Blog – Just another WordPress site'
 */
export async function probeService(target: ProbeTarget, options: ProbeOptions): Promise<ServiceProbe> {
  const attempts: ProbeAttempt[] = [];
  const failures: ProbeRequestError[] = [];
  for (const scheme of ['https', 'http'] as const) {
    if (options.signal?.aborted) break;
    const url = baseUrl(scheme, target);
    try {
      const followed = await followRedirects(url, target, options);
      attempts.push({ scheme });
      const { response } = followed;
      const contentType = response.headers['content-type'] ?? null;
      const html = bodyText(response.body, contentType ?? undefined);
      const declared = Number(response.headers['content-length']);
      const anomalies = [...followed.anomalies];
      if (response.truncated) anomalies.push('body-truncated');
      if (response.timedOut) anomalies.push('timeout');
      const final = new URL(response.url);
      const icon = options.favicon === false ? null : await fetchFavicon(final, html, target, options);
      return {
        http: {
          scheme,
          url: url.toString(),
          finalUrl: response.url,
          status: response.status,
          title: /html|xml/i.test(contentType ?? 'text/html') ? extractTitle(html) : '',
          contentLength: Number.isFinite(declared) && declared >= 0 ? declared : response.body.length,
          contentType,
          server: response.headers.server ?? null,
          redirectChain: followed.chain,
          headers: response.headers,
          bodyStart: html.slice(0, BODY_START_BYTES),
          bodyTruncated: response.truncated,
          tls: response.tls,
          faviconHash: icon?.hash ?? null,
          faviconUrl: icon?.url ?? null,
          responseTimeMs: Math.round(followed.elapsedMs),
        },
        service: scheme,
        banner: null,
        anomalies,
        attempts,
        html,
      };
    } catch (error) {
      const failure =
        error instanceof ProbeRequestError ? error : new ProbeRequestError('other', (error as Error).message);
      failures.push(failure);
      attempts.push({ scheme, error: failure.kind, detail: failure.message });
    }
  }
  return classifyNonHttp(target, failures, attempts, options);
}

async function classifyNonHttp(
  target: ProbeTarget,
  failures: ProbeRequestError[],
  attempts: ProbeAttempt[],
  options: ProbeOptions,
): Promise<ServiceProbe> {
  const result = (service: string, banner: string | null, anomalies: Anomaly[]): ServiceProbe => ({
    http: null,
    service,
    banner,
    anomalies,
    attempts,
    html: '',
  });
  if (failures.length > 0 && failures.every((f) => f.kind === 'timeout'))
    return result('unknown', null, ['timeout']);
  if (options.signal?.aborted) return result('unknown', null, []);
  const banner = await grabBanner(target.ip, target.port, Math.min(options.timeoutMs, 1500), options.signal);
  if (banner.length > 0) {
    if (!printable(banner)) return result('unknown', null, ['binary-garbage']);
    const text = banner.toString('latin1').trim();
    const named = BANNERS.find(([pattern]) => pattern.test(text))?.[1] ?? 'unknown';
    return result(named, text, named === 'unknown' ? ['invalid-http'] : []);
  }
  // Silent until spoken to, then not HTTP: a TLS record header (0x16 0x03) back means a TLS
  // service whose handshake failed; anything else is a broken HTTP server.
  // (The https attempt failing with a TLS error says nothing: every plain port does that.)
  const raw = failures.find((f) => f.raw && f.raw.length > 0)?.raw;
  const tlsLike = raw !== undefined && raw[0] === 0x16 && raw[1] === 0x03;
  const anomalies: Anomaly[] = [tlsLike ? 'tls-handshake-failed' : 'invalid-http'];
  if (failures.some((f) => f.kind === 'timeout')) anomalies.push('timeout');
  return result('unknown', null, anomalies);
}
