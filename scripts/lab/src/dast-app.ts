/**
 * A parameterised lab web app for the crawler and DAST (fuzzing) templates: a small shop whose
 * bugs are reachable only by following its links and forms from the home page. Each bug is a
 * real vulnerable behaviour of the kind the community `dast/` templates look for:
 *
 * - `/search?q=`: reflected XSS. `q` is written into the HTML unescaped
 *   (`dast/vulnerabilities/xss/reflected-xss.yaml`).
 * - `/product?id=`: SQL error. `id` is pasted into a MySQL query between single quotes; a query
 *   whose quotes do not balance fails and the page prints MySQL's own error text
 *   (`dast/vulnerabilities/sqli/sqli-error-based.yaml`).
 * - `/go?url=`: open redirect. Any URL is answered with a 302 to it
 *   (`dast/vulnerabilities/redirect/open-redirect.yaml`).
 * - `/app/greet?name=`: client-side template injection. The server escapes `name` (no reflected
 *   XSS) but a script evaluates `{{ … }}` expressions in the page text, as AngularJS does
 *   (`dast/vulnerabilities/csti/angular-client-side-template-injection.yaml`).
 * - `/app/search?q=`: DOM XSS. A script writes `location.search`'s `q` with `document.write`; the
 *   server never echoes it (`dast/vulnerabilities/xss/dom-xss.yaml`).
 *
 * Not vulnerable (a scanner must stay silent there): `/news?topic=` (escaped), `/login?next=`
 * (relative paths only), the POST `/contact` form (escaped).
 *
 * Also: `robots.txt` (disallows `/admin/`, names the sitemap), `sitemap.xml`, a same-origin script
 * calling `/api/…` endpoints, a depth chain (`/products` → `/product` → `/reviews` →
 * `/reviews/archive`) and, off the home page's links, a generated section of `BENCH_PAGES` pages
 * under `/bench/` (10 links a page) for the crawl benchmark.
 *
 * @example
 * const app = await startDastApp(); // loopback, free port
 * app.url; // 'http://127.0.0.1:PORT'
 * app.hits.get('/product'); // requests per path
 * await app.stop();
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** Pages of the generated `/bench/` section (its index included). */
export const BENCH_PAGES = 500;

export interface DastApp {
  readonly url: string;
  /** Requests received per path. */
  readonly hits: ReadonlyMap<string, number>;
  stop(): Promise<void>;
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const layout = (title: string, body: string, head = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Didban Lab Shop</title>
<link rel="stylesheet" href="/static/shop.css">${head}</head>
<body><nav><a href="/">Home</a> <a href="/products">Products</a> <a href="/search?q=lamp">Search</a>
<a href="/news?topic=security">News</a> <a href="/contact">Contact</a></nav>
<main>${body}</main>
<footer><a href="mailto:shop@lab.didban.test">Mail us</a> <a href="javascript:void(0)">Top</a></footer>
</body></html>`;

const PRODUCTS = [
  { id: 1, name: 'Lamp', price: '19.90' },
  { id: 2, name: 'Kettle', price: '34.50' },
  { id: 3, name: 'Radio', price: '49.00' },
];

/** The client-side "template engine": `{{ expr }}` in text nodes is evaluated, as AngularJS does. */
const INTERPOLATE = `(function () {
  var walker = document.createTreeWalker(document.getElementById('view'), NodeFilter.SHOW_TEXT);
  var nodes = []; while (walker.nextNode()) nodes.push(walker.currentNode);
  nodes.forEach(function (node) {
    node.nodeValue = node.nodeValue.replace(/\\{\\{([^}]*)\\}\\}/g, function (_, expr) {
      try { return String(Function('return (' + expr + ')')()); } catch (e) { return ''; }
    });
  });
})();`;

function home(): string {
  return layout(
    'Home',
    `<h1>Didban Lab Shop</h1>
<p>Lamps, kettles and radios. <a href="/products">Browse the catalogue</a>.</p>
<form action="/search" method="get"><input type="search" name="q" value="lamp"><button>Search</button></form>
<p><a href="/go?url=/products">Go shopping</a> · <a href="/login?next=/account">Sign in</a></p>
<p><a href="/app/greet?name=guest">Greeting card</a> · <a href="/app/search?q=radio">Quick search</a></p>
<map name="m"><area shape="rect" coords="0,0,10,10" href="/about" alt="About"></map>
<p><a href="http://other.lab.didban.test/">Partner shop</a></p>
<script src="/static/app.js"></script>
<script>fetch('/api/stock?sku=1001').then(function (r) { return r.json(); });</script>`,
  );
}

const APP_JS = `// Shop client: cart and stock calls.
function addToCart(sku, qty) {
  return fetch('/api/cart', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ sku: sku, qty: qty }) });
}
var STOCK_ENDPOINT = '/api/stock';
`;

const ROBOTS = `User-agent: *
Disallow: /admin/
Allow: /help

