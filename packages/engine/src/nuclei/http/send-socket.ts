import { connectionLost } from './connection-lost.js';
import { ResponseCollector } from './response-collector.js';
import type { ResponseHead } from './response-parser.js';
import { type Connection, type ConnectionUser, type OriginParts, SocketPool } from './socket-pool.js';
import { type Exchange, type HttpResponse, NetworkError, type SendOptions } from './types.js';

/**
 * The fast path for ordinary requests: the request written to a keep-alive socket in one piece and
 * the response read by response-parser.ts, with nothing between them. Per request this costs a third
 * of undici's dispatcher (its request object, header validation, queue and handler chain) and
 * less than half of node:http's (a ClientRequest, an IncomingMessage stream and the agent's
 * bookkeeping): docs/benchmarks.md, Template engine, "Session 11".
 *
 * Anything out of the ordinary goes elsewhere before a byte is written (`socketCanSend`): undici
 * then node:http as before. A response the parser refuses is sent again through node:http, and a
 * connection lost before any answer gets one more try there, as with undici.
 */

const pool = new SocketPool();

/** Closes the idle keep-alive connections (tests; a process that is done scanning). */
export const closeIdleSockets = (): void => pool.closeIdle();

/** Origins holding idle connections (tests). */
export const idleOrigins = (): number => pool.size;

// RFC 9110 tokens for methods and header names; values without CR, LF, NUL or other controls but
// tab; a path of visible bytes. undici refuses the rest and node:http then sends it as before, so
// such requests keep that path.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const PATH = /^[\x21-\xff]+$/;
// Methods whose requests carry a body by definition: Content-Length: 0 when they have none (Go too).
const PAYLOAD_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Whether the socket client writes this request exactly as given. */
export function socketCanSend(method: string, path: string, flat: readonly string[]): boolean {
  if (!TOKEN.test(method) || !PATH.test(path)) return false;
  for (let i = 0; i < flat.length; i += 2) {
    if (!TOKEN.test(flat[i]!) || !VALUE.test(flat[i + 1]!)) return false;
  }
  return true;
}

/** One request on one connection: the connection calls these as the response arrives. */
class SocketRequest extends ResponseCollector implements ConnectionUser {
  constructor(
    private readonly conn: Connection,
    exchange: Exchange,
    opts: SendOptions,
    resolve: (res: HttpResponse | Promise<HttpResponse>) => void,
    reject: (error: Error) => void,
  ) {
    super(exchange, opts, resolve, reject);
  }

  protected cut(): void {
    this.conn.destroy();
  }

  protected override pauseReading(): boolean {
    this.conn.socket.pause();
    return true;
  }

  protected override resumeReading(): void {
    this.conn.socket.resume();
  }

  onHead(head: ResponseHead): void {
    // A protocol switch is node:http's to handle, as it was when undici refused one.
    if (head.status === 101) this.fallBack(true, new NetworkError('protocol switch'));
    else
      this.takeHead(head.status, head.statusText, head.version, head.headers, this.conn.socket.remoteAddress);
  }

  onBody(chunk: Buffer): void {
    this.takeBody(chunk);
  }

  onComplete(): void {
    if (this.settled) return;
    this.conn.release(this.receivedHeaders);
    this.finish();
  }

  onBroken(error: Error | undefined, unparsable: boolean): void {
    // A body cut short (the server closed before Content-Length) keeps what came, as Nuclei does.
    if (this.gotHeaders) {
      this.conn.destroy();
      this.finish();
    }
    // The parser refused the response: node:http (its lenient parser) gets the request.
    else if (unparsable) this.fallBack(true, error ?? new NetworkError('unparsable response'));
    // Closed or reset before any answer: one more try through node:http, as undici's path does.
    else if (error === undefined || connectionLost(error)) this.fallBack(false, error ?? CLOSED);
    else this.fail(error);
  }
}

const CLOSED = new NetworkError('connection closed before an answer');

/**
 * Sends one request on a keep-alive connection; `flat` already holds Host and passed
 * `socketCanSend`. Rejects with NetworkError.
 */
export function sendWithSocket(
  origin: string,
  parts: OriginParts,
  path: string,
  method: string,
  flat: readonly string[],
  body: string,
  exchange: Exchange,
  opts: SendOptions,
): Promise<HttpResponse> {
  let head = `${method} ${path} HTTP/1.1\r\n`;
  for (let i = 0; i < flat.length; i += 2) head += `${flat[i]}: ${flat[i + 1]}\r\n`;
  if (body.length > 0 || PAYLOAD_METHODS.has(method)) head += `Content-Length: ${body.length}\r\n`;
  head += '\r\n';
  return new Promise<HttpResponse>((resolve, reject) => {
    const conn = pool.acquire(origin, parts);
    const request = new SocketRequest(conn, exchange, opts, resolve, reject);
    conn.send(request, body.length > 0 ? head + body : head, method === 'HEAD');
  });
}
