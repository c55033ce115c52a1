import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { en } from '../../../apps/web/src/i18n/locales/en';
import { fa } from '../../../apps/web/src/i18n/locales/fa';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

/**
 * Issue 34, item 9: a page not visited yet is opened while the server is down. Its code cannot be
 * fetched; that is an outage, not a new release, so the tab stays on the panel's own "cannot be
 * reached" state with Retry (no reload into the browser's error page), and Retry opens the page
 * once the server answers again.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['fa', 'en'] as const)('server outage while navigating in %s', (lang) => {
  const words = (lang === 'fa' ? fa : en).layout.errorPage;

  it('shows the panel’s own network error with Retry, and Retry opens the page when the server is back', async () => {
    const owner = await register(baseUrl, newAccount(`outage${lang}`));
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      await page.setViewportSize({ width: 375, height: 812 });
      page.setDefaultTimeout(30_000);
      await openSignedIn(page, owner, '/');
      await page.getByRole('main').waitFor();
      // The server goes away: every request fails as a refused connection does.
      await context.route('**/*', (route) => route.abort('connectionrefused'));
      // A mark on this document: a reload would lose it.
      await page.evaluate(() => {
        (window as unknown as { sameTab: boolean }).sameTab = true;
      });
      const sameDocument = () =>
        page.evaluate(() => (window as unknown as { sameTab?: boolean }).sameTab === true);
      // In-app navigation to a page whose code was never loaded.
      await page.evaluate(() => {
        window.history.pushState({}, '', '/workers');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      const offline = page.getByTestId('route-offline');
      await offline.getByRole('heading', { name: words.offlineTitle }).waitFor();
      expect(await offline.getByText(words.offline).count()).toBe(1);
      expect(await sameDocument()).toBe(true);
      await screenshot(page, `outage-${lang}`);
      // Still down: Retry keeps the tab on the panel.
      await offline.getByRole('button', { name: words.retry }).click();
      await offline.getByRole('button', { name: words.retry, disabled: false }).waitFor();
      expect(await sameDocument()).toBe(true);
      // Back up: Retry opens the page.
      await context.unroute('**/*');
      await offline.getByRole('button', { name: words.retry }).click();
      await page.waitForURL('**/workers');
      await expect.poll(() => page.getByTestId('route-offline').count()).toBe(0);
      await page.getByRole('main').waitFor();
    } finally {
      await context.close();
    }
  });
});
