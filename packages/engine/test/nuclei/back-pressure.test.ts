import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTemplates, runTemplates } from '../../src/nuclei/index.js';

// A consumer slower than the scan (a worker posting batches to a busy server) must hold the scan
// back: hosts are not started while too many events wait unread, so memory stays flat however
// many hosts × templates a task holds. Without back-pressure all 3,000 requests go out at once.
let server: Server;
let base = '';
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    res.end(`page ${req.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const template = `id: every-page
info: {name: every page, author: didban, severity: info}
http:
  - method: GET
    path: ["{{BaseURL}}/x"]
    matchers:
      - type: word
        words: ["page"]
`;

describe('runTemplates back-pressure', () => {
  it('starts no more hosts while the consumer is 256 events behind, then finishes them all', async () => {
    const { templates } = loadTemplates([{ content: template }]);
    const targets = Array.from({ length: 3000 }, (_, i) => `${base}/h${i}`);
    let read = 0;
    let aheadAtPause = 0;
    for await (const event of runTemplates({ templates, targets, options: { rateLimit: 100_000 } })) {
      if (event.type === 'finding') read++;
      if (read === 10) {
        // The consumer stalls until the scan stops sending (or 20 s): with back-pressure that is
        // once the buffer is full; without, only after every host was done.
        let last = -1;
        for (let i = 0; i < 100 && requests !== last; i++) {
          last = requests;
          await new Promise((r) => setTimeout(r, 700));
        }
        aheadAtPause = requests - read;
      }
    }
    expect(read).toBe(3000);
    // 256 buffered + the hosts already in flight (bulk size 25 by default) — far below 3,000.
    expect(aheadAtPause).toBeLessThan(400);
  }, 60_000);
});
