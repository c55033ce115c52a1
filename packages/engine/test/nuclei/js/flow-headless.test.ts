/**
 * `headless()` inside a JavaScript flow (nuclei's flow registers one function per protocol the
 * template has, headless included): an http request decides whether the browser step runs, and
 * the browser sees what only a rendered page has. Real Chromium through the engine's pool.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserPool } from '../../../src/browser/browser-pool.js';
import { collectScan, loadTemplates } from '../../../src/nuclei/index.js';

// The shell names the app; only the script run in a browser writes the marker into the page.
const SHELL =
  '<html><body><div id="app">app-shell</div><script>document.getElementById("app").textContent = "rendered-" + (6 * 7);</script></body></html>';
const PLAIN = '<html><body>nothing to render</body></html>';

let server: Server;
let base: string;
const hits: string[] = [];
let pool: BrowserPool;
beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(req.url?.startsWith('/plain') ? PLAIN : SHELL);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  pool = new BrowserPool();
});
afterAll(async () => {
  await pool.close();
  await new Promise((resolve) => server.close(resolve));
});

const template = (path: string) => `id: flow-headless
info: {name: flow-headless, author: didban, severity: info}
flow: |
  if (http(1)) {
    set('page', '${path}');
    headless(1);
  }
http:
  - method: GET
    path: ["{{BaseURL}}${path}"]
    matchers: [{type: word, words: [app-shell], internal: true}]
headless:
  - steps:
      - action: navigate
        args: {url: "{{BaseURL}}{{page}}"}
      - action: waitload
    matchers: [{type: word, part: body, words: [rendered-42]}]
`;

describe('headless() in a flow', { timeout: 90_000 }, () => {
  it('runs the browser step when the http call matched and finds what only the rendered page shows', async () => {
    const { templates, rejected } = loadTemplates([{ content: template('/app') }]);
    expect(rejected).toEqual([]);
    hits.length = 0;
    const { findings, failures } = await collectScan({
      templates,
      targets: [base],
      options: { headless: { pool } },
    });
    expect(failures).toEqual([]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ templateId: 'flow-headless', protocol: 'headless' });
    expect(findings[0]!.matchedAt).toBe(`${base}/app`);
    // The engine's GET, then the browser's (the flow's `page` reached the headless step).
    expect(hits.filter((h) => h === '/app')).toHaveLength(2);
  });

  it('skips the browser when the http call did not match', async () => {
    const { templates } = loadTemplates([{ content: template('/plain') }]);
    hits.length = 0;
    const { findings, failures } = await collectScan({
      templates,
      targets: [base],
      options: { headless: { pool } },
    });
    expect(failures).toEqual([]);
    expect(findings).toEqual([]);
    expect(hits).toHaveLength(1);
  });
});
