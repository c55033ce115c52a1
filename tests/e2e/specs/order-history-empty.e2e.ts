import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { enPanel } from '../../../apps/web/src/i18n/locales/en/panel';
import { faPanel } from '../../../apps/web/src/i18n/locales/fa/panel';
import { launchBrowser, openPage } from '../support/browser';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

/** Issue 34, item 10: an empty order history leads to Billing, where an order starts (375 px). */

const baseUrl = inject('baseUrl');
const ORDERS = { en: enPanel.settings.orders, fa: faPanel.settings.orders } as const;
const BILLING = { en: enPanel.settings.billing.title, fa: faPanel.settings.billing.title } as const;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['fa', 'en'] as const)('order history, empty (%s, 375 px)', (lang) => {
  it('says there are no orders and links to Billing', async () => {
    const session = await register(baseUrl, newAccount(`orders_${lang}`));
    const { context, page, errors } = await openPage(browser, baseUrl, lang, 'mobile');
    await page.setViewportSize({ width: 375, height: 812 });
    await openSignedIn(page, session, '/settings/order-history');
    await page.getByText(ORDERS[lang].empty).waitFor();
    const link = page.getByRole('link', { name: ORDERS[lang].toBilling });
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/settings/billing');
    await page.getByRole('heading', { name: BILLING[lang] }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
