import http from 'node:http';
import murmurHash3 from 'murmurhash3js-revisited';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faviconHash } from '../../src/discovery/http/favicon-hash.js';
import { extractIconHref, extractTitle } from '../../src/discovery/http/html.js';
import { probeService } from '../../src/discovery/http/probe.js';
import { requestOnce } from '../../src/discovery/http/request.js';
import { detectTechnologies } from '../../src/discovery/technologies/detect.js';
import { type Lab, startLab } from './helpers.js';

let lab: Lab;
let ip: (name: string) => string;
beforeAll(async () => {
  lab = await startLab();
  ip = (name) => lab.manifest().hosts.find((h) => h.name === name)?.ips[0] ?? '';
}, 30_000);
afterAll(async () => {
  await lab?.stop();
});

describe('faviconHash', () => {
  it('uses MurmurHash3 x86 32-bit (reference vector)', () => {
    expect(murmurHash3.x86.hash32(Buffer.from('The quick brown fox jumps over the lazy dog'))).toBe(
      0x2e4ff723,
    );
  });

  it('hashes base64 wrapped at 76 characters with a trailing newline, as a signed integer', () => {
    const icon = Buffer.alloc(60, 0xab);
    const b64 = icon.toString('base64');
    expect(b64).toHaveLength(80);
    const expected = murmurHash3.x86.hash32(Buffer.from(`${b64.slice(0, 76)}\n${b64.slice(76)}\n`)) | 0;
    expect(faviconHash(icon)).toBe(expected);
  });
});

describe('html readers', () => {
  it('extracts a title with entities and whitespace cleaned up', () => {
    expect(extractTitle('<TITLE>\n  A &amp; B &#8211; C </title>')).toBe('A & B – C');
    expect(extractTitle('<p>no title</p>')).toBe('');
  });

  it('finds the icon link', () => {
    expect(extractIconHref('<link rel="shortcut icon" href="/static/i.png">')).toBe('/static/i.png');
    expect(extractIconHref('<link rel=stylesheet href=/a.css>')).toBeUndefined();
  });
});

describe('probeService', () => {
  it('tries https first and falls back to http', async () => {
    const probe = await probeService(
      { host: 'blog.lab.didban.test', ip: ip('blog.lab.didban.test'), port: 80 },
      { timeoutMs: 2000, bodyLimit: 1 << 20 },
    );
    expect(probe.attempts.map((a) => [a.scheme, a.error])).toEqual([
      ['https', 'tls'],
      ['http', undefined],
    ]);
    expect(probe.http?.url).toBe('http://blog.lab.didban.test/');
  });

  it('names a non-HTTP service from its banner', async () => {
    const probe = await probeService(
      { host: 'mail.lab.didban.test', ip: ip('mail.lab.didban.test'), port: 25 },
      { timeoutMs: 2000, bodyLimit: 1 << 20 },
    );
    expect(probe).toMatchObject({ http: null, service: 'smtp', anomalies: [] });
    expect(probe.banner).toBe('220 mail.lab.didban.test ESMTP Postfix (Debian/GNU)');
  });

  it('stops reading an endless body at the cap', async () => {
    const probe = await probeService(
      { host: 'hostile.lab.didban.test', ip: ip('hostile.lab.didban.test'), port: 8008 },
      { timeoutMs: 3000, bodyLimit: 64 * 1024, favicon: false },
    );
    expect(probe.anomalies).toEqual(['body-truncated']);
    expect(probe.html.length).toBe(64 * 1024);
    expect(probe.http?.bodyStart.length).toBe(8 * 1024);
  });

  it('aborts a hanging probe when the signal fires', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = performance.now();
    const probe = await probeService(
      { host: 'hostile.lab.didban.test', ip: ip('hostile.lab.didban.test'), port: 8081 },
      { timeoutMs: 10_000, bodyLimit: 1 << 20, signal: controller.signal },
    );
    expect(performance.now() - started).toBeLessThan(1500);
    expect(probe.http).toBeNull();
  });
});

describe('requestOnce', () => {
  it('keeps a body that stalls mid-way and marks it cut off by the deadline', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': '100000' });
      res.write('<title>Slow</title>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const response = await requestOnce({
        ip: '127.0.0.1',
        url: new URL(`http://slow.test:${port}/`),
        timeoutMs: 300,
        bodyLimit: 1 << 20,
      });
      expect(response).toMatchObject({ status: 200, truncated: true, timedOut: true });
      expect(response.body.toString()).toBe('<title>Slow</title>');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('detectTechnologies', () => {
  it('detects from script URLs, cookies, meta tags and headers', async () => {
    const { technologies, error } = await detectTechnologies(
      {
        url: 'http://x.test/',
        headers: { 'x-powered-by': 'PHP/8.1.2', 'set-cookie': 'laravel_session=abc; path=/; httponly' },
        html: '<html><head><meta name="generator" content="Joomla! - Open Source Content Management"><script src="/js/jquery-3.5.1.min.js"></script></head></html>',
      },
      // What is detected, not how fast: the first call loads the fingerprint data, which takes
      // seconds on a CI machine running other test files.
      20_000,
    );
    expect(error).toBeNull();
    const byName = Object.fromEntries(technologies.map((t) => [t.name, t.version]));
    expect(byName).toMatchObject({ jQuery: '3.5.1', PHP: '8.1.2', Joomla: null, Laravel: null });
  }, 30_000);
});
