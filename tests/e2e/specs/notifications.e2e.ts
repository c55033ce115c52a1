import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { newAccount, notify, register } from '../support/server-api';
import { openSignedIn } from '../support/session';
import { digits, TEXT } from '../support/texts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['fa', 'en'] as const)('notifications in %s', (lang) => {
  const t = TEXT[lang];

  it('shows 9+ on the bell, marks one seen on click and follows its link, then marks the rest', async () => {
    const account = newAccount(`n${lang}`);
    const session = await register(baseUrl, account);
    for (let i = 1; i <= 11; i++) await notify(baseUrl, account.username, `Scan ${i} finished`, null);
    await notify(baseUrl, account.username, 'Your profile needs an email', '/settings');

    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await openSignedIn(page, session);
      const badge = page.getByTestId('notification-badge');
      await badge.waitFor();
      expect(await badge.textContent()).toBe(`${digits(9, lang)}+`);

      await page.getByTestId('notification-bell').click();
      await page.getByText('Your profile needs an email').waitFor();
      await screenshot(page, `notification-bell-${lang}`);
      await page.getByText('Your profile needs an email').click();
      await page.getByRole('heading', { name: t.profileTitle }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/settings');

      await page.goto('/settings/notifications');
      const total = page.getByTestId('notifications-total');
      const unseen = page.getByTestId('notifications-unseen');
      await total.waitFor();
      expect(await total.textContent()).toBe(t.total(digits(12, lang)));
      expect(await unseen.textContent()).toBe(t.unseen(digits(11, lang)));
      const opened = page.getByTestId('notification-row').filter({ hasText: 'Your profile needs an email' });
      expect(await opened.getAttribute('data-seen')).toBe('true');

      await page
        .locator('[data-testid="notification-row"][data-seen="false"]')
        .first()
        .getByRole('button', { name: t.markSeen })
        .click();
      await expect.poll(() => unseen.textContent()).toBe(t.unseen(digits(10, lang)));
      await screenshot(page, `settings-notifications-${lang}`);

      await page.getByRole('button', { name: t.markAllSeen, exact: true }).click();
      await expect.poll(() => unseen.textContent()).toBe(t.unseen(digits(0, lang)));
      await expect.poll(() => page.getByTestId('notification-badge').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
