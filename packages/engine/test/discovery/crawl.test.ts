import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DastApp, startDastApp } from '../../../../scripts/lab/src/dast-app.js';
import { crawl } from '../../src/discovery/crawl/crawl.js';
import { endpointToFuzzInput, MULTIPART_BOUNDARY } from '../../src/discovery/crawl/fuzz-input.js';
import { extractPage } from '../../src/discovery/crawl/html-extract.js';
import { parseRobots } from '../../src/discovery/crawl/robots.js';
import { scriptEndpoints } from '../../src/discovery/crawl/script-endpoints.js';
import type { CrawledEndpoint } from '../../src/discovery/crawl/types.js';
import { createScopePolicy, installSocketGuard } from '../../src/scope/index.js';

const randomIp = () =>
  `127.${20 + Math.floor(Math.random() * 200)}.${1 + Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;

let app: DastApp;
beforeAll(async () => {
  app = await startDastApp({ host: randomIp() });
});
afterAll(async () => {
  await app?.stop();
});

/** Endpoints with the app's origin cut off, for readable comparisons. */
const relative = (endpoints: CrawledEndpoint[]) =>
  endpoints.map((e) => ({ ...e, url: e.url.slice(app.url.length) }));

/** A server that records every request and answers with `respond`. */
async function recordingServer(
  host: string,
  respond: (req: http.IncomingMessage, res: http.ServerResponse, self: string) => void,
  port = 0,
) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    respond(req, res, self);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const self = `http://${host}:${(server.address() as { port: number }).port}`;
  return {
    url: self,
    port: (server.address() as { port: number }).port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('crawl of the lab shop', () => {
  it('finds exactly the endpoints reachable from the home page, the planted bugs among them', async () => {
    const result = await crawl(`${app.url}/`);
    expect(relative(result.endpoints)).toEqual([
      { method: 'GET', url: '/', params: [], source: 'link' },
      { method: 'GET', url: '/about', params: [], source: 'link' },
      {
        method: 'POST',
        url: '/api/cart',
        params: ['sku', 'qty'],
        source: 'script',
        bodyType: 'json',
        body: '{"sku":"1","qty":"1"}',
      },
      { method: 'GET', url: '/api/stock', params: [], source: 'script' },
      { method: 'GET', url: '/api/stock?sku=1001', params: ['sku'], source: 'script' },
      // CSTI and DOM XSS.
      { method: 'GET', url: '/app/greet?name=guest', params: ['name'], source: 'link' },
      { method: 'GET', url: '/app/search?q=radio', params: ['q'], source: 'link' },
      { method: 'GET', url: '/contact', params: [], source: 'link' },
      {
        method: 'POST',
        url: '/contact',
        params: ['name', 'email', 'message', 'topic'],
        source: 'form',
        bodyType: 'form',
        body: 'name=didban&email=didban%40example.com&message=Hello&topic=other',
      },
      // Open redirect.
      { method: 'GET', url: '/go?url=/products', params: ['url'], source: 'link' },
      { method: 'GET', url: '/help', params: [], source: 'link' },
      {
        method: 'POST',
        url: '/login?next=%2Faccount',
        params: ['next', 'username', 'password', 'csrf'],
        source: 'form',
        bodyType: 'form',
        body: 'username=didban&password=Didban-1&csrf=lab-token',
      },
      { method: 'GET', url: '/login?next=/account', params: ['next'], source: 'link' },
      { method: 'GET', url: '/news?topic=security', params: ['topic'], source: 'link' },
      // SQL error, two links from the home page.
      { method: 'GET', url: '/product?id=1', params: ['id'], source: 'link' },
      { method: 'GET', url: '/products', params: [], source: 'link' },
      { method: 'GET', url: '/reviews?product=1', params: ['product'], source: 'link' },
      // Reflected XSS: the nav link and the search form are one endpoint.
      { method: 'GET', url: '/search?q=lamp', params: ['q'], source: 'link' },
      { method: 'GET', url: '/terms', params: [], source: 'sitemap' },
    ]);
    expect(result.stoppedBy).toEqual([]);
    expect(result.errors).toBe(0);
    // The partner shop on another host: counted, never requested.
    expect(result.outOfScope).toBe(1);
    // A POST form is listed, never submitted; depth 3 is listed, not fetched.
    expect(app.hits.get('/contact')).toBe(1);
    expect(app.hits.has('/reviews')).toBe(false);
  });

  it('honours the depth limit both ways', async () => {
    const deep = await crawl(`${app.url}/`, { maxDepth: 4 });
    expect(relative(deep.endpoints).map((e) => e.url)).toContain('/reviews/archive?page=2');

    const shallow = await startDastApp({ host: randomIp() });
    try {
      const result = await crawl(`${shallow.url}/`, { maxDepth: 1 });
      const urls = result.endpoints.map((e) => e.url.slice(shallow.url.length));
      expect(urls).toContain('/products');
      expect(urls).not.toContain('/product?id=1');
      // Only the home page and its script were read.
      expect(result.pagesFetched).toBe(2);
      expect([...shallow.hits.keys()].sort()).toEqual(['/', '/robots.txt', '/sitemap.xml', '/static/app.js']);
    } finally {
      await shallow.stop();
    }
  });

  it('stops at the page limit', async () => {
    const limited = await startDastApp({ host: randomIp() });
    try {
      const result = await crawl(`${limited.url}/`, { maxPages: 3, concurrency: 2 });
      expect(result.pagesFetched).toBe(3);
      expect(result.stoppedBy).toEqual(['pages']);
      const pageHits = [...limited.hits].filter(([p]) => p !== '/robots.txt' && p !== '/sitemap.xml');
      expect(pageHits.reduce((n, [, c]) => n + c, 0)).toBe(3);
    } finally {
      await limited.stop();
    }
  });

  it('skips what robots.txt disallows, unless told not to', async () => {
    const polite = await startDastApp({ host: randomIp() });
    try {
      const result = await crawl(`${polite.url}/`);
      expect(result.robotsSkipped).toEqual([`${polite.url}/admin/`]);
      expect(polite.hits.has('/admin/')).toBe(false);
      expect(result.endpoints.some((e) => e.url.includes('/admin/'))).toBe(false);

      const rude = await crawl(`${polite.url}/`, { respectRobots: false });
      expect(rude.robotsSkipped).toEqual([]);
      expect(polite.hits.get('/admin/')).toBe(1);
      const admin = rude.endpoints.filter((e) => e.url.includes('/admin/'));
      expect(admin.map((e) => [e.url.slice(polite.url.length), e.source])).toEqual([
        ['/admin/', 'robots'],
        ['/admin/users?id=1', 'link'],
      ]);
    } finally {
      await polite.stop();
    }
  });

  it('converts endpoints to fuzz inputs', () => {
    const form: CrawledEndpoint = {
      method: 'POST',
      url: 'http://127.0.0.1:8080/contact',
      params: ['name', 'msg'],
      source: 'form',
      bodyType: 'form',
      body: 'name=didban&msg=hi',
    };
    expect(endpointToFuzzInput(form)).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1:8080/contact',
      headers: [['Content-Type', 'application/x-www-form-urlencoded']],
      body: 'name=didban&msg=hi',
    });
    expect(endpointToFuzzInput({ ...form, bodyType: 'multipart' })).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1:8080/contact',
      headers: [['Content-Type', `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`]],
      body:
        `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\ndidban\r\n` +
        `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="msg"\r\n\r\nhi\r\n--${MULTIPART_BOUNDARY}--\r\n`,
    });
    expect(
      endpointToFuzzInput(
        { method: 'GET', url: 'http://127.0.0.1:8080/s?q=a', params: ['q'], source: 'link' },
        [['Cookie', 'sid=1']],
      ),
    ).toEqual({ method: 'GET', url: 'http://127.0.0.1:8080/s?q=a', headers: [['Cookie', 'sid=1']] });
  });
});

