import { describe, expect, it } from 'vitest';
import { type ResponseHead, ResponseParser } from '../../src/nuclei/http/response-parser.js';

/** What a parser reports for `bytes` fed in the given pieces, then the connection closing. */
function read(bytes: string, pieces: number[] = [], skipBody = false) {
  const seen: { head?: ResponseHead; body: string; end?: boolean; error?: string; closedOk?: boolean } = {
    body: '',
  };
  const parser = new ResponseParser({
    onHead: (head) => {
      seen.head = head;
    },
    onBody: (chunk) => {
      seen.body += chunk.toString('latin1');
    },
    onEnd: (keepAlive) => {
      seen.end = keepAlive;
    },
  });
  parser.expect(skipBody);
  const buf = Buffer.from(bytes, 'latin1');
  let at = 0;
  for (const cut of [...pieces, buf.length]) {
    const error = parser.execute(buf.subarray(at, cut));
    at = cut;
    if (error) {
      seen.error = error.message;
      return seen;
    }
  }
  if (seen.end === undefined) seen.closedOk = parser.finish();
  return seen;
}

const RESPONSES: Record<string, string> = {
  sized:
    'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5\r\nX-Repeat: 1\r\nx-repeat: 2\r\n\r\nhello',
  chunked:
    'HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n3;name=v\r\nabc\r\nA\r\n0123456789\r\n0\r\nTrailer: x\r\n\r\n',
  informational:
    'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\nno',
  http10: 'HTTP/1.0 200 OK\r\nContent-Length: 3\r\n\r\nold',
  http10KeepAlive: 'HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 3\r\n\r\nold',
  close: 'HTTP/1.1 200 OK\r\nConnection: foo, close\r\nContent-Length: 1\r\n\r\na',
  extra: 'HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\naEXTRA',
  bareLf: 'HTTP/1.1 301 Moved\nLocation: /x\nContent-Length: 0\n\n',
  noReason: 'HTTP/1.1 204\r\nX: y\r\n\r\n',
  untilClose: 'HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\nall of it',
  highBytes: 'HTTP/1.1 200 \xc9t\xe9\r\nX-Caf\xe9: \xff\x80 \t\r\nContent-Length: 0\r\n\r\n',
};

describe('response parser', () => {
  it('reads heads, bodies and the keep-alive verdict as Go would', () => {
    expect(read(RESPONSES.sized!)).toEqual({
      head: {
        status: 200,
        statusText: 'OK',
        version: '1.1',
        headers: [
          ['Content-Type', 'text/html'],
          ['Content-Length', '5'],
          ['X-Repeat', '1'],
          ['x-repeat', '2'],
        ],
      },
      body: 'hello',
      end: true,
    });
    expect(read(RESPONSES.chunked!)).toMatchObject({ body: 'abc0123456789', end: true });
    expect(read(RESPONSES.informational!)).toMatchObject({ head: { status: 404 }, body: 'no', end: true });
    expect(read(RESPONSES.http10!)).toMatchObject({ head: { version: '1.0' }, body: 'old', end: false });
    expect(read(RESPONSES.http10KeepAlive!)).toMatchObject({ body: 'old', end: true });
    expect(read(RESPONSES.close!)).toMatchObject({ body: 'a', end: false });
    // Bytes after the response: the response is whole, the connection not reused.
    expect(read(RESPONSES.extra!)).toMatchObject({ body: 'a', end: false });
    expect(read(RESPONSES.bareLf!)).toMatchObject({
      head: {
        status: 301,
        headers: [
          ['Location', '/x'],
          ['Content-Length', '0'],
        ],
      },
      end: true,
    });
    expect(read(RESPONSES.noReason!)).toMatchObject({ head: { status: 204, statusText: '' }, end: true });
    // Transfer-Encoding without chunked last: the body runs until the close.
    expect(read(RESPONSES.untilClose!)).toMatchObject({ body: 'all of it', end: false, closedOk: true });
    expect(read(RESPONSES.highBytes!)).toMatchObject({
      head: {
        statusText: '\xc9t\xe9',
        headers: [
          ['X-Caf\xe9', '\xff\x80'],
          ['Content-Length', '0'],
        ],
      },
    });
    // HEAD: no body whatever Content-Length says; a server that sends one anyway ends reuse.
    expect(read('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n', [], true)).toMatchObject({
      body: '',
      end: true,
    });
    expect(read(RESPONSES.sized!, [], true)).toMatchObject({ body: '', end: false });
  });

  it('reads the same whatever the pieces the bytes arrive in', () => {
    for (const [name, bytes] of Object.entries(RESPONSES)) {
      // Bytes that come after the response in a later read are the connection's to refuse (it
      // holds no request then and closes): the parser only sees extra bytes read with the response.
      if (name === 'extra') continue;
      const whole = read(bytes);
      for (let cut = 1; cut < bytes.length; cut++)
        expect(read(bytes, [cut]), `${name} cut at ${cut}`).toEqual(whole);
      const everyByte = Array.from({ length: bytes.length - 1 }, (_, i) => i + 1);
      expect(read(bytes, everyByte), `${name} byte by byte`).toEqual(whole);
    }
  });

  it('says a response was cut short when the connection closes mid-body', () => {
    expect(read('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc')).toMatchObject({
      body: 'abc',
      closedOk: false,
    });
    expect(read('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab')).toMatchObject({
      body: 'ab',
      closedOk: false,
    });
    expect(read('HTTP/1.1 200 OK\r\nX: y')).toMatchObject({ closedOk: false });
  });

  it('refuses what it would not read as Go does, so node:http gets the request', () => {
    const refused = {
      'ICY 200 OK\r\n\r\n': 'not an HTTP/1 status line',
      'HTTP/1.1 2000 OK\r\n\r\n': 'not an HTTP/1 status line',
      'HTTP/1.1 200 OK\r\nno colon here\r\n\r\n': 'header line without a name and colon',
      'HTTP/1.1 200 OK\r\n: empty name\r\n\r\n': 'header line without a name and colon',
      'HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n': 'white space or control in a header name',
      'HTTP/1.1 200 OK\r\nX: a\r\n folded\r\n\r\n': 'header line without a name and colon',
      'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc': 'two different Content-Lengths',
      'HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n': 'bad Content-Length',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n': 'bad chunk size',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n': 'chunk data longer than its size',
      [`HTTP/1.1 200 OK\r\nX: ${'a'.repeat(70_000)}\r\n\r\n`]: 'response head over 64 KB',
    };
    for (const [bytes, message] of Object.entries(refused))
      expect(read(bytes).error, bytes.slice(0, 60)).toBe(message);
    // The same Content-Length twice is one length.
    expect(read('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nab')).toMatchObject({
      body: 'ab',
      end: true,
    });
  });
});