Sitemap: /sitemap.xml
`;

const SITEMAP = (origin: string) => `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>${origin}/</loc></url>
<url><loc>${origin}/about</loc></url>
<url><loc>${origin}/terms</loc></url>
</urlset>
`;

/**
 * The product query, built by pasting `id` between quotes as the vulnerable PHP code would, then
 * checked the way MySQL's parser would reject it: an unterminated string literal.
 */
function productQuery(id: string): { product?: (typeof PRODUCTS)[number]; error?: string } {
  const sql = `SELECT id, name, price FROM products WHERE id = '${id}' LIMIT 1`;
  let inString = false;
  let stringStart = -1;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (c === '\\' && inString) i++;
    else if (c === "'") {
      if (inString && sql[i + 1] === "'") i++;
      else {
        inString = !inString;
        stringStart = i;
      }
    }
  }
  if (inString) {
    const near = sql.slice(stringStart);
    return {
      error: `You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '${near}' at line 1`,
    };
  }
  // MySQL compares a string with an integer column numerically: '2abc' finds row 2.
  const n = Number.parseInt(id, 10);
  return { product: PRODUCTS.find((p) => p.id === n) };
}

function benchPage(n: number): string {
  const links: string[] = [];
  for (let k = n * 10 + 1; k <= n * 10 + 10 && k < BENCH_PAGES; k++) {
    links.push(`<li><a href="/bench/p/${k}">Article ${k}</a></li>`);
  }
  const text = 'Generated article text for the crawl benchmark. '.repeat(20);
  return layout(
    n === 0 ? 'Archive' : `Article ${n}`,
    `<h1>${n === 0 ? 'Archive' : `Article ${n}`}</h1><p>${text}</p><ul>${links.join('')}</ul>`,
  );
}

type Route = (url: URL, req: IncomingMessage, res: ServerResponse, body: string) => void;

function html(res: ServerResponse, status: number, page: string, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    Server: 'Apache/2.4.57 (Debian)',
    ...headers,
  });
  res.end(page);
}

const ROUTES: Record<string, Route> = {
  '/': (_u, _q, res) => html(res, 200, home()),
  '/products': (_u, _q, res) =>
    html(
      res,
      200,
      layout(
        'Products',
        `<h1>Products</h1><ul>${PRODUCTS.map((p) => `<li><a href="/product?id=${p.id}">${p.name}</a> ${p.price} €</li>`).join('')}</ul>`,
      ),
    ),
  '/product': (url, _q, res) => {
    const id = url.searchParams.get('id') ?? '';
    const { product, error } = productQuery(id);
    if (error) {
      html(
        res,
        500,
        layout('Error', `<h1>Database error</h1><p><b>Fatal error</b>: ${escapeHtml(error)}</p>`),
      );
      return;
    }
    if (!product) return html(res, 404, layout('Not found', '<h1>No such product</h1>'));
    html(
      res,
      200,
      layout(
        product.name,
        `<h1>${product.name}</h1><p>${product.price} €</p><a href="/reviews?product=${product.id}">Reviews</a>`,
      ),
    );
  },
  '/reviews': (url, _q, res) => {
    const product = escapeHtml(url.searchParams.get('product') ?? '');
    html(
      res,
      200,
      layout(
        'Reviews',
        `<h1>Reviews of ${product}</h1><p>Nice.</p><a href="/reviews/archive?page=2">Older reviews</a>`,
      ),
    );
  },
  '/reviews/archive': (_u, _q, res) => html(res, 200, layout('Older reviews', '<h1>Older reviews</h1>')),
  '/search': (url, _q, res) => {
    // The planted reflected XSS: q goes into the page as it came.
    const q = url.searchParams.get('q') ?? '';
    html(res, 200, layout('Search', `<h1>Search</h1><p>Results for <b>${q}</b>: none.</p>`));
  },
  '/news': (url, _q, res) => {
    const topic = escapeHtml(url.searchParams.get('topic') ?? '');
    html(res, 200, layout('News', `<h1>News about ${topic}</h1><p>Nothing new about ${topic}.</p>`));
  },
  '/go': (url, _q, res) => {
    // The planted open redirect: wherever `url` says (bytes a header cannot carry percent-encoded,
    // as PHP's header() would refuse them rather than crash the server).
    const target = (url.searchParams.get('url') ?? '/').replace(/[^\x21-\x7e]/g, (c) =>
      encodeURIComponent(c),
    );
    res.writeHead(302, { Location: target, 'Content-Type': 'text/html' });
    res.end('Redirecting');
  },
  '/login': (url, _q, res) => {
    const next = url.searchParams.get('next') ?? '/';
    // Safe: only a path of this site (one leading slash, no backslash) is followed.
    const safe = /^\/(?![/\\])/.test(next) ? next : '/';
    if (url.searchParams.has('done')) {
      res.writeHead(302, { Location: safe });
      return void res.end();
    }
    html(
      res,
      200,
      layout(
        'Sign in',
        `<h1>Sign in</h1><form method="post" action="/login?next=${encodeURIComponent(safe)}">
