import { onAbort } from '../util/abort-registry.js';
import { decodeBody } from './decode-body.js';
import { ReceivedResponse } from './received-response.js';
import { type Exchange, type HttpResponse, NetworkError, type SendOptions } from './types.js';

const NO_HEADERS: [string, string][] = [];

/**
 * One request of a fast client (send-socket.ts, send-undici.ts): its deadline and abort, the read
 * cap, and the response built once. It settles exactly once: with a response, with node:http's
 * answer (a fallback) or with a NetworkError. A subclass says how to stop its connection.
 */
export abstract class ResponseCollector {
  protected settled = false;
  protected gotHeaders = false;
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private truncated = false;
  private status = 0;
  private statusText = '';
  private httpVersion = '1.1';
  private headers: [string, string][] = NO_HEADERS;
  private encoding: string | undefined;
  private ip: string | undefined;
  private readonly deadline: NodeJS.Timeout;
  private readonly unregister: () => void;
  private readonly started = performance.now();

  constructor(
    protected readonly exchange: Exchange,
    private readonly opts: SendOptions,
    private readonly resolve: (res: HttpResponse | Promise<HttpResponse>) => void,
    private readonly reject: (error: Error) => void,
  ) {
    this.deadline = setTimeout(
      () => this.fail(new NetworkError(`timed out after ${opts.timeoutMs} ms`)),
      opts.timeoutMs,
    );
    this.unregister = onAbort(opts.signal, () => this.fail(new NetworkError('aborted')));
  }

  /** Stops the connection's work on this request (a timeout, an abort, the read cap, a fallback). */
  protected abstract cut(error: Error): void;

  /** The final response's head; Content-Encoding is noted for decoding. */
  protected takeHead(
    status: number,
    statusText: string,
    httpVersion: string,
    headers: [string, string][],
    ip: string | undefined,
  ): void {
    this.status = status;
    this.statusText = statusText;
    this.httpVersion = httpVersion;
    this.headers = headers;
    this.ip = ip;
    this.gotHeaders = true;
    for (const [name, value] of headers) {
      if (name.length === 16 && name.toLowerCase() === 'content-encoding')
        this.encoding = this.encoding === undefined ? value : `${this.encoding}, ${value}`;
    }
  }

  /** A piece of the body. False once the read cap is reached: the response is then finished. */
  protected takeBody(chunk: Buffer): boolean {
    if (this.settled) return false;
    const room = this.opts.readLimit - this.size;
    if (chunk.length >= room) {
      this.chunks.push(chunk.subarray(0, room));
      this.size += room;
      this.truncated = true;
      // Stop reading: the cap is the point. The connection is not reused after this.
      this.finish();
      this.cut(new NetworkError('read limit'));
      return false;
    }
    // Views of what the connection read (a new buffer for every read): kept as they are.
    this.chunks.push(chunk);
    this.size += chunk.length;
    return true;
  }

  /** The headers received, for the connection's keep-alive rules. */
  protected get receivedHeaders(): readonly (readonly [string, string])[] {
    return this.headers;
  }

  /** node:http gets the request (`resend`: it may send once more if its connection is lost). */
  protected fallBack(resend: boolean, error: Error): void {
    if (!this.settle()) return;
    this.cut(error);
    this.resolve(this.exchange.fallback(resend));
  }

  protected fail(error: Error): void {
    if (!this.settle()) return;
    this.cut(error);
    this.reject(error instanceof NetworkError ? error : new NetworkError(error.message));
  }

  protected finish(): void {
    if (!this.settle()) return;
    const raw = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const body = decodeBody(raw, this.encoding, this.opts.readLimit);
    this.resolve(
      new ReceivedResponse(
        {
          url: this.exchange.url,
          status: this.status,
          statusText: this.statusText,
          httpVersion: this.httpVersion,
          headers: this.headers,
          body: body.toString('latin1'),
          truncated: this.truncated,
          durationMs: performance.now() - this.started,
          ip: this.ip,
        },
        this.exchange.requestDump,
      ),
    );
  }

  private settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    clearTimeout(this.deadline);
    this.unregister();
    return true;
  }
}
