import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTemplates, RequestCapError, runTemplates } from '../../src/index.js';

// maxRequests: a template asking for 90 000 requests (clusterbomb of two 300-item lists) stops
// at the cap, on the target too, and the scan ends with a RequestCapError saying so.
let hits = 0;
let server: http.Server;
let target: string;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits++;
    res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const list = (n: number) => Array.from({ length: n }, (_, i) => `"v${i}"`).join(', ');
const BOMB = `id: bomb
info: { name: bomb, author: didban, severity: info }
http:
  - method: GET
    path: ["{{BaseURL}}/?a={{a}}&b={{b}}"]
    attack: clusterbomb
    payloads:
      a: [${list(300)}]
      b: [${list(300)}]
    matchers:
      - type: word
        words: ["never"]
`;

describe('maxRequests', () => {
  it('stops the scan at the cap with a RequestCapError; nothing past it reaches the target', async () => {
    const { templates } = loadTemplates([{ content: BOMB }]);
    const run = async () => {
      for await (const _ of runTemplates({
        templates,
        targets: [target],
        options: { rateLimit: 0, maxRequests: 250 },
      }));
    };
    const error = await run().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RequestCapError);
    expect((error as Error).message).toBe(
      'stopped after 250 requests, the most one scan may send (maxRequests)',
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(hits).toBe(250);
  });

  it('without a cap (Nuclei’s default) a scan that fits ends normally', async () => {
    hits = 0;
    const { templates } = loadTemplates([
      { content: BOMB.replace(list(300), list(3)).replace(list(300), list(3)) },
    ]);
    for await (const _ of runTemplates({ templates, targets: [target], options: { rateLimit: 0 } }));
    expect(hits).toBe(9);
  });
});
