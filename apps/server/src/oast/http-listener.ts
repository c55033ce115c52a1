import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { findUniqueId, reflection } from './correlation.js';
import { SessionError, type SessionStore } from './session-store.js';

export interface HttpListenerOptions {
  readonly domain: string;
  readonly token?: string;
  /** Request bytes kept as an interaction's raw request (the rest is read and dropped). */
  readonly maxRequestBytes: number;
}

/** API bodies (registration carries a 2048-bit key in base64 PEM, under 1 KB). */
const MAX_API_BODY = 64 * 1024;

const BANNER = (domain: string) =>
  `<h1> Didban interaction server </h1>\n\nIf you notice any interactions from <b>*.${domain}</b> in your logs, ` +
  'someone (internal security engineers, pen-testers, a Didban scan) has been testing your application for ' +
  'out-of-band vulnerabilities.<br><br>\n';

/**
 * The HTTP side of the interaction server, interactsh's routes and answers: `POST /register`,
 * `GET /poll?id=&secret=`, `POST /deregister` (each behind the token when one is set), and any
 * other request whose Host holds a registered unique id is an interaction.
 */
export function createHttpListener(store: SessionStore, options: HttpListenerOptions): Server {
  return createServer(httpHandler(store, options));
}

/**
 * The same routes over TLS, with the operator's certificate for the domain and its subdomains
 * (`*.<domain>`): targets that only call https:// (most blind SSRF in modern stacks) reach it too.
 * interactsh records these as `http` interactions as well, and so does this listener.
 */
export function createHttpsListener(
  store: SessionStore,
  options: HttpListenerOptions,
  tls: { readonly cert: string | Buffer; readonly key: string | Buffer },
): Server {
  return createTlsServer({ cert: tls.cert, key: tls.key }, httpHandler(store, options));
}

function httpHandler(store: SessionStore, options: HttpListenerOptions) {
  const known = (cid: string) => store.has(cid);
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    req.on('data', (chunk: Buffer) => {
      if (kept >= options.maxRequestBytes) return;
      const part = chunk.subarray(0, options.maxRequestBytes - kept);
      kept += part.length;
      chunks.push(part);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      cors(res);
      if (req.method === 'OPTIONS' && isApi(path)) {
        res.writeHead(204).end();
        return;
      }
      if (isApi(path)) {
        if (options.token && req.headers.authorization !== options.token) {
          res.writeHead(401).end();
          return;
        }
        if (body.length > MAX_API_BODY || kept >= options.maxRequestBytes) {
          json(res, 400, { error: 'request body too large' });
          return;
        }
        void api(store, path, req, body.toString('utf8'), res);
        return;
      }
      interaction(store, known, options, req, body, res);
    });
  };
}

const isApi = (path: string) => path === '/register' || path === '/poll' || path === '/deregister';

async function api(
  store: SessionStore,
  path: string,
  req: IncomingMessage,
  body: string,
  res: ServerResponse,
): Promise<void> {
  try {
    if (path === '/poll') {
      const query = new URL(req.url ?? '/', 'http://x').searchParams;
      const id = query.get('id') ?? '';
      const secret = query.get('secret') ?? '';
      if (!id) return json(res, 400, { error: 'no id specified for poll' });
      if (!secret) return json(res, 400, { error: 'no secret specified for poll' });
      const { aesKey } = store.openPoll(id, secret);
      return await streamPoll(store, id, aesKey, res);
    }
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(body) as Record<string, unknown>;
    } catch (error) {
      return json(res, 400, { error: `could not decode json body: ${(error as Error).message}` });
    }
    const text = (key: string) => (typeof parsed[key] === 'string' ? (parsed[key] as string) : '');
    if (path === '/register') {
      store.register(text('correlation-id'), text('secret-key'), text('public-key'));
      return json(res, 200, { message: 'registration successful' });
    }
    store.deregister(text('correlation-id'), text('secret-key'));
    return json(res, 200, { message: 'deregistration successful' });
  } catch (error) {
    if (error instanceof SessionError) {
      const what =
        path === '/register'
          ? 'could not set id and public key'
          : path === '/poll'
            ? 'could not get interactions'
            : 'could not remove id';
      return json(res, 400, { error: `${what}: ${error.message}` });
    }
    return json(res, 500, { error: 'internal error' });
  }
}

/**
 * The poll answer, `{"data":[…],"extra":null,"aes_key":"…"}`, written as the session's file is
 * read: one encrypted interaction at a time with the socket's back-pressure, never the whole
 * poll in memory (100 polls of 1,000 interactions used to lift the server's RSS for good).
 */
async function streamPoll(
  store: SessionStore,
  id: string,
  aesKey: string,
  res: ServerResponse,
): Promise<void> {
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
  });
  let first = true;
  const write = (text: string): void | Promise<void> => {
    if (res.destroyed || res.write(text)) return;
    return new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  };
  await store.drain(id, (line) => {
    const text = `${first ? '{"data":[' : ','}${JSON.stringify(line)}`;
    first = false;
    return write(text);
  });
  // Go encodes an empty slice as null; clients accept both, this is what they get from interactsh.
  res.end(`${first ? '{"data":null' : ']'},"extra":null,"aes_key":${JSON.stringify(aesKey)}}\n`);
}

function interaction(
  store: SessionStore,
  known: (cid: string) => boolean,
  options: HttpListenerOptions,
  req: IncomingMessage,
  body: Buffer,
  res: ServerResponse,
): void {
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const reflected = reflection(host, known);
  let type = 'text/html; charset=utf-8';
  let page: string;
  if (path === '/' && !reflected) page = BANNER(options.domain);
  else if (path.toLowerCase() === '/robots.txt') {
    type = 'text/plain; charset=utf-8';
    page = `User-agent: *\nDisallow: / # ${reflected}`;
  } else if (path.toLowerCase().endsWith('.json')) {
    type = 'application/json';
    page = `{"data":"${reflected}"}`;
  } else if (path.toLowerCase().endsWith('.xml')) {
    type = 'application/xml';
    page = `<data>${reflected}</data>`;
  } else page = `<html><head></head><body>${reflected}</body></html>`;
  const headers = { Server: options.domain, 'Content-Type': type, 'Content-Length': Buffer.byteLength(page) };
  res.writeHead(200, headers).end(page);

  const match = findUniqueId(host, known);
  if (!match) return;
  const rawResponse = `HTTP/1.1 200 OK\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n${page}`;
  void store.add(match.correlationId, {
    protocol: 'http',
    'unique-id': match.uniqueId,
    'full-id': match.fullId,
    'raw-request': rawRequest(req, body),
    'raw-response': rawResponse,
    'remote-address': remoteAddress(req.socket.remoteAddress),
    timestamp: new Date().toISOString(),
  });
}

/** The request as Go's httputil.DumpRequest writes it: request line, headers as sent, body. */
function rawRequest(req: IncomingMessage, body: Buffer): string {
  const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n${body.toString('utf8')}`;
}

export const remoteAddress = (address: string | undefined) => (address ?? '').replace(/^::ffff:/, '');

function cors(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization');
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(`${JSON.stringify(value)}\n`);
}

export const listenAddress = (server: Server) => server.address() as AddressInfo;
