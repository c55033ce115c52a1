/**
 * An HTTP/1.x response reader for the socket client (socket-pool.ts), strict where it has to
 * choose: what it does not read as Go's client would (a header line without a colon or with
 * white space in its name, a folded line, two different Content-Lengths, a bad chunk size, a head
 * over 64 KB) is an error, and the request is then sent again through node:http, whose lenient
 * parser decides. It reads headers straight from the bytes into the [name, value] pairs the engine
 * keeps, latin1 as received: http-parser-js, tried first, cost 2.1 µs and 2.5 KB per response in
 * the engine bench (a regex match and a string for every line), as much as all the rest of the
 * socket client (docs/benchmarks.md, Template engine, "Session 11").
 */

export interface ResponseHead {
  readonly status: number;
  readonly statusText: string;
  /** `1.1`, `1.0`. */
  readonly version: string;
  readonly headers: [string, string][];
}

/** Where a parsed response goes, in order: one head, body pieces, one end. */
export interface ResponseSink {
  onHead(head: ResponseHead): void;
  /** A view of the received bytes (not copied). */
  onBody(chunk: Buffer): void;
  /** `keepAlive`: the connection may carry another request (nothing after the response, no close). */
  onEnd(keepAlive: boolean): void;
}

export class ResponseError extends Error {
  override readonly name = 'ResponseError';
}

const MAX_HEAD = 64 * 1024;
// A chunk-size line or a trailer line: far shorter in practice.
const MAX_LINE = 8 * 1024;
const LF = 10;
const CR = 13;

enum State {
  Head,
  Sized,
  ChunkSize,
  ChunkData,
  ChunkEnd,
  Trailers,
  UntilClose,
  Done,
  Upgraded,
}

export class ResponseParser {
  private state = State.Done;
  private buffered: Buffer | undefined;
  private remaining = 0;
  private skipBody = false;
  private keepAlive = false;

  constructor(private readonly sink: ResponseSink) {}

  /** A request was written: its response comes next (`skipBody` for HEAD). */
  expect(skipBody: boolean): void {
    this.state = State.Head;
    this.buffered = undefined;
    this.skipBody = skipBody;
  }

  /** True once the response ended, or a 101 switched protocols. */
  get done(): boolean {
    return this.state === State.Done || this.state === State.Upgraded;
  }

  /** Reads the next bytes. Returns an error when they are not a response this parser reads. */
  execute(data: Buffer): ResponseError | undefined {
    let buf = data;
    if (this.buffered) {
      buf = Buffer.concat([this.buffered, data]);
      this.buffered = undefined;
    }
    let pos = 0;
    while (pos < buf.length) {
      switch (this.state) {
        case State.Head: {
          const end = headEnd(buf, pos);
          if (end < 0) {
            if (buf.length - pos > MAX_HEAD) return new ResponseError('response head over 64 KB');
            this.buffered = buf.subarray(pos);
            return undefined;
          }
          if (end - pos > MAX_HEAD) return new ResponseError('response head over 64 KB');
          const error = this.head(buf, pos, end);
          if (error) return error;
          pos = end;
          break;
        }
        case State.Sized:
        case State.ChunkData: {
          const n = Math.min(this.remaining, buf.length - pos);
          this.sink.onBody(buf.subarray(pos, pos + n));
          pos += n;
          this.remaining -= n;
          if (this.remaining === 0) {
            if (this.state === State.Sized) this.end(pos < buf.length);
            else this.state = State.ChunkEnd;
          }
          break;
        }
        case State.ChunkSize:
        case State.ChunkEnd:
        case State.Trailers: {
          const nl = buf.indexOf(LF, pos);
          if (nl < 0) {
            if (buf.length - pos > MAX_LINE) return new ResponseError('chunk line too long');
            this.buffered = buf.subarray(pos);
            return undefined;
          }
          const lineEnd = nl > pos && buf[nl - 1] === CR ? nl - 1 : nl;
          const error = this.line(buf, pos, lineEnd);
          if (error) return error;
          pos = nl + 1;
          // `line` moves the state on (TypeScript still narrows it to the three above).
          if ((this.state as State) === State.Done) this.end(pos < buf.length);
          break;
        }
        case State.UntilClose:
          this.sink.onBody(pos === 0 ? buf : buf.subarray(pos));
          pos = buf.length;
          break;
        case State.Done:
        case State.Upgraded:
          // Bytes after the response: the connection's owner sees `done` and does not reuse it.
          return undefined;
      }
    }
    return undefined;
  }

  /**
   * The server closed the connection. A body read until the close ends here (true); anything else
   * unfinished was cut short (false).
   */
  finish(): boolean {
    if (this.state === State.UntilClose) {
      this.keepAlive = false;
      this.end(true);
      return true;
    }
    return this.done;
  }

  private end(extra: boolean): void {
    this.state = State.Done;
    this.sink.onEnd(this.keepAlive && !extra);
  }

