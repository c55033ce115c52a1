import type { Socket } from 'node:net';
import { buildConnector, type Dispatcher } from 'undici';
import { connectionLost } from './connection-lost.js';
import { OriginPools } from './origin-pools.js';
import { ResponseCollector } from './response-collector.js';
import { type Exchange, type HttpResponse, NetworkError, type SendOptions } from './types.js';

/**
 * The fast path for ordinary requests: undici's dispatcher with a handler object per request. The
 * engine profile showed node:http's per-request cost (a ClientRequest, an IncomingMessage stream,
 * their listeners and the agent's bookkeeping) as the largest item after GC; undici parses into
 * callbacks, so a request costs one handler object and one pending promise. node:http stays for
 * what undici refuses or does differently (see `undiciCanSend`).
 */

// The address each origin's last connection went to, for the `ip` field: undici's handler API
// never exposes the socket.
const addresses = new Map<string, string>();
const connector = buildConnector({ rejectUnauthorized: false });
const connect: buildConnector.connector = (opts, callback) =>
  connector(opts, (error, socket) => {
    if (!error && socket) {
      const address = (socket as Socket).remoteAddress;
      if (address) {
        if (addresses.size >= 65_536) addresses.clear();
        addresses.set(`${opts.protocol}//${opts.host}`, address);
      }
    }
    // biome-ignore lint/suspicious/noExplicitAny: undici's callback overloads (error | socket)
    (callback as any)(error, socket);
  });

// One keep-alive pool per origin, dropped when its last connection closes (OriginPools: undici's
// Agent keeps every origin forever), one request per connection at a time (no pipelining, as
// Nuclei). Timeouts are ours: one overall deadline per request, which also covers servers that
// trickle bytes forever (undici's are idle timeouts).
const agent = new OriginPools({
  connect,
  pipelining: 1,
  keepAliveTimeout: 30_000,
  keepAliveMaxTimeout: 30_000,
  headersTimeout: 0,
  bodyTimeout: 0,
  maxHeaderSize: 64 * 1024,
  // A server's `Keep-Alive: timeout=N` hint is trusted up to 500 ms before it runs out (undici's
  // default margin, 2 s, is more than the whole hint of servers that say timeout=1, and then
  // every request opened a new connection: 15k sockets in TIME_WAIT after a lab run, and under
  // load requests that waited on fresh connections past their deadline).
  keepAliveTimeoutThreshold: 500,
});

// Header names undici handles itself or refuses (it throws on transfer-encoding, keep-alive,
// upgrade and expect, checks content-length against the body, rewrites connection): requests
// carrying them go through node:http, which sends them as the template wrote them.
const SPECIAL = new Set([
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'expect',
  'connection',
]);

/**
 * Whether undici sends this request as node:http would. `flat` is the [name, value, …] list with
 * Host first; `templateHost` says the template wrote its own Host header (for https undici would
 * then send that name as SNI, node:http sends the URL's host).
 */
export function undiciCanSend(
  method: string,
  tls: boolean,
  flat: readonly string[],
  templateHost: boolean,
): boolean {
  if (method === 'CONNECT' || (tls && templateHost)) return false;
  for (let i = 0; i < flat.length; i += 2) {
    const name = flat[i]!;
    if (name.length < 6 || name.length > 17) continue;
    if (SPECIAL.has(name.toLowerCase())) return false;
  }
  return true;
}

/** A parse failure or a response undici will not take (an unsolicited 100, a bad upgrade). */
class UndiciRefused extends Error {}

const PARSER_REFUSALS = new Set(['bad response', 'bad upgrade']);
// Arguments undici refuses before sending (header values it deems invalid, unsupported options).
const ARGUMENT_REFUSALS = new Set(['UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED']);

/** A parse failure or a request undici refuses: node:http gets the request instead. */
function refused(error: Error): boolean {
  const code = (error as { code?: string }).code ?? '';
  return (
    error instanceof UndiciRefused ||
    PARSER_REFUSALS.has(error.message) ||
    ARGUMENT_REFUSALS.has(code) ||
    code.startsWith('HPE_')
  );
}

/** One request: the dispatcher calls these methods as the response arrives. */
class Handler extends ResponseCollector implements Dispatcher.DispatchHandlers {
  private abortFn: ((error?: Error) => void) | undefined;

  constructor(
    exchange: Exchange,
    private readonly origin: string,
    opts: SendOptions,
    resolve: (res: HttpResponse | Promise<HttpResponse>) => void,
    reject: (error: Error) => void,
  ) {
    super(exchange, opts, resolve, reject);
  }

  protected cut(error: Error): void {
    this.abortFn?.(error);
  }

  onConnect(abort: (error?: Error) => void): void {
    if (this.settled) abort(new NetworkError('aborted'));
    else this.abortFn = abort;
  }

  onError(error: Error): void {
    // A body cut short (the server closed before Content-Length) keeps what came, as node:http
    // did: Nuclei accepts the short body.
    if (this.gotHeaders) {
      this.finish();
      return;
    }
    const lost = connectionLost(error);
    // A lost connection gets one more try in all (node:http then does not try again).
    if (lost || refused(error)) this.fallBack(!lost, error);
    else this.fail(error);
  }

  onUpgrade(): void {
    this.onError(new UndiciRefused('bad upgrade'));
  }

  onHeaders(status: number, raw: Buffer[], _resume: () => void, statusText: string): boolean {
    // Informational responses are skipped, as node:http does for everything but 101.
    if (status < 200) return true;
    const headers: [string, string][] = [];
    for (let i = 0; i + 1 < raw.length; i += 2)
      headers.push([raw[i]!.toString('latin1'), raw[i + 1]!.toString('latin1')]);
    // undici speaks HTTP/1.1 only and does not report the version a server answered with.
    this.takeHead(status, statusText, '1.1', headers, addresses.get(this.origin));
    return true;
  }

  onData(chunk: Buffer): boolean {
    return this.takeBody(chunk);
  }

  onComplete(): void {
    this.finish();
  }
}

/** Sends one request through undici; `flat` already holds Host. Rejects with NetworkError. */
export function sendWithUndici(
  origin: string,
  path: string,
  method: string,
  flat: string[],
  body: string,
  exchange: Exchange,
  opts: SendOptions,
): Promise<HttpResponse> {
  return new Promise<HttpResponse>((resolve, reject) => {
    const handler = new Handler(exchange, origin, opts, resolve, reject);
    // Arguments undici refuses arrive in handler.onError before this returns.
    agent.dispatch(
      {
        origin,
        path,
        method: method as Dispatcher.HttpMethod,
        headers: flat,
        body: body.length > 0 ? Buffer.from(body, 'latin1') : null,
      },
      handler,
    );
  });
}
