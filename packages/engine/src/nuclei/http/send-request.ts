import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { onAbort } from '../util/abort-registry.js';
import { connectionLost } from './connection-lost.js';
import { decodeBody } from './decode-body.js';
import { ReceivedResponse } from './received-response.js';
import { sendWithSocket, socketCanSend } from './send-socket.js';
import { sendWithUndici, undiciCanSend } from './send-undici.js';
import { type HttpRequestSpec, type HttpResponse, NetworkError, type SendOptions } from './types.js';

// Keep-alive pools shared by the whole engine, as Nuclei keeps one client per scan.
// Template spray sends many templates to the same host at once, so keep enough idle sockets per
// host for that burst; closing and reopening them costs more than the file descriptors.
const httpAgent = new HttpAgent({ keepAlive: true, maxFreeSockets: 64, keepAliveMsecs: 30_000 });
const httpsAgent = new HttpsAgent({ keepAlive: true, maxFreeSockets: 64, rejectUnauthorized: false });

/** Parses the `@Host:` annotation into a host and port. */
export function parseConnectTo(
  value: string,
  fallbackTls: boolean,
): { host: string; port: number; tls: boolean } {
  const hasScheme = /^https?:\/\//i.test(value);
  const url = new URL(hasScheme ? value : `${fallbackTls ? 'https' : 'http'}://${value}`);
  const tls = url.protocol === 'https:';
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || (tls ? 443 : 80)), tls };
}

export function dumpRequest(
  method: string,
  path: string,
  headers: readonly (readonly [string, string])[],
  body: string,
): string {
  return `${method} ${path} HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n${body}`;
}

// The socket client is the default: per request it costs less than half of node:http and a third
// of undici's dispatcher (docs/benchmarks.md, "Template engine"). DIDBAN_ENGINE_HTTP=undici sends
// ordinary requests through undici as sessions 6–10 did, =node everything through node:http.
const NODE_ONLY = process.env.DIDBAN_ENGINE_HTTP === 'node';
const UNDICI = process.env.DIDBAN_ENGINE_HTTP === 'undici';

/**
 * Sends one request and reads at most `readLimit` body bytes. Never follows redirects (the
 * executor does, so each hop can be matched). Throws NetworkError on connection failures and
 * timeouts; the overall deadline also covers servers that trickle bytes forever. Ordinary
 * requests go through the socket client (cheapest per request), requests it would not write as
 * given through undici; `@Host`, `@tls-sni`, the headers undici rewrites or refuses, and responses
 * the parsers reject go through node:http. A request whose
 * connection is lost before any answer is sent once more (connection-lost.ts).
 */
export function sendRequest(spec: HttpRequestSpec, opts: SendOptions): Promise<HttpResponse> {
  const url = splitUrl(spec.url);
  // One pass builds the flat [name, value, …] array both clients take, without copying the pairs.
  const flat: string[] = [];
  let hasHost = false;
  for (const [k, v] of spec.headers) {
    if (!hasHost && k.length === 4 && k.toLowerCase() === 'host') hasHost = true;
    flat.push(k, v);
  }
  // With raw header arrays Node adds no Host header, so add one unless the template wrote its own.
  if (!hasHost) flat.unshift('Host', url.authority);
  const requestDump = () => {
    const sent = hasHost ? spec.headers : [['Host', url.authority] as const, ...spec.headers];
    return dumpRequest(spec.method, url.path, sent, spec.body);
  };
  const viaNode = (resend = true) => sendWithNodeHttp(spec, url, flat, requestDump, opts, resend);
  if (NODE_ONLY || spec.connectTo || spec.sni || !undiciCanSend(spec.method, url.tls, flat, hasHost))
    return viaNode();
  const origin = `${url.tls ? 'https' : 'http'}://${url.authority}`;
  const exchange = { url: spec.url, requestDump, fallback: viaNode };
  // A scan's own resolver: the socket client (its connections kept apart) or node:http; undici's
  // one shared agent resolves through the system.
  if (opts.lookup) {
    return !UNDICI && socketCanSend(spec.method, url.path, flat)
      ? sendWithSocket(
          `${origin} resolver`,
          { ...url, lookup: opts.lookup },
          url.path,
          spec.method,
          flat,
          spec.body,
          exchange,
          opts,
        )
      : viaNode();
  }
  if (!UNDICI && socketCanSend(spec.method, url.path, flat))
    return sendWithSocket(origin, url, url.path, spec.method, flat, spec.body, exchange, opts);
  return sendWithUndici(origin, url.path, spec.method, flat, spec.body, exchange, opts);
}