  /** Status line and headers between `start` and `end` (just past the blank line). */
  private head(buf: Buffer, start: number, end: number): ResponseError | undefined {
    let nl = buf.indexOf(LF, start);
    const status = statusLine(buf, start, nl > start && buf[nl - 1] === CR ? nl - 1 : nl);
    if (!status) return new ResponseError('not an HTTP/1 status line');
    const headers: [string, string][] = [];
    let contentLength = -1;
    let chunked = false;
    let transferEncoded = false;
    let connection = '';
    for (let at = nl + 1; at < end; at = nl + 1) {
      nl = buf.indexOf(LF, at);
      const lineEnd = nl > at && buf[nl - 1] === CR ? nl - 1 : nl;
      if (lineEnd === at) break;
      const colon = buf.indexOf(58, at);
      if (colon <= at || colon > lineEnd) return new ResponseError('header line without a name and colon');
      for (let i = at; i < colon; i++) {
        const b = buf[i]!;
        if (b <= 32 || b === 127) return new ResponseError('white space or control in a header name');
      }
      let vs = colon + 1;
      while (vs < lineEnd && (buf[vs] === 32 || buf[vs] === 9)) vs++;
      let ve = lineEnd;
      while (ve > vs && (buf[ve - 1] === 32 || buf[ve - 1] === 9)) ve--;
      const name = buf.toString('latin1', at, colon);
      const value = buf.toString('latin1', vs, ve);
      headers.push([name, value]);
      switch (name.length) {
        case 14:
          if (name.toLowerCase() === 'content-length') {
            if (!/^\d{1,15}$/.test(value)) return new ResponseError('bad Content-Length');
            const length = Number(value);
            if (contentLength >= 0 && contentLength !== length)
              return new ResponseError('two different Content-Lengths');
            contentLength = length;
          }
          break;
        case 17:
          if (name.toLowerCase() === 'transfer-encoding') {
            transferEncoded = true;
            // The last coding decides (RFC 9112 6.3): chunked, else the body runs until the close.
            chunked = /(?:^|,)\s*chunked\s*$/i.test(value);
          }
          break;
        case 10:
          if (name.toLowerCase() === 'connection') connection += `${value.toLowerCase()},`;
          break;
      }
    }
    const { code } = status;
    // Informational answers (100 Continue, 103 Early Hints) are skipped: the real one follows.
    if (code >= 100 && code < 200 && code !== 101) return undefined;
    this.sink.onHead({ status: code, statusText: status.text, version: status.version, headers });
    if (code === 101) {
      this.state = State.Upgraded;
      return undefined;
    }
    this.keepAlive =
      status.version === '1.0' ? hasToken(connection, 'keep-alive') : !hasToken(connection, 'close');
    if (this.skipBody || code === 204 || code === 304) this.state = State.Done;
    else if (chunked) this.state = State.ChunkSize;
    else if (transferEncoded || contentLength < 0) this.state = State.UntilClose;
    else if (contentLength === 0) this.state = State.Done;
    else {
      this.state = State.Sized;
      this.remaining = contentLength;
    }
    if (this.state === State.Done) this.end(end < buf.length);
    return undefined;
  }

  /** A chunk-size line, the line ending a chunk's data, or a trailer line. */
  private line(buf: Buffer, start: number, end: number): ResponseError | undefined {
    if (this.state === State.ChunkEnd) {
      if (end !== start) return new ResponseError('chunk data longer than its size');
      this.state = State.ChunkSize;
      return undefined;
    }
    if (this.state === State.Trailers) {
      if (end === start) this.state = State.Done;
      return undefined;
    }
    let size = 0;
    let i = start;
    for (; i < end; i++) {
      const digit = hexValue(buf[i]!);
      if (digit < 0) break;
      size = size * 16 + digit;
      if (size > 2 ** 40) return new ResponseError('chunk size too large');
    }
    if (i === start) return new ResponseError('bad chunk size');
    // Chunk extensions (`;name=value`) and white space before them are ignored, as Go does.
    if (i < end && buf[i] !== 59 && buf[i] !== 32 && buf[i] !== 9) return new ResponseError('bad chunk size');
    if (size === 0) this.state = State.Trailers;
    else {
      this.state = State.ChunkData;
      this.remaining = size;
    }
    return undefined;
  }
}

/** The index just past the blank line ending the head at `start`, or -1 if it has not all come. */
function headEnd(buf: Buffer, start: number): number {
  let at = start;
  for (;;) {
    const nl = buf.indexOf(LF, at);
    if (nl < 0) return -1;
    if (nl === at || (nl === at + 1 && buf[at] === CR)) return nl + 1;
    at = nl + 1;
  }
}

/** `HTTP/x.y NNN reason`; the reason may be empty or missing. */
function statusLine(
  buf: Buffer,
  start: number,
  end: number,
): { code: number; text: string; version: string } | undefined {
  // "HTTP/" digit "." digit SP digit digit digit
  if (end - start < 12) return undefined;
  if (buf[start] !== 72 || buf[start + 1] !== 84 || buf[start + 2] !== 84 || buf[start + 3] !== 80) return;
  if (buf[start + 4] !== 47 || buf[start + 6] !== 46 || buf[start + 8] !== 32) return undefined;
  const major = buf[start + 5]! - 48;
  const minor = buf[start + 7]! - 48;
  const c1 = buf[start + 9]! - 48;
  const c2 = buf[start + 10]! - 48;
  const c3 = buf[start + 11]! - 48;
  if (!isDigit(major) || !isDigit(minor) || !isDigit(c1) || !isDigit(c2) || !isDigit(c3)) return undefined;
  if (end > start + 12 && buf[start + 12] !== 32) return undefined;
  return {
    code: c1 * 100 + c2 * 10 + c3,
    text: end > start + 13 ? buf.toString('latin1', start + 13, end) : '',
    version: `${major}.${minor}`,
  };
}

const isDigit = (d: number): boolean => d >= 0 && d <= 9;

function hexValue(b: number): number {
  if (b >= 48 && b <= 57) return b - 48;
  if (b >= 97 && b <= 102) return b - 87;
  if (b >= 65 && b <= 70) return b - 55;
  return -1;
}

/** Whether a comma-separated, lowercased header value list holds `token`. */
function hasToken(list: string, token: string): boolean {
  if (list === '') return false;
  for (const part of list.split(',')) if (part.trim() === token) return true;
  return false;
}
