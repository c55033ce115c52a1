/**
 * A client-side-rendered lab site for headless templates: the HTML the server sends is an empty
 * shell and a script renders everything in the browser, so only a real browser sees the page and
 * its weaknesses. Planted:
 *
 * - `/oauth/authorize#{json}`: DOM XSS. The hash is parsed as JSON and its `subdomain` written with
 *   `innerHTML` (the shape of Retool's CVE-less OAuth DOM XSS; the community template
 *   `headless/vulnerabilities/retool/retool-dom-xss.yaml` finds it).
 * - `/search#q=…`: DOM XSS, `location.hash` into `innerHTML`.
 * - `/`: a product list fetched from `/api/items` and rendered by the script (no XSS: a clean page).
 *
 * Binds to loopback on a free port unless told otherwise; nothing reaches the internet.
 *
 * @example
 * const site = await startCsrSite();
 * // site.url → 'http://127.0.0.1:PORT'
 * await site.stop();
 */
import { createServer, type Server } from 'node:http';

export interface CsrSite {
  readonly url: string;
  /** Requests received per path (tests assert what the browser fetched). */
  readonly hits: ReadonlyMap<string, number>;
  stop(): Promise<void>;
}

const SHELL = (title: string, script: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><div id="app">Loading…</div>
<script>${script}</script>
</body></html>`;

const PAGES: Record<string, string> = {
  '/': SHELL(
    'Didban CSR Shop',
    `fetch('/api/items').then(r => r.json()).then(items => {
  const app = document.getElementById('app');
  app.textContent = '';
  const h = document.createElement('h1'); h.textContent = 'Didban CSR Shop'; app.appendChild(h);
  const ul = document.createElement('ul'); ul.id = 'items';
  for (const it of items) { const li = document.createElement('li'); li.textContent = it.name; ul.appendChild(li); }
  app.appendChild(ul);
});`,
  ),
  '/oauth/authorize': SHELL(
    'Authorize',
    `try {
  const state = JSON.parse(decodeURIComponent(location.hash.slice(1)) || '{}');
  document.getElementById('app').innerHTML =
    '<h1>Connect ' + (state.resourceName || 'resource') + '</h1><p>Workspace: ' + (state.subdomain || '') + '</p>';
} catch (e) { document.getElementById('app').textContent = 'Invalid request'; }`,
  ),
  '/search': SHELL(
    'Search',
    `const q = new URLSearchParams(location.hash.slice(1)).get('q') || '';
document.getElementById('app').innerHTML = '<h1>Results for ' + q + '</h1>';`,
  ),
};

export async function startCsrSite(options: { host?: string; port?: number } = {}): Promise<CsrSite> {
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/api/items') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify([{ name: 'Lamp' }, { name: 'Kettle' }, { name: 'Radio' }]));
      return;
    }
    const page = PAGES[path];
    if (!page) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', Server: 'didban-lab-csr' });
    res.end(page);
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://${host}:${port}`,
    hits,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
