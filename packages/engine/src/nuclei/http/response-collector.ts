import { onAbort } from '../util/abort-registry.js';
import { decodeBody } from './decode-body.js';
import { ReceivedResponse } from './received-response.js';
import { type Exchange, type HttpResponse, NetworkError, type SendOptions } from './types.js';

const NO_HEADERS: [string, string][] = [];
// A body past this size is gathered into one buffer the size of the read cap (takeBody).
const LARGE_BODY = 256 * 1024;

// Cap-sized buffers of finished large bodies, for the next ones: a 10 MiB buffer dropped after
// each body stays allocated until V8 collects it, and a run whose every answer is endless had
// dozens waiting at once. A few are kept; one free list per cap size (templates may set their own).
const FREE_LARGE = new Map<number, Buffer[]>();
const KEEP_FREE = 4;

function takeLargeBuffer(size: number): Buffer {
  return FREE_LARGE.get(size)?.pop() ?? Buffer.allocUnsafeSlow(size);
}

function giveLargeBuffer(buffer: Buffer): void {
  let free = FREE_LARGE.get(buffer.length);
  if (!free) {
    free = [];
    FREE_LARGE.set(buffer.length, free);
  }
  if (free.length < KEEP_FREE) free.push(buffer);
}

/**
 * How many large bodies are read at once, in the whole process. The read cap bounds one
 * response; this bounds a run: 25 templates against a host whose every answer is endless read
 * 25 capped bodies at once, each a buffer and then its text (630 MiB RSS, docs/benchmarks.md, "An
 * endless body"). Past the first LARGE_BODY bytes a response waits for one of these slots with its
 * connection paused (TCP holds the rest at the server) and reads on when a body before it is done.
 * The request's deadline keeps running while it waits, as it does while a slow server sends.
 */
export const LARGE_BODY_SLOTS = 4;
let largeReading = 0;
const largeWaiting: (() => void)[] = [];

function releaseLargeSlot(): void {
  const next = largeWaiting.shift();
  // After the caller is done with its buffer (given back for the next body to take).
  if (next) queueMicrotask(next);
  else largeReading--;
}

/**
 * One request of a fast client (send-socket.ts, send-undici.ts): its deadline and abort, the read
 * cap, and the response built once. It settles exactly once: with a response, with node:http's
 * answer (a fallback) or with a NetworkError. A subclass says how to stop its connection.
 */
export abstract class ResponseCollector {
  protected settled = false;
  protected gotHeaders = false;
  private chunks: Buffer[] = [];
  // A large body's one buffer (see takeBody); undefined while the body is small.
  private whole: Buffer | undefined;
  private size = 0;
  // The large-body slot: none, waiting for one (reading paused), or holding one.
  private slot: 'none' | 'waiting' | 'held' = 'none';
  private readonly granted = (): void => this.grant();
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

  /**
   * Stops reading from the connection until `resumeReading` (a large body waiting for its slot).
   * False: this client cannot pause, and its large bodies are read without a slot.
   */
  protected pauseReading(): boolean {
    return false;
  }

  protected resumeReading(): void {}

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
    const full = chunk.length >= room;
    const piece = full ? chunk.subarray(0, room) : chunk;
    if (this.whole) piece.copy(this.whole, this.size);
    else {
      // Views of what the connection read (a new buffer for every read): kept as they are…
      this.chunks.push(piece);
      // …until the body is large: then into one buffer the size of the cap, each read's buffer
      // garbage at once, and no concatenation at the end (holding every read and concatenating
      // them held two copies of a capped body besides its text). The cap's pages are resident
      // only as far as they are written; the buffer serves the next large body once this one's
      // text is made. Large bodies wait for a slot (LARGE_BODY_SLOTS).
      if (this.size + piece.length > LARGE_BODY && !full && this.slot === 'none') {
        if (largeReading < LARGE_BODY_SLOTS) {
          largeReading++;
          this.slot = 'held';
        } else if (this.pauseReading()) {
          this.slot = 'waiting';
          largeWaiting.push(this.granted);
        }
      }
      if (this.slot === 'held' && !this.whole) this.gather();
    }
    this.size += piece.length;
    if (full) {
      this.truncated = true;
      // Stop reading: the cap is the point. The connection is not reused after this.
      this.finish();
      this.cut(new NetworkError('read limit'));
      return false;
    }
    return true;
  }

  /** The large-body slot is this request's now: its body goes into one buffer, reading resumes. */
  private grant(): void {
    if (this.settled) {
      releaseLargeSlot();
      return;
    }
    this.slot = 'held';
    this.gather();
    this.resumeReading();
  }

  private dropBuffer(): void {
    if (this.whole) giveLargeBuffer(this.whole);
    this.whole = undefined;
    this.chunks = [];
  }

  private gather(): void {
    this.whole = takeLargeBuffer(this.opts.readLimit);
    let at = 0;
    for (const c of this.chunks) at += c.copy(this.whole, at);
    this.chunks = [];
  }

  /** The headers received, for the connection's keep-alive rules. */
  protected get receivedHeaders(): readonly (readonly [string, string])[] {
    return this.headers;
  }

  /** node:http gets the request (`resend`: it may send once more if its connection is lost). */
  protected fallBack(resend: boolean, error: Error): void {
    if (!this.settle()) return;
    this.dropBuffer();
    this.cut(error);
    this.resolve(this.exchange.fallback(resend));
  }

  protected fail(error: Error): void {
    if (!this.settle()) return;
    this.dropBuffer();
    this.cut(error);
    this.reject(error instanceof NetworkError ? error : new NetworkError(error.message));
  }

  protected finish(): void {
    if (!this.settle()) return;
    const raw = this.whole
      ? this.whole.subarray(0, this.size)
      : this.chunks.length === 1
        ? this.chunks[0]!
        : Buffer.concat(this.chunks, this.size);
    const body = decodeBody(raw, this.encoding, this.opts.readLimit);
    const text = body.toString('latin1');
    // The text is a copy: the large buffer serves the next large body at once.
    this.dropBuffer();
    this.resolve(
      new ReceivedResponse(
        {
          url: this.exchange.url,
          status: this.status,
          statusText: this.statusText,
          httpVersion: this.httpVersion,
          headers: this.headers,
          body: text,
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
    if (this.slot === 'held') releaseLargeSlot();
    else if (this.slot === 'waiting') {
      const at = largeWaiting.indexOf(this.granted);
      if (at >= 0) largeWaiting.splice(at, 1);
    }
    this.slot = 'none';
    clearTimeout(this.deadline);
    this.unregister();
    return true;
  }
}
