/**
 * The browser budget: one Chromium, at most `maxPages` pages at once (nuclei's 10), every page a
 * fresh context given back after its run, and a restart past the memory ceiling.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BrowserPool,
  DEFAULT_MAX_PAGES,
  DEFAULT_PAGE_TIMEOUT_MS,
} from '../../../src/browser/browser-pool.js';
import { collectScan, loadTemplates } from '../../../src/nuclei/index.js';

vi.setConfig({ testTimeout: 90_000 });

let server: Server;
let base = '';
let inFlight = 0;
let peakInFlight = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    inFlight++;
    peakInFlight = Math.max(peakInFlight, inFlight);
    // Slow enough that the pages of a scan overlap.
    setTimeout(() => {
      inFlight--;
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html><body><p>pooled-page</p></body></html>');
    }, 150);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('browser pool', () => {
  it('has nuclei’s defaults: 10 pages, 20 s page timeout', () => {
    const pool = new BrowserPool();
    expect([DEFAULT_MAX_PAGES, DEFAULT_PAGE_TIMEOUT_MS]).toEqual([10, 20_000]);
    expect([pool.maxPages, pool.pageTimeoutMs]).toEqual([10, 20_000]);
  });

  it('lends at most 10 pages at once from one Chromium, recycles every slot, measures Chromium’s memory', async () => {
    const pool = new BrowserPool({ checkEvery: 1_000_000 });
    try {
      const started = await pool.warm();
      expect(started).toBeGreaterThan(0);
      // 10 pages out: the 11th waits until one comes back, then gets a recycled slot.
      const ten = await Promise.all(Array.from({ length: 10 }, () => pool.lease()));
      expect(pool.stats().open).toBe(10);
      let eleventhLent = false;
      const eleventh = pool.lease().then((lease) => {
        eleventhLent = true;
        return lease;
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(eleventhLent).toBe(false);
      await ten[0]!.release();
      const lease11 = await eleventh;
      await lease11.page.setContent('<p>x</p>');
      await Promise.all([...ten.slice(1), lease11].map((l) => l.release()));
      // 14 more asked for at once: never more than 10 open.
      await Promise.all(
        Array.from({ length: 14 }, async () => {
          const lease = await pool.lease();
          await lease.page.setContent('<p>x</p>');
          await lease.release();
        }),
      );
      expect(pool.stats()).toMatchObject({ launches: 1, restarts: 0, leases: 25, open: 0, peakOpen: 10 });

      // A recycled page starts clean: nothing one run stored is visible to the next.
      const used = await pool.lease();
      await used.context.addCookies([{ name: 'left', value: 'over', url: 'http://x.test/' }]);
      await used.release();
      const second = await pool.lease();
      expect(await second.context.cookies()).toEqual([]);
      await second.release();

      // Chromium's memory is measured over all its processes (browser, renderers, utilities).
      const rss = await pool.chromiumRss();
      expect(rss).toBeGreaterThan(20 * 1024 * 1024);
    } finally {
      await pool.close();
    }
  });

  it('restarts Chromium once its pages are back when it grows past the memory ceiling', async () => {
    const pool = new BrowserPool({ memoryCeilingBytes: 1, checkEvery: 1 });
    try {
      const a = await pool.lease();
      const b = await pool.lease();
      await a.release(); // over the ceiling: restart pending while b is still out
      expect(pool.stats().restarts).toBe(0);
      await b.page.setContent('<p>still usable while the restart waits</p>');
      await b.release();
      expect(pool.stats()).toMatchObject({ launches: 1, restarts: 1, open: 0 });
      const c = await pool.lease();
      await c.page.setContent('<p>new browser</p>');
      expect(await c.page.textContent('p')).toBe('new browser');
      await c.release();
      expect(pool.stats().launches).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('a scan’s headless runs share the pool: never more pages than maxPages, all runs finish', async () => {
    const pool = new BrowserPool({ maxPages: 3 });
    try {
      const yaml = (i: number) => `id: pooled-${i}
info: {name: pooled ${i}, author: didban, severity: info}
headless:
  - steps:
      - action: navigate
        args: {url: "{{BaseURL}}/${i}"}
      - action: waitload
    matchers:
      - type: word
        words: [pooled-page]
`;
      const { templates } = loadTemplates(Array.from({ length: 8 }, (_, i) => ({ content: yaml(i) })));
      peakInFlight = 0;
      const result = await collectScan({ templates, targets: [base], options: { headless: { pool } } });
      expect(result.failures).toEqual([]);
      expect(result.findings).toHaveLength(8);
      expect(pool.stats()).toMatchObject({ leases: 8, open: 0, launches: 1 });
      expect(pool.stats().peakOpen).toBe(3);
      expect(peakInFlight).toBeLessThanOrEqual(3);
    } finally {
      await pool.close();
    }
  });

  it('a lease waiting for a page gives up when its scan is aborted', async () => {
    const pool = new BrowserPool({ maxPages: 1 });
    try {
      const held = await pool.lease();
      const controller = new AbortController();
      const waiting = pool.lease({ signal: controller.signal });
      controller.abort(new Error('scan cancelled'));
      await expect(waiting).rejects.toThrow('scan cancelled');
      await held.release();
      expect(pool.stats().open).toBe(0);
    } finally {
      await pool.close();
    }
  });
});