describe('crawl scope and hostile pages', () => {
  it('never requests another host or another port, whatever points there', async () => {
    const host = randomIp();
    const otherPort = await recordingServer(host, (_q, res) => res.end('<a href="/deeper">x</a>'));
    const otherHost = await recordingServer(randomIp(), (_q, res) => res.end('<a href="/deeper">x</a>'));
    const elsewhere = [otherPort.url, otherHost.url];
    const target = await recordingServer(host, (req, res, self) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/robots.txt') return res.end(`Sitemap: ${otherPort.url}/sitemap.xml\n`);
      if (path === '/sitemap.xml')
        return res.end(
          `<urlset><url><loc>${otherHost.url}/from-sitemap</loc></url><url><loc>${self}/mapped</loc></url></urlset>`,
        );
      if (path === '/away') {
        res.writeHead(302, { Location: `${otherHost.url}/redirected` });
        return res.end();
      }
      res.setHeader('Content-Type', 'text/html');
      res.end(
        `<a href="${elsewhere[0]}/a">port</a><a href="${elsewhere[1]}/b">host</a><a href="/away">away</a>` +
          `<a href="//${otherHost.url.slice(7)}/protocol-relative">pr</a><iframe src="${otherPort.url}/frame"></iframe>` +
          `<form action="${otherHost.url}/form"><input name="q"></form><script src="${otherPort.url}/x.js"></script>` +
          `<script>fetch('${otherHost.url}/api/x')</script><a href="/local">local</a>`,
      );
    });
    try {
      const result = await crawl(`${target.url}/`);
      expect(otherPort.requests).toEqual([]);
      expect(otherHost.requests).toEqual([]);
      expect(target.requests.sort()).toEqual([
        '/',
        '/away',
        '/local',
        '/mapped',
        '/robots.txt',
        '/sitemap.xml',
      ]);
      expect(result.endpoints.map((e) => e.url.slice(target.url.length))).toEqual([
        '/',
        '/away',
        '/local',
        '/mapped',
      ]);
      // port, host, protocol-relative, iframe, form, script src, fetch, sitemap entry, robots' sitemap, redirect.
      expect(result.outOfScope).toBe(10);
    } finally {
      await Promise.all([target.close(), otherPort.close(), otherHost.close()]);
    }
  });

  it("goes through the process's scope guard: a denied address gets no request at all", async () => {
    const guarded = await startDastApp({ host: randomIp() });
    const refused: string[] = [];
    const uninstall = installSocketGuard(
      createScopePolicy({ deny: [`${new URL(guarded.url).hostname}/32`] }),
      {
        onRefused: (r) => refused.push(r.message),
      },
    );
    try {
      const result = await crawl(`${guarded.url}/`);
      expect(guarded.hits.size).toBe(0);
      // robots.txt, sitemap.xml and the home page were each refused at connect.
      expect(refused).toHaveLength(3);
      expect(result.errors).toBe(3);
      expect(result.endpoints.map((e) => e.url)).toEqual([`${guarded.url}/`]);
    } finally {
      uninstall();
      await guarded.stop();
    }
  });

  it('bounds a page with an endless body of links and an endless link space', async () => {
    const endless = await recordingServer(randomIp(), (req, res) => {
      if (req.url === '/robots.txt' || req.url === '/sitemap.xml') {
        res.writeHead(404);
        return res.end();
      }
      res.writeHead(200, { 'Content-Type': 'text/html' });
      // Links without end, each to a new path that answers the same way.
      let n = 0;
      const pump = () => {
        while (!res.destroyed) {
          const chunk = Array.from({ length: 200 }, () => `<a href="/p/${n++}">x</a>`).join('');
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      res.on('error', () => {});
      pump();
    });
    try {
      const started = Date.now();
      const result = await crawl(`${endless.url}/`, {
        bodyLimit: 64 * 1024,
        maxPages: 10,
        maxEndpoints: 1000,
        maxDepth: 10,
      });
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(result.endpoints).toHaveLength(1000);
      expect(result.pagesFetched).toBe(10);
      expect(result.stoppedBy.sort()).toEqual(['endpoints', 'pages']);
      // robots.txt, sitemap.xml and the ten pages.
      expect(endless.requests).toHaveLength(12);
    } finally {
      await endless.close();
    }
  }, 30_000);

  it('stops at the time limit while pages hang', async () => {
    const hanging = await recordingServer(randomIp(), (req, res) => {
      if (req.url === '/') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end('<a href="/slow/1">1</a><a href="/slow/2">2</a>');
      }
      if (req.url === '/robots.txt' || req.url === '/sitemap.xml') {
        res.writeHead(404);
        return res.end();
      }
      // /slow/*: headers never come.
    });
    try {
      const started = Date.now();
      const result = await crawl(`${hanging.url}/`, { timeMs: 800, requestTimeoutMs: 60_000 });
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(750);
      expect(took).toBeLessThan(5000);
      expect(result.stoppedBy).toEqual(['time']);
      expect(result.endpoints.map((e) => e.url.slice(hanging.url.length))).toEqual([
        '/',
        '/slow/1',
        '/slow/2',
      ]);
    } finally {
      await hanging.close();
    }
  });
});

