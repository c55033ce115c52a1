import { translate } from '@didban/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { TEXT } from '../support/texts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['fa', 'en'] as const)('sign-in callbacks in %s', (lang) => {
  const t = TEXT[lang];

  const githubButton = lang === 'fa' ? 'ادامه با گیت‌هاب' : 'Continue with GitHub';

  it('offers no GitHub button when GitHub sign-in is not configured on this server', async () => {
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      for (const path of ['/auth/sign-up', '/auth/sign-in']) {
        const asked = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/providers/'));
        await page.goto(path);
        expect(await (await asked).json()).toEqual({ data: { github: false } });
        await page
          .getByRole('heading', { name: path.endsWith('up') ? t.signUpTitle : t.signInTitle })
          .waitFor();
        expect(await page.getByRole('button', { name: githubButton }).count()).toBe(0);
        await screenshot(page, `${path.slice(6)}-no-github-${lang}`);
      }
    } finally {
      await context.close();
    }
  });

  it('says so when GitHub sign-in stopped being configured after the page loaded', async () => {
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      // The page was loaded while the server still offered GitHub; its start now answers 501.
      await page.route('**/api/v1/auth/providers/', (route) =>
        route.fulfill({ json: { data: { github: true } } }),
      );
      await page.goto('/auth/sign-up');
      await page.getByRole('button', { name: githubButton }).click();
      await page.getByTestId('snackbar-message').first().waitFor();
      expect(await page.getByTestId('snackbar-message').allTextContents()).toContain(
        translate('errors.github_not_configured', lang),
      );
      expect(new URL(page.url()).pathname).toBe('/auth/sign-up');
    } finally {
      await context.close();
    }
  });

  it('shows the error page with its links when a callback comes back without a code', async () => {
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      await page.goto('/auth/github-callback?error=access_denied');
      await page.getByRole('heading', { name: t.errorTitle }).waitFor();
      expect(await page.getByText(t.errorBody).isVisible()).toBe(true);
      await screenshot(page, `callback-error-guest-${lang}`);
      await page.getByRole('link', { name: lang === 'fa' ? 'بازگشت به صفحهٔ ورود' : 'Back to login' }).click();
      await page.getByRole('heading', { name: t.signInTitle }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('refuses a session token that does not verify', async () => {
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      await page.goto('/auth/verify-token?token=not-a-token');
      await page.getByRole('heading', { name: t.errorTitle }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('didban.auth'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('shows guests the sign-up and login buttons on a page that does not exist', async () => {
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      await page.goto('/no/such/page');
      await page.getByRole('heading', { name: lang === 'fa' ? 'صفحه پیدا نشد' : 'Page not found' }).waitFor();
      expect(await page.getByRole('link', { name: lang === 'fa' ? 'ثبت‌نام' : 'Sign up' }).isVisible()).toBe(
        true,
      );
      expect(await page.getByRole('link', { name: lang === 'fa' ? 'ورود' : 'Log in' }).isVisible()).toBe(
        true,
      );
      await screenshot(page, `not-found-guest-${lang}`);
    } finally {
      await context.close();
    }
  });
});
