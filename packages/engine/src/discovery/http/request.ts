/**
 * One HTTP(S) request to a fixed address with hard limits: an overall deadline (headers and body),
 * a body byte cap, no connection reuse, no certificate checks (we inventory, we do not trust).
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls, { type SecureContext, type TLSSocket } from 'node:tls';

export interface TlsFacts {
  protocol: string | null;
  cipher: string | null;
  subjectCN: string | null;
  subjectOrg: string | null;
  issuerCN: string | null;
  issuerOrg: string | null;
  /** DNS names from the subject alternative name extension. */
  sans: string[];
  notBefore: string | null;
  notAfter: string | null;
  serialNumber: string | null;
  fingerprintSha256: string | null;
  selfSigned: boolean;
  /** Why the certificate would not be trusted (e.g. DEPTH_ZERO_SELF_SIGNED_CERT), or null. */
  verificationError: string | null;
}

export interface RawResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Bytes stopped at the cap, or at the deadline while the body was still arriving. */
  truncated: boolean;
  /** The deadline passed while the body was still arriving (what arrived is kept). */
  timedOut: boolean;
  tls: TlsFacts | null;
}

export type RequestErrorKind =
  | 'timeout'
  | 'tls'
  | 'invalid-response'
  | 'refused'
  | 'reset'
  | 'aborted'
  | 'other';

export class ProbeRequestError extends Error {
  override name = 'ProbeRequestError';
  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    /** Bytes the server sent that could not be parsed as HTTP, if any. */
    readonly raw?: Buffer,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  /** Address to connect to (already resolved). */
  ip: string;
  url: URL;
  timeoutMs: number;
  bodyLimit: number;
  signal?: AbortSignal;
  userAgent?: string;
}

let sharedContext: SecureContext | undefined;
/**
 * One TLS context for every probe. Without it each https.request builds its own (loading the
 * root store each time), which made a failed handshake cost more than a whole HTTP exchange.
 */
function secureContext(): SecureContext {
  sharedContext ??= tls.createSecureContext({});
  return sharedContext;
}

export const USER_AGENT = 'Mozilla/5.0 (compatible; Didban/0.1; attack-surface discovery)';

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function tlsFacts(socket: TLSSocket): TlsFacts {
  const cert = socket.getPeerCertificate();
  const has = cert && Object.keys(cert).length > 0;
  const subject = has ? cert.subject : undefined;
  const issuer = has ? cert.issuer : undefined;
  const pick = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? null) : (v ?? null));
  const sans = (has && cert.subjectaltname ? cert.subjectaltname.split(', ') : [])
    .filter((s) => s.startsWith('DNS:'))
    .map((s) => s.slice(4));
  const asDate = (v: string | undefined) => (v ? new Date(v).toISOString() : null);
  return {
    protocol: socket.getProtocol() ?? null,
    cipher: socket.getCipher()?.name ?? null,
    subjectCN: pick(subject?.CN),
    subjectOrg: pick(subject?.O),
    issuerCN: pick(issuer?.CN),
    issuerOrg: pick(issuer?.O),
    sans,
    notBefore: has ? asDate(cert.valid_from) : null,
    notAfter: has ? asDate(cert.valid_to) : null,
    serialNumber: has ? (cert.serialNumber ?? null) : null,
    fingerprintSha256: has ? (cert.fingerprint256 ?? null) : null,
    selfSigned: has ? JSON.stringify(cert.subject) === JSON.stringify(cert.issuer) : false,
    verificationError: socket.authorizationError ? String(socket.authorizationError) : null,
  };
}

function classify(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, https: boolean): ProbeRequestError {
  const code = error.code ?? '';
  if (code.startsWith('HPE_'))
    return new ProbeRequestError('invalid-response', `${code}: ${error.message}`, error.rawPacket);
  if (code === 'ECONNREFUSED') return new ProbeRequestError('refused', error.message);
  if (code === 'ECONNRESET' || code === 'EPIPE') {
    return new ProbeRequestError(https ? 'tls' : 'reset', `${code}: ${error.message}`);
  }
  if (code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || /SSL|TLS|handshake/i.test(error.message)) {
    return new ProbeRequestError('tls', `${code || 'TLS'}: ${error.message}`);
  }
  return new ProbeRequestError('other', `${code || error.name}: ${error.message}`);
}

/**
 * Send one GET and read at most `bodyLimit` bytes of the body.
 *
 * @example
 * const res = await requestOnce({ ip: '127.42.0.11', url: new URL('http://blog.lab.didban.test/'), timeoutMs: 5000, bodyLimit: 1 << 20 });
 */
export function requestOnce(options: RequestOptions): Promise<RawResponse> {
  const { url, ip } = options;
  const secure = url.protocol === 'https:';
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    let settled = false;
    let tls: TlsFacts | null = null;
    // Set once headers are in: a deadline after that keeps the partial body instead of failing.
    let finishPartial: (() => void) | undefined;
    const fail = (error: ProbeRequestError) => {
      if (settled) return;
      settled = true;
      cleanup();
      req.destroy();
      reject(error);
    };
    const timer = setTimeout(() => {
      if (finishPartial) finishPartial();
      else fail(new ProbeRequestError('timeout', `no complete response within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    const onAbort = () => fail(new ProbeRequestError('aborted', 'aborted'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const cleanup = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    const requestOptions: https.RequestOptions = {
      host: ip,
      port: url.port ? Number(url.port) : secure ? 443 : 80,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      agent: false,
      headers: {
        Host: url.host,
        'User-Agent': options.userAgent ?? USER_AGENT,
        Accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
        Connection: 'close',
      },
      // Inventory, not trust: record the certificate facts instead of refusing the connection.
      rejectUnauthorized: false,
      ...(secure ? { secureContext: secureContext() } : {}),
      ...(secure && !net.isIP(hostname) ? { servername: hostname } : {}),
      // Be strict about header size so a header flood cannot grow memory.
      maxHeaderSize: 64 * 1024,
    };
    const req = (secure ? https : http).request(requestOptions, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(res.headers)) {
        const v = firstValue(value);
        if (v !== undefined) headers[key] = v;
      }
      let timedOut = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        cleanup();
        resolve({
          url: url.toString(),
          status: res.statusCode ?? 0,
          headers,
          body: Buffer.concat(chunks),
          truncated,
          timedOut,
          tls,
        });
      };
      finishPartial = () => {
        timedOut = true;
        truncated = true;
        finish();
        res.destroy();
        req.destroy();
      };
      res.on('data', (chunk: Buffer) => {
        const room = options.bodyLimit - size;
        if (chunk.length >= room) {
          chunks.push(chunk.subarray(0, Math.max(0, room)));
          size = options.bodyLimit;
          truncated = true;
          finish();
          res.destroy();
          req.destroy();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', finish);
      // A server that closes mid-body still gave us a response; keep what arrived.
      res.on('error', finish);
      res.on('close', finish);
    });
    req.on('socket', (socket) => {
      if (secure) socket.once('secureConnect', () => (tls = tlsFacts(socket as TLSSocket)));
    });
    req.on('error', (error) => fail(classify(error as NodeJS.ErrnoException, secure)));
    req.end();
  });
}
