/**
 * The worker's browser budget: one locked-down Chromium (the screenshotter's flags: no DNS inside
 * Chromium, no UDP, no QUIC) shared by every headless template run, at most `maxPages` pages open
 * at once (nuclei's default 10), each page leased for one run with its own context (cookies,
 * storage and init scripts never leak from one run to the next) and closed when it is returned.
 * Past `memoryCeilingBytes` of Chromium RSS the browser is restarted once its leased pages are
 * back, so a worker running thousands of headless runs stays bounded (nuclei#6569: 40 GB).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../discovery/screenshot/screenshotter.js';
import { onAbort } from '../nuclei/util/abort-registry.js';

export interface BrowserPoolOptions {
  /** Chromium binary. Default /usr/bin/chromium (or DIDBAN_CHROMIUM). */
  readonly executablePath?: string;
  /** Pages open at once. Default 10 (nuclei's headless concurrency). */
  readonly maxPages?: number;
  /** Page timeout: every action and navigation of a page, in ms. Default 20 000 (nuclei's). */
  readonly pageTimeoutMs?: number;
  /**
   * Chromium's memory (the proportional set size of all its processes: shared pages counted once)
   * past which it is restarted. Default 768 MB.
   */
  readonly memoryCeilingBytes?: number;
  /** Leases between two memory checks. Default 25. */
  readonly checkEvery?: number;
  /** Start-up timeout of Chromium, ms. Default 30 000. */
  readonly launchTimeoutMs?: number;
}

export interface PageLeaseOptions {
  readonly userAgent?: string;
  readonly signal?: AbortSignal;
}

/** One page lent to one template run; give it back with `release`. */
export interface PageLease {
  readonly page: Page;
  readonly context: BrowserContext;
  /** A CDP session on the page, opened on first use (waitevent). */
  cdp(): Promise<CDPSession>;
  release(): Promise<void>;
}

export interface BrowserPoolStats {
  readonly launches: number;
  readonly restarts: number;
  readonly leases: number;
  readonly open: number;
  readonly peakOpen: number;
  /** Last measured Chromium memory in bytes, PSS summed over its processes (0 before the first check). */
  readonly chromiumRss: number;
  /** The same processes' RSS summed (shared pages counted once per process: an upper bound). */
  readonly chromiumRssSum: number;
  /** Time the last launch took, ms. */
  readonly lastLaunchMs: number;
}

export const DEFAULT_MAX_PAGES = 10;
export const DEFAULT_PAGE_TIMEOUT_MS = 20_000;
const DEFAULT_CEILING = 768 * 1024 * 1024;

/**
 * @example
 * const pool = new BrowserPool({ maxPages: 10 });
 * const lease = await pool.lease({ userAgent: 'Didban' });
 * try { await lease.page.goto('http://127.0.0.1:8080/'); } finally { await lease.release(); }
 * await pool.close();
 */
export class BrowserPool {
  readonly executablePath: string;
  readonly maxPages: number;
  readonly pageTimeoutMs: number;
  private readonly ceiling: number;
  private readonly checkEvery: number;
  private readonly launchTimeoutMs: number;
  private browser: Promise<Browser> | undefined;
  private open = 0;
  private readonly waiting: (() => void)[] = [];
  private sinceCheck = 0;
  private restartPending = false;
  private closed = false;
  private counters = {
    launches: 0,
    restarts: 0,
    leases: 0,
    peakOpen: 0,
    chromiumRss: 0,
    chromiumRssSum: 0,
    lastLaunchMs: 0,
  };

  constructor(options: BrowserPoolOptions = {}) {
    this.executablePath = options.executablePath ?? process.env.DIDBAN_CHROMIUM ?? '/usr/bin/chromium';
    this.maxPages = Math.max(1, options.maxPages ?? DEFAULT_MAX_PAGES);
    this.pageTimeoutMs = options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
    this.ceiling = options.memoryCeilingBytes ?? DEFAULT_CEILING;
    this.checkEvery = Math.max(1, options.checkEvery ?? 25);
    this.launchTimeoutMs = options.launchTimeoutMs ?? 30_000;
  }

  /** Why headless templates cannot run here, or null when Chromium is present. */
  unavailableReason(): string | null {
    return existsSync(this.executablePath)
      ? null
      : `headless templates need Chromium, which this worker does not have (not found at ${this.executablePath})`;
  }

  stats(): BrowserPoolStats {
    return { ...this.counters, open: this.open };
  }

  /** Starts Chromium now (otherwise the first lease does); resolves with the start-up time in ms. */
  async warm(): Promise<number> {
    await this.ensureBrowser();
    return this.counters.lastLaunchMs;
  }

