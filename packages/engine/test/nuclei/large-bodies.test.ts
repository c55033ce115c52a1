import { execFile } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LARGE_BODY_SLOTS } from '../../src/nuclei/http/response-collector.js';
import { sendRequest } from '../../src/nuclei/http/send-request.js';
import { closeIdleSockets } from '../../src/nuclei/http/send-socket.js';
import { includesFolded } from '../../src/nuclei/operators/match.js';
import { asciiLower } from '../../src/nuclei/util/bytes.js';

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

/** The scenario runs in its own process (support/large-bodies-wait.mts): see there why. */
function runWaitScenario(): Promise<{ paths: string[]; aliveWhileWaiting: number }> {
  const script = fileURLToPath(new URL('./support/large-bodies-wait.mts', import.meta.url));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--conditions=didban-source', '--import', 'tsx', script],
      { encoding: 'utf8', maxBuffer: 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout.trim().split('\n').pop()!));
      },
    );
  });
}

describe('large bodies through templates', () => {
  it('a run waiting for its next request holds none of the capped bodies it matched', async () => {
    const templatesAtOnce = 8;
    const { paths, aliveWhileWaiting } = await runWaitScenario();
    // Each capped body was read and matched, then each second answer.
    expect(paths).toEqual(
      Array.from({ length: templatesAtOnce }, (_, i) => [`/endless/${i}`, `/wait/${i}`])
        .flat()
        .sort(),
    );
    // Before, each run kept its first response (4 MiB of text) while its second request waited
    // (8 texts alive), and an abort signal kept the first request registered on it (1 text
    // once the runs let theirs go).
    expect(aliveWhileWaiting).toBe(0);
  }, 120_000);
});

describe('case-insensitive words in a large body', () => {
  it('finds what the whole body lowercased would, a word across two pieces included', () => {
    const piece = 256 * 1024;
    // 1 MiB of `x` with words put at piece boundaries, and a byte past ASCII that stays as it is.
    const chars = Buffer.alloc(4 * piece, 'x');
    const put = (at: number, text: string) => chars.write(text, at, 'latin1');
    put(piece - 3, 'AdMiN-PaNeL');
    put(2 * piece - 1, 'Server: ÉTÉ');
    put(4 * piece - 5, 'TaIl!');
    const body = chars.toString('latin1');
    const words = ['admin-panel', 'server: \xc9t\xc9', 'server: \xe9t\xe9', 'tail!', 'missing', 'xxxxx'];
    for (const word of words) {
      const expected = asciiLower(body).includes(word);
      expect(includesFolded(body, [word], 'or'), word).toBe(expected);
    }
    expect(includesFolded(body, ['admin-panel', 'tail!'], 'and')).toBe(true);
    expect(includesFolded(body, ['admin-panel', 'missing'], 'and')).toBe(false);
    expect(includesFolded(body, ['missing', 'tail!'], 'or')).toBe(true);
    expect(includesFolded(body, [], 'or')).toBe(false);
  });
});
