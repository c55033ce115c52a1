import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';
import { TEXT } from '../support/texts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const BROKEN_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJub2JvZHkifQ.broken';

describe.each(['fa', 'en'] as const)('the session in %s', (lang) => {
  const t = TEXT[lang];

  it('returns to sign-in when the server answers 401 in the middle of a session', async () => {
    const session = await register(baseUrl, newAccount(`s401${lang}`));
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      await openSignedIn(page, session);
      await page.getByRole('heading', { name: t.heroTitle }).waitFor();

      // The session dies on the server side (here: the stored token no longer verifies).
      await page.evaluate((token) => {
        const record = JSON.parse(localStorage.getItem('didban.auth') ?? '{}');
        localStorage.setItem('didban.auth', JSON.stringify({ ...record, token }));
      }, BROKEN_TOKEN);
      await page.getByRole('button', { name: t.profileMenu }).click();
      await page.getByRole('menuitem', { name: t.settings }).click();

      await page.getByRole('heading', { name: t.signInTitle }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth/sign-in');
      expect(await page.evaluate(() => localStorage.getItem('didban.auth'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('signs out at start when the stored token is refused', async () => {
    const session = await register(baseUrl, newAccount(`sbad${lang}`));
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      await openSignedIn(page, { ...session, access: BROKEN_TOKEN }, '/settings');
      await page.getByRole('heading', { name: t.signInTitle }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('didban.auth'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('keeps a valid session across a reload and shows the profile and the error page', async () => {
    const account = newAccount(`sok${lang}`);
    const session = await register(baseUrl, account);
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await openSignedIn(page, session, '/settings');
      await page.getByRole('heading', { name: t.profileTitle }).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: t.profileTitle }).waitFor();
      expect(await page.getByLabel(t.username, { exact: true }).inputValue()).toBe(account.username);
      expect(await page.getByLabel(t.username, { exact: true }).isDisabled()).toBe(true);
      await screenshot(page, `settings-profile-${lang}`);

      const email = page.getByLabel(t.email, { exact: true });
      await email.fill(`new-${account.email}`);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await page.getByTestId('snackbar-message').filter({ hasText: t.profileSaved }).waitFor();

      await page.goto('/auth/error');
      await page.getByRole('heading', { name: t.errorTitle }).waitFor();
      expect(await page.getByText(t.errorBody).isVisible()).toBe(true);
      await screenshot(page, `callback-error-${lang}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('has a working mobile menu', async () => {
    const session = await register(baseUrl, newAccount(`smob${lang}`));
    const { context, page } = await openPage(browser, baseUrl, lang, 'mobile');
    try {
      await openSignedIn(page, session);
      await page.getByRole('heading', { name: t.heroTitle }).waitFor();
      await page.getByTestId('mobile-menu-button').click();
      await page.getByTestId('mobile-menu').waitFor();
      await screenshot(page, `mobile-menu-${lang}`);
    } finally {
      await context.close();
    }
  });
});
