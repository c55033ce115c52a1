import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { LARGE_BODY_SLOTS } from '../../src/nuclei/http/response-collector.js';
import { sendRequest } from '../../src/nuclei/http/send-request.js';
import { closeIdleSockets } from '../../src/nuclei/http/send-socket.js';

/**
 * A host whose every answer is an endless body (issue 34, item 13): the read cap bounds each
 * response, and at most LARGE_BODY_SLOTS of them are read at once, the others paused with TCP
 * holding the rest at the server. Before, eight requests read eight capped bodies side by side
 * (a run of 25 templates: 25 bodies, 630 MiB RSS).
 */

const CAP = 16 * 1024 * 1024;
const BLOCK = 64 * 1024;

interface Endless {
  port: number;
  /** The most connections that were past half the cap and still open at one time. */
  mostReadingAtOnce: () => number;
  close: () => Promise<void>;
}

async function endless(): Promise<Endless> {
  const written = new Map<net.Socket, number>();
  let most = 0;
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    written.set(socket, 0);
    socket.on('close', () => written.delete(socket));
    socket.once('data', () => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n');
      let n = 0;
      // Every 64 KiB block holds its own number (mod 251): the body's order is checkable.
      const pump = () => {
        while (!socket.destroyed) {
          const ok = socket.write(Buffer.alloc(BLOCK, n % 251));
          n++;
          written.set(socket, n * BLOCK);
          let reading = 0;
          for (const bytes of written.values()) if (bytes > CAP / 2) reading++;
          most = Math.max(most, reading);
          if (!ok) return void socket.once('drain', pump);
        }
      };
      pump();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    mostReadingAtOnce: () => most,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of written.keys()) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const servers: Endless[] = [];
afterAll(async () => {
  closeIdleSockets();
  await Promise.all(servers.map((s) => s.close()));
});

describe('large bodies', () => {
  it(`reads at most ${LARGE_BODY_SLOTS} capped bodies at once and each one whole, in order`, async () => {
    const server = await endless();
    servers.push(server);
    const requests = 2 * LARGE_BODY_SLOTS;
    const lengths: number[] = [];
    await Promise.all(
      Array.from({ length: requests }, async (_, i) => {
        const res = await sendRequest(
          { method: 'GET', url: `http://127.0.0.1:${server.port}/${i}`, headers: [], body: '' },
          { timeoutMs: 60_000, readLimit: CAP, signal: new AbortController().signal },
        );
        expect(res.status).toBe(200);
        expect(res.truncated).toBe(true);
        // Blocks in the order sent: the first, one in the middle, the last byte under the cap.
        for (const at of [0, BLOCK * 100 + 5, CAP - 1])
          expect(res.body.charCodeAt(at)).toBe(Math.floor(at / BLOCK) % 251);
        lengths.push(res.body.length);
      }),
    );
    expect(lengths).toEqual(Array(requests).fill(CAP));
    expect(server.mostReadingAtOnce()).toBeGreaterThan(0);
    expect(server.mostReadingAtOnce()).toBeLessThanOrEqual(LARGE_BODY_SLOTS);
  }, 90_000);
});
