import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

export type Lang = 'fa' | 'en';

/** Debian's Chromium, headless; nothing is downloaded. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * A fresh browser profile whose first visit uses `lang` (a later switch in the page wins), at a
 * desktop or phone size. Uncaught page errors fail the test that reads `errors`.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  lang: Lang,
  size: 'desktop' | 'mobile' = 'desktop',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: size === 'desktop' ? { width: 1280, height: 800 } : { width: 390, height: 844 },
    locale: lang === 'fa' ? 'fa-IR' : 'en-US',
  });
  await context.addInitScript((initial) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', initial);
  }, lang);
  // Everything here is local, but CI runs two spec files at once on two cores beside their
  // servers, workers and Chromiums (load 12 seen): a full page load there once took over 10 s
  // (the workspace switch's reload). 30 s is slowness; a step that takes longer is a failure.
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Screenshots of each page in each language, for people to look at (git-ignored). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Let the splash and any transition settle so the picture shows the page. (Playwright's
  // `animations: 'disabled'` instead of the pause closed the workspace menu before its item
  // could be clicked in fa: workspace.e2e.ts.)
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
