import { translate } from '@didban/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';
import { TEXT } from '../support/texts';

/**
 * Issue 34, item 10: feedback sent while the server cannot be reached says so inside the dialog
 * (the panel's network-error message, in the reader's language) and keeps what was typed, so the
 * user can send it again once the server is back, at 375 px in fa and en.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['fa', 'en'] as const)('feedback with the server down in %s', (lang) => {
  it('shows the network error in the dialog with the form kept filled; sending again works once the server is back', async () => {
    const owner = await register(baseUrl, newAccount(`fbdown${lang}`));
    const { context, page } = await openPage(browser, baseUrl, lang, 'mobile');
    try {
      await page.setViewportSize({ width: 375, height: 812 });
      await openSignedIn(page, owner, '/');
      await page.getByTestId('feedback-button').click();
      const dialog = page.getByRole('dialog');
      const subject = dialog.getByLabel(TEXT[lang].feedbackSubject, { exact: true });
      const details = dialog.getByLabel(TEXT[lang].feedbackDetails, { exact: true });
      await subject.fill('The bell');
      await details.fill('It rings twice.');
      // The server goes away: the send fails as a refused connection does.
      await context.route('**/api/v1/**', (route) => route.abort('connectionrefused'));
      await dialog.getByRole('button', { name: TEXT[lang].send, exact: true }).click();
      const network = translate('errors.network', lang);
      const failure = dialog.getByTestId('feedback-error');
      await failure.waitFor();
      expect(await failure.textContent()).toBe(network);
      expect(await failure.getAttribute('role')).toBe('alert');
      expect(await subject.inputValue()).toBe('The bell');
      expect(await details.inputValue()).toBe('It rings twice.');
      expect(await dialog.getByRole('button', { name: TEXT[lang].send, exact: true }).isEnabled()).toBe(true);
      // Inside the 375 px window, not cut off.
      const box = (await failure.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(page, `feedback-offline-${lang}`);
      // Back up: the same text goes, the dialog closes and the message is gone.
      await context.unroute('**/api/v1/**');
      await dialog.getByRole('button', { name: TEXT[lang].send, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
