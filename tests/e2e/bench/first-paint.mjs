#!/usr/bin/env node
// First paint of the panel on a throttled connection (Chromium's network emulation over CDP).
// Serves apps/web/dist from a local static server (no API: the first paint needs none), opens
// `/auth/sign-in` in Debian's Chromium with the cache off and a "slow 3G"-like link, and reports
// first-contentful-paint and when the app's own UI replaced the splash. `--without-splash` serves
// index.html with the HTML splash taken out: the panel as it was before the splash moved there.
// Usage: pnpm --filter @didban/web build && node tests/e2e/bench/first-paint.mjs [--without-splash] [--rounds 3]
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../../../apps/web/dist');
const withoutSplash = process.argv.includes('--without-splash');
const roundsArg = process.argv.indexOf('--rounds');
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 3;
// Chrome DevTools' "Slow 3G" preset: 400 ms round trip, ~50 KB/s down, ~50 KB/s up.
const LINK = { offline: false, latency: 400, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 };
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

function indexHtml() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return withoutSplash
    ? html.replace(/<div id="root">[\s\S]*?<\/div>\s*<\/div>\s*<\/div>/, '<div id="root"></div>')
    : html;
}

const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
  const file = join(dist, path);
  let body;
  try {
    body = path.startsWith('/assets/') && statSync(file).isFile() ? readFileSync(file) : null;
  } catch {
    body = null;
  }
  if (path === '/favicon.svg') body = readFileSync(join(dist, 'favicon.svg'));
  if (body) {
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    return res.end(body);
  }
  if (path.startsWith('/api/')) {
    res.writeHead(401, { 'content-type': 'application/json' });
    return res.end('{"message":"unauthorized"}');
  }
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(indexHtml());
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const results = [];
for (let i = 0; i < rounds; i += 1) {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', LINK);
  const started = Date.now();
  await page.goto(`${base}/auth/sign-in`, { waitUntil: 'commit' });
  await page.locator('h1').first().waitFor({ timeout: 120_000 });
  const appMs = Date.now() - started;
  const fcp = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  );
  results.push({ fcpMs: fcp === null ? null : Math.round(fcp), signInShownMs: appMs });
  await context.close();
}
await browser.close();
server.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  JSON.stringify(
    {
      splashInHtml: !withoutSplash,
      link: LINK,
      rounds: results,
      medianFcpMs: median(results.map((r) => r.fcpMs ?? Number.POSITIVE_INFINITY)),
      medianSignInShownMs: median(results.map((r) => r.signInShownMs)),
    },
    null,
    2,
  ),
);