  private ensureBrowser(): Promise<Browser> {
    if (this.closed) return Promise.reject(new Error('the browser pool is closed'));
    if (!this.browser) {
      const started = performance.now();
      const launching = import('playwright-core').then(({ chromium }) =>
        chromium.launch({
          executablePath: this.executablePath,
          headless: true,
          args: CHROMIUM_ARGS,
          timeout: this.launchTimeoutMs,
        }),
      );
      this.browser = launching.then(
        (b) => {
          this.counters.launches++;
          this.counters.lastLaunchMs = Math.round(performance.now() - started);
          b.on('disconnected', () => {
            if (this.browser === launching) this.browser = undefined;
          });
          return b;
        },
        (error: Error) => {
          this.browser = undefined;
          throw new Error(`Chromium failed to start: ${error.message.split('\n')[0]}`);
        },
      );
    }
    return this.browser;
  }

  /** Waits for a free page slot (at most `maxPages` leased), then opens a fresh context and page. */
  async lease(options: PageLeaseOptions = {}): Promise<PageLease> {
    await this.slot(options.signal);
    let context: BrowserContext | undefined;
    try {
      const browser = await this.ensureBrowser();
      context = await browser.newContext({
        ignoreHTTPSErrors: true,
        javaScriptEnabled: true,
        // A service worker's own fetches would not pass the page's route.
        serviceWorkers: 'block',
        ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      });
      context.setDefaultTimeout(this.pageTimeoutMs);
      context.setDefaultNavigationTimeout(this.pageTimeoutMs);
      const page = await context.newPage();
      this.counters.leases++;
      const ctx = context;
      let session: Promise<CDPSession> | undefined;
      let released = false;
      return {
        page,
        context: ctx,
        cdp: () => {
          session ??= ctx.newCDPSession(page);
          return session;
        },
        release: async () => {
          if (released) return;
          released = true;
          await ctx.close().catch(() => {});
          await this.giveBack();
        },
      };
    } catch (error) {
      await context?.close().catch(() => {});
      await this.giveBack();
      throw error;
    }
  }

  private slot(signal?: AbortSignal): Promise<void> {
    if (this.open < this.maxPages && !this.restartPending) {
      this.taken();
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      // One listener per signal however many runs wait (abort-registry.ts).
      const stop = signal
        ? onAbort(signal, () => {
            const i = this.waiting.indexOf(wake);
            if (i >= 0) this.waiting.splice(i, 1);
            reject(signal.reason ?? new Error('aborted'));
          })
        : () => {};
      const wake = () => {
        stop();
        this.taken();
        resolve();
      };
      this.waiting.push(wake);
    });
  }

  private taken(): void {
    this.open++;
    if (this.open > this.counters.peakOpen) this.counters.peakOpen = this.open;
  }

  private async giveBack(): Promise<void> {
    this.open--;
    if (++this.sinceCheck >= this.checkEvery && !this.restartPending) {
      this.sinceCheck = 0;
      const rss = await this.chromiumRss();
      if (rss > this.ceiling) this.restartPending = true;
    }
    if (this.restartPending && this.open === 0) {
      this.restartPending = false;
      await this.restart();
    }
    while (this.open < this.maxPages && !this.restartPending && this.waiting.length > 0)
      this.waiting.shift()!();
  }

  /** Closes Chromium; the next lease starts a new one. */
  async restart(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    if (browser) {
      this.counters.restarts++;
      await (await browser.catch(() => undefined))?.close().catch(() => {});
    }
  }

  /**
   * Memory of every Chromium process (browser, renderers, GPU/utility) for the process ids Chromium
   * reports (SystemInfo.getProcessInfo), read from /proc: the PSS sum (each shared page split
   * between the processes that map it, so the V8 snapshot and libraries count once), or the RSS
   * sum where smaps_rollup is missing. 0 when not running.
   */
  async chromiumRss(): Promise<number> {
    const browser = await this.browser?.catch(() => undefined);
    if (!browser) return 0;
    let total = 0;
    let rssSum = 0;
    try {
      const session = await browser.newBrowserCDPSession();
      const info = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { id: number }[] };
      await session.detach().catch(() => {});
      for (const { id } of info.processInfo) {
        const m = memoryOf(id);
        total += m.pss;
        rssSum += m.rss;
      }
    } catch {
      return this.counters.chromiumRss;
    }
    this.counters.chromiumRss = total;
    this.counters.chromiumRssSum = rssSum;
    return total;
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await (await browser.catch(() => undefined))?.close().catch(() => {});
  }
}

/** PSS and RSS of one process in bytes (PSS falls back to RSS without smaps_rollup); 0 when gone. */
function memoryOf(pid: number): { pss: number; rss: number } {
  const kb = (text: string, field: string) => {
    const v = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(text)?.[1];
    return v ? Number(v) * 1024 : 0;
  };
  let rss = 0;
  try {
    rss = kb(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
  } catch {
    return { pss: 0, rss: 0 };
  }
  try {
    return { pss: kb(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss') || rss, rss };
  } catch {
    return { pss: rss, rss };
  }
}
