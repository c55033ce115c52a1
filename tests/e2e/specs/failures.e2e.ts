import { translate } from '@didban/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { en, fa } from '../../../apps/web/src/i18n/locales/all';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { newAccount, openTicket, register } from '../support/server-api';
import { openSignedIn } from '../support/session';
import { TEXT } from '../support/texts';

/**
 * What a user sees when something fails: an honest reason and a Retry on a failed load, the
 * panel's own localized error page (one reload for a missing chunk, never a loop), a splash in the
 * HTML itself, snackbars above dialogs, and the inventory's spec'd retries.
 */
const baseUrl = inject('baseUrl');
const WORDS = { en, fa } as const;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every answer of the API under `path` fails as if the server could not be reached. */
const cutOff = (page: Page, path: string) =>
  page.route(`**/api/v1/${path}**`, (route) => route.abort('connectionrefused'));

describe.each(['fa', 'en'] as const)('failures in %s', (lang) => {
  const w = WORDS[lang];

  it('a ticket whose server cannot be reached says so (not "not yours") and Retry loads it', async () => {
    const owner = await register(baseUrl, newAccount(`fl${lang}`));
    const ticketId = await openTicket(baseUrl, owner, `Printer on fire ${lang}`);
    const { context, page, errors } = await openPage(browser, baseUrl, lang, 'mobile');
    try {
      await openSignedIn(page, owner, '/');
      await page.locator('h1').first().waitFor();
      await cutOff(page, `support/tickets/${ticketId}/`);
      await page.goto(`/settings/support/${ticketId}`);
      const failed = page.getByTestId('load-failed');
      await failed.getByText(translate('errors.network', lang), { exact: true }).waitFor({ timeout: 20_000 });
      expect(await page.getByText(w.settings.support.notFound).count()).toBe(0);
      await screenshot(page, `failure-ticket-offline-${lang}`);
      await page.unroute(`**/api/v1/support/tickets/${ticketId}/**`);
      await failed.getByRole('button', { name: w.shared.retry }).click();
      await page.getByText(`Printer on fire ${lang}`).first().waitFor();
      // A ticket that really is not there still says so.
      await page.goto('/settings/support/00000000-0000-4000-8000-000000000000');
      await page.getByText(w.settings.support.notFound).waitFor({ timeout: 20_000 });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a missing page chunk reloads once, then shows the localized error page with a way home', async () => {
    const owner = await register(baseUrl, newAccount(`ch${lang}`));
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      await openSignedIn(page, owner, '/');
      await page.locator('h1').first().waitFor();
      let asked = 0;
      await page.route('**/assets/templates-page-*.js', (route) => {
        asked += 1;
        return route.fulfill({ status: 404, body: 'gone' });
      });
      let loads = 0;
      page.on('load', () => {
        loads += 1;
      });
      await page.getByRole('link', { name: w.layout.nav.templates }).first().click();
      const shown = page.getByTestId('route-error');
      await shown.getByRole('heading', { name: w.layout.errorPage.title }).waitFor({ timeout: 20_000 });
      await shown.getByText(w.layout.errorPage.updated).waitFor();
      expect(loads).toBe(1);
      expect(asked).toBeGreaterThanOrEqual(2);
      expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
      // The header stays: the error is drawn inside the signed-in frame.
      await page.getByRole('button', { name: TEXT[lang].profileMenu }).waitFor();
      await screenshot(page, `failure-missing-chunk-${lang}`);
      // No loop: a while later it is still the error page, not reloading again.
      await page.waitForTimeout(1_500);
      expect(loads).toBe(1);
      await page.unroute('**/assets/templates-page-*.js');
      await shown.getByRole('link', { name: w.layout.errorPage.home }).click();
      await page.getByRole('heading', { name: TEXT[lang].heroTitle }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('the first paint is the splash of index.html, before any script has run', async () => {
    const html = await (await fetch(`${baseUrl}/auth/sign-in`)).text();
    expect(html).toContain('data-testid="boot-splash"');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      // Hold every script: what shows is what the HTML alone draws.
      await page.route('**/*.js', () => undefined);
      // Module scripts hold DOMContentLoaded back: wait for the HTML's own paint instead.
      await page.goto('/auth/sign-in', { waitUntil: 'commit' });
      await page.getByTestId('boot-splash').waitFor();
      const box = await page.getByTestId('boot-splash').boundingBox();
      expect(box?.width).toBeGreaterThan(300);
      await screenshot(page, `failure-boot-splash-${lang}`);
    } finally {
      await context.close();
    }
  });

  it('a message raised inside a dialog shows above it and can be closed', async () => {
    const owner = await register(baseUrl, newAccount(`dl${lang}`));
    const { context, page } = await openPage(browser, baseUrl, lang, 'mobile');
    try {
      await openSignedIn(page, owner, '/');
      await page.getByTestId('feedback-button').click();
      const dialog = page.getByRole('dialog');
      await page.route('**/api/v1/panel/send-feedback/**', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
      );
      await dialog.getByLabel(TEXT[lang].feedbackSubject, { exact: true }).fill('The bell');
      await dialog.getByLabel(TEXT[lang].feedbackDetails, { exact: true }).fill('Rings.');
      await dialog.getByRole('button', { name: TEXT[lang].send, exact: true }).click();
      const message = dialog.getByTestId('snackbar').filter({ hasText: w.settings.feedback.failed });
      await message.waitFor();
      await screenshot(page, `failure-snackbar-over-dialog-${lang}`);
      // On top: the element at the message's centre is the message itself, not the overlay.
      const box = (await message.boundingBox())!;
      const onTop = await page.evaluate(
        ([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('[data-testid="snackbar"]'),
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(onTop).toBe(true);
      await message.getByRole('button', { name: w.shared.snackbar.dismiss }).click();
      await message.waitFor({ state: 'detached' });
      expect(await dialog.isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('the inventory asks 3 times (2 retries, 1 s apart) before it says it failed, then Retry works', async () => {
    const owner = await register(baseUrl, newAccount(`rt${lang}`));
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      await openSignedIn(page, owner, '/');
      await page.locator('h1').first().waitFor();
      const times: number[] = [];
      await page.route('**/api/v1/panel/all-assets/**', (route) => {
        times.push(Date.now());
        return route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
      });
      await page.goto('/assets/inventory');
      const failed = page.getByTestId('load-failed');
      await failed.waitFor({ timeout: 20_000 });
      expect(times).toHaveLength(3);
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(900);
      expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(900);
      await page.unroute('**/api/v1/panel/all-assets/**');
      await failed.getByRole('button', { name: w.shared.retry }).click();
      await page.getByTestId('inventory-empty').waitFor();
    } finally {
      await context.close();
    }
  });
});
