import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Lang, launchBrowser, openPage, screenshot } from '../support/browser';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';
import { SETTINGS_TEXT } from '../support/settings-texts';
import { TEXT } from '../support/texts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function planInMenu(page: Page, lang: Lang): Promise<string | null> {
  await page.getByRole('button', { name: TEXT[lang].profileMenu }).click();
  const plan = await page.getByTestId('profile-plan').textContent();
  await page.keyboard.press('Escape');
  return plan;
}

/** Billing → Buy Pro → choose the provider → the provider's (stand-in) page → back on /vpl. */
async function buyPro(page: Page, lang: Lang, provider: 'gateway' | 'bitcoin') {
  const s = SETTINGS_TEXT[lang];
  await page.goto('/settings/billing');
  await page.getByRole('heading', { name: s.billingTitle }).waitFor();
  await page.getByRole('button', { name: s.buyPro, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: s[provider] }).check();
  return dialog;
}

describe.each(['fa', 'en'] as const)('billing in %s', (lang) => {
  const s = SETTINGS_TEXT[lang];

  it.each(['gateway', 'bitcoin'] as const)(
    'buying Pro through the %s stand-in activates the licence and the plan in the menu',
    async (provider) => {
      const session = await register(baseUrl, newAccount(`buy${lang}`));
      const { context, page, errors } = await openPage(browser, baseUrl, lang);
      try {
        await openSignedIn(page, session, '/settings/billing');
        await page.getByTestId('active-plan').waitFor();
        expect(await page.getByTestId('active-plan').textContent()).toBe(s.activeFree);
        expect(await planInMenu(page, lang)).toBe(s.menuFree);
        if (provider === 'gateway') await screenshot(page, `settings-billing-${lang}`);

        const dialog = await buyPro(page, lang, provider);
        if (provider === 'gateway') await screenshot(page, `settings-billing-purchase-${lang}`);
        await Promise.all([
          page.waitForURL((url) => url.pathname === '/vpl'),
          dialog.getByRole('button', { name: s.pay, exact: true }).click(),
        ]);
        await page.getByRole('heading', { name: s.paySuccess }).waitFor();
        await screenshot(page, `vpl-${provider}-${lang}`);
        await expect.poll(() => planInMenu(page, lang)).toBe(s.menuPro);
        if (provider === 'bitcoin') {
          await page.getByRole('button', { name: TEXT[lang].profileMenu }).click();
          await screenshot(page, `profile-menu-pro-${lang}`);
          await page.keyboard.press('Escape');
        }

        await page.goto('/settings/billing');
        await expect.poll(() => page.getByTestId('active-plan').textContent()).toBe(s.activePro);

        await page.goto('/settings/order-history');
        const row = page.getByTestId('order-row').first();
        await row.waitFor();
        expect(await row.textContent()).toContain(s.completed);
        if (provider === 'gateway') await screenshot(page, `settings-order-history-${lang}`);
        await row.getByRole('button', { name: s.view, exact: true }).click();
        await page.getByTestId('order-detail').waitFor();
        expect(await page.getByTestId('order-detail').textContent()).toContain(s.completed);
        if (provider === 'gateway') await screenshot(page, `settings-order-detail-${lang}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('a cancelled payment leaves the order failed and shows the error page with its billing link', async () => {
    const session = await register(baseUrl, newAccount(`fail${lang}`));
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      await openSignedIn(page, session, '/settings/billing');
      const dialog = await buyPro(page, lang, 'gateway');
      // The buyer cancels on the gateway's page: it sends them back with Status=NOK.
      let orderId = '';
      await page.route('**/api/v1/license/payment/request/', async (route) => {
        const answer = await route.fetch();
        orderId = ((await answer.json()) as { data: { order_id: string } }).data.order_id;
        await route.fulfill({ response: answer });
      });
      await page.route('**/pg/StartPay/**', (route) => {
        const authority = new URL(route.request().url()).pathname.split('/').pop();
        return route.fulfill({
          status: 302,
          headers: { location: `${baseUrl}/vpl?order_id=${orderId}&Authority=${authority}&Status=NOK` },
        });
      });
      await dialog.getByRole('button', { name: s.pay, exact: true }).click();
      await page.getByRole('heading', { name: TEXT[lang].errorTitle }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth/error');
      expect(await page.getByText(TEXT[lang].errorBody).isVisible()).toBe(true);
      await screenshot(page, `vpl-failed-${lang}`);

      await page.getByRole('link', { name: s.toBilling }).click();
      await page.getByTestId('active-plan').waitFor();
      expect(await page.getByTestId('active-plan').textContent()).toBe(s.activeFree);
      await page.goto('/settings/order-history');
      const row = page.getByTestId('order-row').first();
      await row.waitFor();
      expect(await row.textContent()).toContain(s.failed);
    } finally {
      await context.close();
    }
  });
  it("says 'Failed to create payment request' when the server cannot start the payment", async () => {
    const session = await register(baseUrl, newAccount(`preq${lang}`));
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      await page.route('**/api/v1/license/payment/request/', (route) =>
        route.fulfill({ status: 500, body: '' }),
      );
      await openSignedIn(page, session, '/settings/billing');
      const dialog = await buyPro(page, lang, 'bitcoin');
      await dialog.getByRole('button', { name: s.pay, exact: true }).click();
      await page.getByTestId('snackbar-message').filter({ hasText: s.paymentFailed }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/settings/billing');
    } finally {
      await context.close();
    }
  });
});
