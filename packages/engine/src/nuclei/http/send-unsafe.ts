import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { onAbort } from '../util/abort-registry.js';
import { decodeBody } from './decode-body.js';
import { parseConnectTo } from './send-request.js';
import { type HttpRequestSpec, type HttpResponse, NetworkError, type SendOptions } from './types.js';

/**
 * `unsafe: true`: writes the request bytes exactly as the template rendered them on a fresh
 * socket (no header fixing, no Content-Length recomputation) and parses whatever comes back.
 * This is what smuggling and malformed-request templates need; Node's HTTP client would refuse.
 */
export function sendUnsafe(spec: HttpRequestSpec, opts: SendOptions): Promise<HttpResponse> {
  const url = new URL(spec.url);
  const tls = url.protocol === 'https:';
  const target = spec.connectTo
    ? parseConnectTo(spec.connectTo, tls)
    : { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || (tls ? 443 : 80)), tls };
  const started = performance.now();
  const bytes = Buffer.from(spec.rawBytes ?? '', 'latin1');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const socket: Socket = target.tls
      ? tlsConnect({
          host: target.host,
          port: target.port,
          servername: spec.sni ?? url.hostname,
          rejectUnauthorized: false,
          ...(opts.lookup ? { lookup: opts.lookup } : {}),
        })
      : netConnect({ host: target.host, port: target.port, ...(opts.lookup ? { lookup: opts.lookup } : {}) });
    const done = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      unregister();
      socket.destroy();
      const raw = Buffer.concat(chunks);
      if (raw.length === 0) {
        reject(new NetworkError(error?.message ?? 'connection closed without a response'));
        return;
      }
      const parsed = parseResponse(raw, opts.readLimit);
      // Fields listed, not `...parsed` and more: a spread's copy gets hidden classes of its own.
      resolve({
        url: spec.url,
        status: parsed.status,
        statusText: parsed.statusText,
        httpVersion: parsed.httpVersion,
        headers: parsed.headers,
        body: parsed.body,
        truncated: parsed.truncated,
        durationMs: performance.now() - started,
        requestDump: spec.rawBytes ?? '',
        ip: target.host,
      });
    };
    const unregister = onAbort(opts.signal, () => done(new NetworkError('aborted')));
    const deadline = setTimeout(
      () => done(new NetworkError(`timed out after ${opts.timeoutMs} ms`)),
      opts.timeoutMs,
    );
    socket.on('connect', () => socket.write(bytes));
    if (target.tls) socket.on('secureConnect', () => {});
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= opts.readLimit || isComplete(Buffer.concat(chunks))) done();
    });
    socket.on('end', () => done());
    socket.on('error', (e) => done(e));
    socket.on('close', () => done());
  });
}

function splitHead(raw: Buffer): { head: string; body: Buffer } | undefined {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  return { head: raw.subarray(0, end).toString('latin1'), body: raw.subarray(end + 4) };
}

function headerValue(head: string, name: string): string | undefined {
  const m = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head);
  return m?.[1]?.trim();
}

function isComplete(raw: Buffer): boolean {
  const parts = splitHead(raw);
  if (!parts) return false;
  const length = headerValue(parts.head, 'content-length');
  if (length !== undefined) return parts.body.length >= Number(length);
  if (/chunked/i.test(headerValue(parts.head, 'transfer-encoding') ?? ''))
    return parts.body.includes('\r\n0\r\n\r\n') || parts.body.subarray(0, 5).toString() === '0\r\n\r\n';
  return /^HTTP\/\S+ (1\d\d|204|304)/.test(parts.head);
}

function dechunk(body: Buffer): Buffer {
  const out: Buffer[] = [];
  let pos = 0;
  while (pos < body.length) {
    const lineEnd = body.indexOf('\r\n', pos);
    if (lineEnd < 0) break;
    const size = Number.parseInt(body.subarray(pos, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    out.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    pos = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
}

function parseResponse(
  raw: Buffer,
  limit: number,
): Omit<HttpResponse, 'url' | 'durationMs' | 'requestDump' | 'ip'> {
  const parts = splitHead(raw) ?? { head: raw.toString('latin1'), body: Buffer.alloc(0) };
  const [statusLine = '', ...headerLines] = parts.head.split('\r\n');
  const m = /^HTTP\/(\d(?:\.\d)?)\s+(\d{3})\s?(.*)$/.exec(statusLine);
  const headers = headerLines
    .map((l) => {
      const colon = l.indexOf(':');
      return [l.slice(0, colon).trim(), l.slice(colon + 1).trim()] as const;
    })
    .filter(([k]) => k.length > 0);
  const chunked = /chunked/i.test(headerValue(parts.head, 'transfer-encoding') ?? '');
  const body = decodeBody(
    chunked ? dechunk(parts.body) : parts.body,
    headerValue(parts.head, 'content-encoding'),
    limit,
  );
  return {
    status: m ? Number(m[2]) : 0,
    statusText: m?.[3] ?? '',
    httpVersion: m?.[1] ?? '1.1',
    headers,
    body: body.toString('latin1'),
    truncated: raw.length >= limit,
  };
}
