import net from 'node:net';
import tls from 'node:tls';
import { generate } from 'selfsigned';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sendRequest } from '../../src/nuclei/http/send-request.js';
import { closeIdleSockets, idleOrigins } from '../../src/nuclei/http/send-socket.js';
import { createScopePolicy, installSocketGuard } from '../../src/scope/index.js';

/**
 * The socket client (send-socket.ts), the engine's default path for ordinary requests, against
 * servers that write exact bytes: what a scanner meets beyond node's own HTTP server.
 */

type Reply = (request: string, socket: net.Socket, nth: number) => void;

interface Lab {
  port: number;
  connections: () => number;
  requests: string[];
  close: () => Promise<void>;
}

const labs: Lab[] = [];

async function lab(reply: Reply): Promise<Lab> {
  let connections = 0;
  const requests: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffered = '';
    socket.on('data', (data) => {
      buffered += data.toString('latin1');
      for (let end = buffered.indexOf('\r\n\r\n'); end >= 0; end = buffered.indexOf('\r\n\r\n')) {
        const head = buffered.slice(0, end + 4);
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length < end + 4 + length) return;
        const request = buffered.slice(0, end + 4 + length);
        buffered = buffered.slice(end + 4 + length);
        requests.push(request);
        reply(request, socket, requests.length);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const made: Lab = {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  labs.push(made);
  return made;
}

const opts = { timeoutMs: 3_000, readLimit: 1 << 20, signal: new AbortController().signal };
const get = (port: number, path = '/', method = 'GET', body = '') =>
  sendRequest(
    { method, url: `http://127.0.0.1:${port}${path}`, headers: [['User-Agent', 'didban-test']], body },
    opts,
  );

afterEach(() => closeIdleSockets());
afterAll(async () => {
  await Promise.all(labs.map((l) => l.close()));
});

describe('socket client', () => {
  it('writes the request as given, Host first, and reuses the connection', async () => {
    const server = await lab((_req, socket) =>
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-A: 1\r\nx-a: 2\r\n\r\nok'),
    );
    const first = await get(server.port, '/a/..;/b?x=1');
    const second = await get(server.port, '/c', 'POST', 'k=v');
    expect(first.status).toBe(200);
    expect(first.body).toBe('ok');
    // Repeated headers kept, names in their case.
    expect(first.headers).toEqual([
      ['Content-Length', '2'],
      ['X-A', '1'],
      ['x-a', '2'],
    ]);
    expect(first.ip).toBe('127.0.0.1');
    expect(second.body).toBe('ok');
    expect(server.connections()).toBe(1);
    expect(server.requests[0]).toBe(
      `GET /a/..;/b?x=1 HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nUser-Agent: didban-test\r\n\r\n`,
    );
    expect(server.requests[1]).toBe(
      `POST /c HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nUser-Agent: didban-test\r\nContent-Length: 3\r\n\r\nk=v`,
    );
    // The request dump is what went on the wire, but for the length the client adds.
    expect(first.requestDump).toBe(server.requests[0]);
  });

  it('reads chunked bodies with trailers, skips 1xx responses and keeps header bytes ≥ 0x80', async () => {
    const server = await lab((_req, socket) =>
      socket.write(
        Buffer.from(
          'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Créé\r\nTransfer-Encoding: chunked\r\nX-Name: caf\xe9\r\n\r\n' +
            '3\r\nabc\r\n4;ext=1\r\n\xff\x00de\r\n0\r\nX-Trailer: t\r\n\r\n',
          'latin1',
        ),
      ),
    );
    const res = await get(server.port);
    expect(res.status).toBe(201);
    expect(res.statusText).toBe('Cr\xe9\xe9');
    expect(res.body).toBe('abc\xff\x00de');
    expect(res.headers).toContainEqual(['X-Name', 'caf\xe9']);
    // The connection stays usable after the trailers.
    await get(server.port);
    expect(server.connections()).toBe(1);
  });

  it('reads no body after HEAD and does not reuse that connection', async () => {
    const server = await lab((req, socket) =>
      socket.write(
        req.startsWith('HEAD')
          ? 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n'
          : 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello',
      ),
    );
    const head = await get(server.port, '/', 'HEAD');
    expect(head.body).toBe('');
    expect((await get(server.port)).body).toBe('hello');
    expect(server.connections()).toBe(2);
  });

  it("honours Connection: close and the server's keep-alive hint", async () => {
    const closing = await lab((_req, socket) => {
      socket.end('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 1\r\n\r\na');
    });
    await get(closing.port);
    await get(closing.port);
    expect(closing.connections()).toBe(2);
    // timeout=1: less than the 500 ms margin is left after each answer, so nothing is kept.
    const short = await lab((_req, socket) =>
      socket.write('HTTP/1.1 200 OK\r\nKeep-Alive: timeout=1\r\nContent-Length: 1\r\n\r\na'),
    );
    await get(short.port);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await get(short.port);
    expect(short.connections()).toBe(2);
  });

  it('reads a body that runs until the server closes, and keeps a body cut short', async () => {
    const untilClose = await lab((_req, socket) => socket.end('HTTP/1.0 200 OK\r\n\r\nall of it'));
    const res = await get(untilClose.port);
    expect(res.body).toBe('all of it');
    expect(res.httpVersion).toBe('1.0');
    const short = await lab((_req, socket) =>
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly this'),
    );
    expect((await get(short.port)).body).toBe('only this');
  });

  it('stops at the read limit and closes that connection', async () => {
    const server = await lab((_req, socket) =>
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n${'x'.repeat(100_000)}`),
    );
    const res = await sendRequest(
      { method: 'GET', url: `http://127.0.0.1:${server.port}/`, headers: [], body: '' },
      { ...opts, readLimit: 10 },
    );
    expect(res.body).toBe('x'.repeat(10));
    expect(res.truncated).toBe(true);
    await get(server.port);
    expect(server.connections()).toBe(2);
  });

  it('sends once more when the server closes a kept-alive connection without answering', async () => {
    const server = await lab((_req, socket, nth) => {
      if (nth === 2) socket.destroy();
      else socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    });
    await get(server.port);
    const res = await get(server.port);
    expect(res.body).toBe('ok');
    expect(server.requests.length).toBe(3);
  });

  it('gives up at the deadline on a server that never answers', async () => {
    const server = await lab(() => {});
    const started = performance.now();
    await expect(
      sendRequest(
        { method: 'GET', url: `http://127.0.0.1:${server.port}/`, headers: [], body: '' },
        { ...opts, timeoutMs: 200 },
      ),
    ).rejects.toThrow('timed out after 200 ms');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('hands a response its parser refuses to node:http, whose lenient parser reads it', async () => {
    // Two different Content-Length values: the socket client's parser refuses the response; node's
    // lenient parser (insecureHTTPParser, as Nuclei's Go client is lenient) reads it.
    const server = await lab((_req, socket) =>
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc'),
    );
    const outcome = await get(server.port).then(
      (res) => `status ${res.status}`,
      (error: Error) => `error ${error.message}`,
    );
    // Sent twice: once by the socket client, once by node:http.
    expect(server.requests.length).toBe(2);
    expect(outcome).toMatch(/^(status 200|error .+)$/);
  });

  it('leaves requests it would not write as given to the other clients', async () => {
    const server = await lab((_req, socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'));
    // A header value with a raw CR LF is not written by the socket client (undici then node:http
    // refuse it too): the request fails instead of smuggling a second header.
    await expect(
      sendRequest(
        {
          method: 'GET',
          url: `http://127.0.0.1:${server.port}/`,
          headers: [['X-Evil', 'a\r\nInjected: 1']],
          body: '',
        },
        opts,
      ),
    ).rejects.toThrow();
    expect(server.requests.join('')).not.toContain('\r\nInjected: 1');
  });

  it('forgets an origin once its idle connections closed', async () => {
    const closing = await lab((_req, socket) =>
      socket.end('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 1\r\n\r\na'),
    );
    closeIdleSockets();
    await get(closing.port);
    // Nothing is kept for a server that closes; one idle connection for one that keeps it.
    expect(idleOrigins()).toBe(0);
    const kept = await lab((_req, socket) => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\na'));
    await get(kept.port);
    expect(idleOrigins()).toBe(1);
    await kept.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(idleOrigins()).toBe(0);
  });

  it('connects only where the scan scope policy allows (the socket guard sees its connects)', async () => {
    const server = await lab((_req, socket) =>
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'),
    );
    closeIdleSockets();
    const uninstall = installSocketGuard(createScopePolicy({ blockInternal: true }));
    try {
      for (const host of ['127.0.0.1', 'localhost', '2130706433'])
        await expect(
          sendRequest({ method: 'GET', url: `http://${host}:${server.port}/`, headers: [], body: '' }, opts),
          host,
        ).rejects.toThrow(/outside the allowed scan scope/);
      expect(server.connections()).toBe(0);
    } finally {
      uninstall();
    }
  });

  it('speaks TLS without checking certificates, resumes the connection, and sends SNI for names only', async () => {
    const pems = await generate([{ name: 'commonName', value: 'lab.didban.test' }]);
    const names: (string | false)[] = [];
    let connections = 0;
    const server = tls.createServer({ key: pems.private, cert: pems.cert }, (socket) => {
      connections++;
      names.push((socket as tls.TLSSocket & { servername?: string | false }).servername ?? false);
      socket.on('data', () => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\ntls'));
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const url = `https://127.0.0.1:${port}/`;
      for (let i = 0; i < 2; i++) {
        const res = await sendRequest({ method: 'GET', url, headers: [], body: '' }, opts);
        expect(res.body).toBe('tls');
      }
      expect(connections).toBe(1);
      const named = await sendRequest(
        { method: 'GET', url: `https://localhost:${port}/`, headers: [], body: '' },
        opts,
      );
      expect(named.body).toBe('tls');
      // A host name is sent as the server name, an IP address never.
      expect(names).toEqual([false, 'localhost']);
    } finally {
      closeIdleSockets();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
