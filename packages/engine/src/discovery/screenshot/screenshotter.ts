/**
 * Screenshots of web assets with a local Chromium driven by playwright-core.
 *
 * Chromium never touches the network itself: its resolver is disabled (`MAP * ~NOTFOUND`, which
 * also maps IP literals, so `ws://127.0.0.1:5432`, an iframe or a preconnect to `[::1]` go
 * nowhere), WebRTC may not send UDP (a page's STUN/TURN servers are IP literals that skip the
 * resolver), service workers are blocked, and every request the page makes is intercepted and
 * fetched by the engine's own HTTP client, against the address discovery resolved, and only for
 * the asset's own host. The engine's fetch is a Node socket, so in a process with a scope
 * policy (the built-in worker's child) it passes the socket guard like any probe; and with no
 * DNS inside Chromium a name cannot rebind between the probe and the screenshot.
 */
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { requestOnce } from '../http/request.js';
import type { ScreenshotResult } from '../types.js';

export interface ScreenshotOptions {
  /** Chromium binary (default /usr/bin/chromium). */
  executablePath?: string;
  width?: number;
  height?: number;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  // WebRTC reaches its ICE servers over UDP by IP literal, past the resolver rule above; with
  // this policy and no proxy it sends nothing. (`--force-webrtc-ip-handling-policy` is ignored.)
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--disable-quic',
];

/**
 * @example
 * const shots = new Screenshotter({}, 15000);
 * const result = await shots.capture('http://blog.lab.didban.test/', '127.42.0.11');
 * if (result.status === 'captured') writeFileSync('blog.png', result.data);
 * await shots.close();
 */
export class Screenshotter {
  private browser: Promise<Browser> | undefined;
  private readonly executablePath: string;

  constructor(
    private readonly options: ScreenshotOptions,
    private readonly timeoutMs: number,
  ) {
    this.executablePath = options.executablePath ?? '/usr/bin/chromium';
  }

  /** Why screenshots cannot be taken here, or null when Chromium is present. */
  unavailableReason(): string | null {
    return existsSync(this.executablePath) ? null : `Chromium not found at ${this.executablePath}`;
  }

  private launch(): Promise<Browser> {
    this.browser ??= import('playwright-core').then(({ chromium }) =>
      chromium.launch({
        executablePath: this.executablePath,
        headless: true,
        args: CHROMIUM_ARGS,
        timeout: this.timeoutMs,
      }),
    );
    return this.browser;
  }

  async capture(url: string, ip: string): Promise<ScreenshotResult> {
    const reason = this.unavailableReason();
    if (reason) return { status: 'unavailable', reason };
    const width = this.options.width ?? 1280;
    const height = this.options.height ?? 800;
    let browser: Browser;
    try {
      browser = await this.launch();
    } catch (error) {
      return {
        status: 'unavailable',
        reason: `Chromium failed to start: ${(error as Error).message.split('\n')[0]}`,
      };
    }
    const target = new URL(url);
    const context = await browser.newContext({
      ignoreHTTPSErrors: true,
      viewport: { width, height },
      javaScriptEnabled: true,
      // A service worker's own fetches would not pass the route below.
      serviceWorkers: 'block',
    });
    try {
      await context.route('**/*', async (route) => {
        const requestUrl = new URL(route.request().url());
        const sameHost = requestUrl.hostname === target.hostname && /^https?:$/.test(requestUrl.protocol);
        if (!sameHost || route.request().method() !== 'GET') return route.abort('blockedbyclient');
        try {
          const response = await requestOnce({
            ip,
            url: requestUrl,
            timeoutMs: this.timeoutMs,
            bodyLimit: 5 * 1024 * 1024,
          });
          await route.fulfill({ status: response.status, headers: response.headers, body: response.body });
        } catch {
          await route.abort('failed').catch(() => {});
        }
      });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load', timeout: this.timeoutMs });
      const data = await page.screenshot({ type: 'png', timeout: this.timeoutMs });
      return { status: 'captured', mimeType: 'image/png', data, width, height };
    } catch (error) {
      return { status: 'failed', reason: (error as Error).message.split('\n')[0] ?? 'failed' };
    } finally {
      await context.close().catch(() => {});
    }
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await (await browser.catch(() => undefined))?.close().catch(() => {});
  }
}
