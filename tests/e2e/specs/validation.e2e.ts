import { translate } from '@didban/core';
import type { Browser, Page } from 'playwright-core';
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

/** The messages shown under the fields, in page order. */
const fieldErrors = (page: Page) => page.locator('[data-field-error]').allInnerTexts();
const snackbarTexts = (page: Page) => page.getByTestId('snackbar-message').allInnerTexts();

describe.each(['fa', 'en'] as const)('bad input in %s', (lang) => {
  const t = TEXT[lang];

  it('shows the sign-in rules when fields are empty or wrong', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await page.goto('/auth/sign-in');
      await page.getByRole('button', { name: t.signInButton, exact: true }).click();
      expect(await fieldErrors(page)).toEqual([
        translate('auth.username_required', lang),
        translate('auth.email_required', lang),
        translate('auth.password_required', lang),
      ]);
      await screenshot(page, `sign-in-errors-${lang}`);

      await page.getByLabel(t.username, { exact: true }).fill('someone');
      await page.getByLabel(t.email, { exact: true }).fill('not-an-email');
      await page.getByLabel(t.password, { exact: true }).fill('12345');
      await page.getByRole('button', { name: t.signInButton, exact: true }).click();
      expect(await fieldErrors(page)).toEqual([
        translate('auth.email_invalid', lang),
        translate('auth.password_min', lang),
      ]);

      // Well-formed but wrong: the server's message, in the page's language.
      await page.getByLabel(t.email, { exact: true }).fill('someone@example.test');
      await page.getByLabel(t.password, { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: t.signInButton, exact: true }).click();
      await page.getByTestId('snackbar').first().waitFor();
      expect(await snackbarTexts(page)).toContain(translate('errors.invalid_credentials', lang));
      expect(new URL(page.url()).pathname).toBe('/auth/sign-in');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says the server cannot be reached when it is down', async () => {
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      await page.goto('/auth/sign-in');
      await page.route('**/api/v1/auth/login/', (route) => route.abort('connectionrefused'));
      await page.getByLabel(t.username, { exact: true }).fill('someone');
      await page.getByLabel(t.email, { exact: true }).fill('someone@example.test');
      await page.getByLabel(t.password, { exact: true }).fill('long-enough');
      await page.getByRole('button', { name: t.signInButton, exact: true }).click();
      await page.getByTestId('snackbar').first().waitFor();
      expect(await snackbarTexts(page)).toContain(translate('errors.network', lang));
    } finally {
      await context.close();
    }
  });

  it('shows the sign-up rules, including a mismatched confirmation and a taken name', async () => {
    const taken = newAccount(`taken${lang}`);
    await register(baseUrl, taken);
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      await page.goto('/auth/sign-up');
      await page.getByRole('button', { name: t.signUpButton, exact: true }).click();
      expect(await fieldErrors(page)).toEqual([
        translate('auth.username_required', lang),
        translate('auth.email_required', lang),
        translate('auth.password_required', lang),
        translate('auth.confirm_required', lang),
      ]);

      await page.getByLabel(t.username, { exact: true }).fill('ab');
      await page.getByLabel(t.email, { exact: true }).fill('ab@');
      await page.getByLabel(t.password, { exact: true }).fill('123');
      await page.getByLabel(t.confirmPassword, { exact: true }).fill('1234');
      await page.getByRole('button', { name: t.signUpButton, exact: true }).click();
      expect(await fieldErrors(page)).toEqual([
        translate('auth.username_min', lang),
        translate('auth.email_invalid', lang),
        translate('auth.password_min', lang),
        translate('auth.confirm_mismatch', lang),
      ]);
      await screenshot(page, `sign-up-errors-${lang}`);

      await page.getByLabel(t.username, { exact: true }).fill(taken.username);
      await page.getByLabel(t.email, { exact: true }).fill(`other-${taken.email}`);
      await page.getByLabel(t.password, { exact: true }).fill(taken.password);
      await page.getByLabel(t.confirmPassword, { exact: true }).fill(taken.password);
      await page.getByRole('button', { name: t.signUpButton, exact: true }).click();
      await page.getByTestId('snackbar').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth/sign-up');
      expect(await fieldErrors(page)).toEqual([translate('errors.username_taken', lang)]);
    } finally {
      await context.close();
    }
  });

  it('requires a subject and details for feedback, then sends it', async () => {
    const session = await register(baseUrl, newAccount(`fb${lang}`));
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await openSignedIn(page, session);
      await page.getByTestId('feedback-button').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: t.send, exact: true }).click();
      expect(await fieldErrors(page)).toEqual([
        translate('feedback.title_required', lang),
        translate('feedback.description_required', lang),
      ]);
      await screenshot(page, `feedback-errors-${lang}`);

      await dialog.getByLabel(t.feedbackSubject, { exact: true }).fill('The bell');
      await dialog.getByLabel(t.feedbackDetails, { exact: true }).fill('Works well.');
      await dialog.getByRole('button', { name: t.send, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await snackbarTexts(page)).toContain(t.feedbackSent);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