describe('crawl readers', () => {
  it('robots.txt: the longest rule wins, Allow on a tie, wildcards and $ anchors', () => {
    const robots = parseRobots(
      'User-agent: *\nDisallow: /private\nAllow: /private/open\nDisallow: /*.php$\n\nUser-agent: didban\nDisallow: /only-us\n',
      'Mozilla/5.0 (compatible; Didban/0.1)',
    );
    expect(robots.allowed('/only-us/x')).toBe(false);
    // Our own group replaces `*`.
    expect(robots.allowed('/private')).toBe(true);
    const star = parseRobots('User-agent: *\nDisallow: /private\nAllow: /private/open\nDisallow: /*.php$\n');
    expect(star.allowed('/private/x')).toBe(false);
    expect(star.allowed('/private/open/x')).toBe(true);
    expect(star.allowed('/a/b.php')).toBe(false);
    expect(star.allowed('/a/b.php?x=1')).toBe(true);
    expect(star.paths).toEqual(['/private', '/private/open']);
  });

  it("scripts: fetch, XHR, jQuery and axios calls, API path literals, a JSON body's keys", () => {
    const calls = scriptEndpoints(`
      fetch("/api/users?page=1");
      var x = new XMLHttpRequest(); x.open('POST', 'upload.php');
      $.post('/comments', { text: t }); axios.get(\`/v2/orders\`);
      fetch('/api/login', { method: 'PUT', body: JSON.stringify({ user: u, 'pass': p, nested: { a: 1 } }) });
      const routes = ['/api/health', '/not-an-api', 'https://cdn.example.com/lib.js'];
      fetch(url + '/dynamic');`);
    expect(calls).toEqual([
      { method: 'GET', url: '/api/users?page=1' },
      { method: 'PUT', url: '/api/login', jsonKeys: ['user', 'pass', 'nested'] },
      { method: 'POST', url: 'upload.php' },
      { method: 'POST', url: '/comments' },
      { method: 'GET', url: '/v2/orders' },
      { method: 'GET', url: '/api/health' },
    ]);
  });

  it('forms: the selected option, one radio per group, textarea text, buttons left out', () => {
    const page = extractPage(`<form method=POST action="/f" enctype="multipart/form-data">
<input name=a value=1><input type=radio name=r value=x><input type=radio name=r value=y checked>
<select name=s><option>first</option><option value=two selected>Two</option></select>
<textarea name=t>hi &amp; bye</textarea><input type=submit name=go value=Go><input type=file name=f></form>`);
    expect(page.forms).toEqual([
      {
        action: '/f',
        method: 'POST',
        enctype: 'multipart/form-data',
        fields: [
          { name: 'a', value: '1', type: 'text' },
          { name: 'r', value: 'y', type: 'radio' },
          { name: 's', value: 'two', type: 'select' },
          { name: 't', value: 'hi & bye', type: 'textarea' },
          { name: 'f', value: '', type: 'file' },
        ],
      },
    ]);
  });
});
