import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { newAccount } from '../support/server-api';
import { expectDocumentLanguage, signOutThroughMenu } from '../support/session';
import { other, TEXT } from '../support/texts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['fa', 'en'] as const)('a newcomer in %s', (lang) => {
  it('signs up, signs in, reaches home, switches language and signs out', async () => {
    const t = TEXT[lang];
    const account = newAccount(`flow${lang}`);
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      // A guest asking for home is sent to sign-in, laid out in the chosen direction.
      await page.goto('/');
      await page.getByRole('heading', { name: t.signInTitle }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth/sign-in');
      await expectDocumentLanguage(page, lang);
      await screenshot(page, `sign-in-${lang}`);

      await page.getByRole('link', { name: t.toSignUp }).click();
      await page.getByRole('heading', { name: t.signUpTitle }).waitFor();
      await screenshot(page, `sign-up-${lang}`);
      await page.getByLabel(t.username, { exact: true }).fill(account.username);
      await page.getByLabel(t.email, { exact: true }).fill(account.email);
      await page.getByLabel(t.password, { exact: true }).fill(account.password);
      await page.getByLabel(t.confirmPassword, { exact: true }).fill(account.password);
      await page.getByRole('button', { name: t.signUpButton, exact: true }).click();

      await page.getByRole('heading', { name: t.heroTitle }).waitFor();
      expect(await page.getByText(t.greeting(account.username)).isVisible()).toBe(true);
      await screenshot(page, `home-${lang}`);

      await signOutThroughMenu(page, lang);
      expect(await page.evaluate(() => localStorage.getItem('didban.auth'))).toBeNull();

      await page.getByLabel(t.username, { exact: true }).fill(account.username);
      await page.getByLabel(t.email, { exact: true }).fill(account.email);
      await page.getByLabel(t.password, { exact: true }).fill(account.password);
      await page.getByRole('button', { name: t.signInButton, exact: true }).click();
      await page.getByRole('heading', { name: t.heroTitle }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');

      // Switching language reloads the page in the other language and direction.
      const next = other(lang);
      await page.getByRole('button', { name: t.profileMenu }).click();
      await page.getByRole('menuitem', { name: t.switchLanguage }).waitFor();
      await screenshot(page, `profile-menu-${lang}`);
      await page.getByRole('menuitem', { name: t.switchLanguage }).click();
      await page.getByRole('heading', { name: TEXT[next].heroTitle }).waitFor();
      await expectDocumentLanguage(page, next);
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe(next);

      await signOutThroughMenu(page, next);
      await expectDocumentLanguage(page, next);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