function sendWithNodeHttp(
  spec: HttpRequestSpec,
  url: ReturnType<typeof splitUrl>,
  flat: string[],
  requestDump: () => string,
  opts: SendOptions,
  /** Send once more if the connection is lost before any answer (see connection-lost.ts). */
  resend = true,
): Promise<HttpResponse> {
  const tls = url.tls;
  const target = spec.connectTo ? parseConnectTo(spec.connectTo, tls) : undefined;
  const useTls = target?.tls ?? tls;
  const rawPath = url.path;
  const started = performance.now();
  return new Promise<HttpResponse>((resolve, reject) => {
    let settled = false;
    let answered = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      unregister();
      req.destroy();
      if (resend && !answered && connectionLost(error)) {
        resolve(sendWithNodeHttp(spec, url, flat, requestDump, opts, false));
        return;
      }
      reject(error instanceof NetworkError ? error : new NetworkError(error.message));
    };
    const send = useTls ? httpsRequest : httpRequest;
    const req = send({
      host: target?.host ?? url.host,
      port: target?.port ?? url.port,
      method: spec.method,
      path: rawPath,
      headers: flat,
      agent: useTls ? httpsAgent : httpAgent,
      servername: spec.sni ?? undefined,
      setHost: false,
      insecureHTTPParser: true,
      ...(opts.lookup ? { lookup: opts.lookup } : {}),
    } as unknown as RequestOptions);
    const deadline = setTimeout(
      () => fail(new NetworkError(`timed out after ${opts.timeoutMs} ms`)),
      opts.timeoutMs,
    );
    const unregister = onAbort(opts.signal, () => fail(new NetworkError('aborted')));
    req.on('error', fail);
    req.on('response', (res: IncomingMessage) => {
      answered = true;
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        unregister();
        const raw = Buffer.concat(chunks);
        const body = decodeBody(raw, header(res, 'content-encoding'), opts.readLimit);
        resolve(
          new ReceivedResponse(
            {
              url: spec.url,
              status: res.statusCode ?? 0,
              statusText: res.statusMessage ?? '',
              httpVersion: res.httpVersion,
              headers: pairs(res.rawHeaders),
              body: body.toString('latin1'),
              truncated,
              durationMs: performance.now() - started,
              ip: res.socket?.remoteAddress,
            },
            requestDump,
          ),
        );
      };
      res.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = opts.readLimit - size;
        if (chunk.length >= room) {
          chunks.push(chunk.subarray(0, room));
          size += room;
          truncated = true;
          // Stop reading: the cap is the point. The socket is not reused after this.
          res.destroy();
          finish();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', finish);
      // A Content-Length larger than what arrives ends in "close" without "end": keep what came
      // (Nuclei accepts the short body).
      res.on('error', () => finish());
      res.on('close', finish);
    });
    req.end(spec.body.length > 0 ? Buffer.from(spec.body, 'latin1') : undefined);
  });
}

const pairs = (raw: string[]): [string, string][] => {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
};

const header = (res: IncomingMessage, name: string): string | undefined => {
  const v = res.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
};

const URL_PARTS = /^(https?):\/\/(\[[^\]]+\]|[^/:?#]+)(?::(\d+))?([^#]*)/i;

/**
 * Scheme, host, port and the path exactly as written: WHATWG URL would normalise `/a/..;/`, and
 * it is also slower than this on the hot path. Default ports are left out of the authority.
 */
export function splitUrl(raw: string): {
  tls: boolean;
  host: string;
  port: number;
  authority: string;
  path: string;
} {
  const m = URL_PARTS.exec(raw);
  if (!m) {
    const url = new URL(raw);
    const tls = url.protocol === 'https:';
    return {
      tls,
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(url.port || (tls ? 443 : 80)),
      authority: url.host,
      path: `${url.pathname}${url.search}`,
    };
  }
  const tls = m[1]!.toLowerCase() === 'https';
  const port = m[3] ? Number(m[3]) : tls ? 443 : 80;
  const isDefault = port === (tls ? 443 : 80);
  const host = m[2]!.toLowerCase();
  const rest = m[4] ?? '';
  return {
    tls,
    host: host.replace(/^\[|\]$/g, ''),
    port,
    authority: isDefault ? host : `${host}:${port}`,
    path: rest === '' ? '/' : rest.startsWith('?') ? `/${rest}` : rest,
  };
}