<input name="username"><input type="password" name="password"><input type="hidden" name="csrf" value="lab-token">
<button type="submit">Sign in</button></form>`,
      ),
    );
  },
  '/contact': (_u, req, res, body) => {
    if (req.method === 'POST') {
      const name = escapeHtml(new URLSearchParams(body).get('name') ?? '');
      return html(res, 200, layout('Thanks', `<h1>Thanks, ${name}</h1>`));
    }
    html(
      res,
      200,
      layout(
        'Contact',
        `<h1>Contact</h1><form method="post" action="/contact">
<input name="name"><input type="email" name="email"><textarea name="message">Hello</textarea>
<select name="topic"><option value="order">Order</option><option value="other" selected>Other</option></select>
<input type="submit" value="Send"></form>`,
      ),
    );
  },
  '/about': (_u, _q, res) => html(res, 200, layout('About', '<h1>About</h1><iframe src="/help"></iframe>')),
  '/help': (_u, _q, res) => html(res, 200, layout('Help', '<h1>Help</h1>')),
  '/terms': (_u, _q, res) => html(res, 200, layout('Terms', '<h1>Terms</h1>')),
  '/admin/': (_u, _q, res) =>
    html(res, 200, layout('Admin', '<h1>Admin</h1><a href="/admin/users?id=1">Users</a>')),
  '/account': (_u, _q, res) => {
    res.writeHead(302, { Location: '/login?next=/account' });
    res.end();
  },
  '/app/greet': (url, _q, res) => {
    const name = escapeHtml(url.searchParams.get('name') ?? '');
    html(
      res,
      200,
      layout('Greeting', `<div id="view" ng-app><h1>Hello ${name}!</h1></div>`).replace(
        '</body>',
        `<script>${INTERPOLATE}</script></body>`,
      ),
    );
  },
  '/app/search': (_u, _q, res) =>
    html(
      res,
      200,
      layout(
        'Quick search',
        `<h1>Quick search</h1><script>var q = new URLSearchParams(location.search).get('q') || '';
document.write('<p>You searched for ' + q + '</p>');</script>`,
      ),
    ),
  '/api/stock': (url, _q, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ sku: url.searchParams.get('sku'), inStock: 4 }));
  },
  '/api/cart': (_u, _q, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"ok":true}');
  },
  '/static/app.js': (_u, _q, res) => {
    res.writeHead(200, { 'Content-Type': 'application/javascript' });
    res.end(APP_JS);
  },
  '/static/shop.css': (_u, _q, res) => {
    res.writeHead(200, { 'Content-Type': 'text/css' });
    res.end('body{font-family:sans-serif}');
  },
  '/robots.txt': (_u, _q, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(ROBOTS);
  },
  '/sitemap.xml': (url, _q, res) => {
    res.writeHead(200, { 'Content-Type': 'application/xml' });
    res.end(SITEMAP(url.origin));
  },
};

/** One request of the app (also the `dast-app` lab service's handler). */
export function handleDastApp(req: IncomingMessage, res: ServerResponse, host: string): void {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (c: Buffer) => {
    size += c.length;
    if (size <= 64 * 1024) chunks.push(c);
  });
  req.on('end', () => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
    const body = Buffer.concat(chunks).toString();
    const route = ROUTES[url.pathname];
    if (route) return route(url, req, res, body);
    const bench = /^\/bench\/(?:p\/(\d+))?$/.exec(url.pathname);
    const n = bench ? Number(bench[1] ?? 0) : -1;
    if (n >= 0 && n < BENCH_PAGES) return html(res, 200, benchPage(n));
    html(res, 404, layout('Not found', `<h1>Not found</h1><p>${escapeHtml(url.pathname)}</p>`));
  });
}

export async function startDastApp(options: { host?: string; port?: number } = {}): Promise<DastApp> {
  const hits = new Map<string, number>();
  const host = options.host ?? '127.0.0.1';
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    handleDastApp(req, res, host);
  });
  server.keepAliveTimeout = 1000;
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
