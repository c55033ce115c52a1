/**
 * Account security in the panel (issue 35), in fa and en: change password (the current one
 * required, the server's rules at their fields; every other session signed out, the old password
 * refused), forgotten password → the emailed single-use link → a new password (a used link says
 * so), and sign out everywhere. Mail is read from the run's SMTP stand-in (support/mail-box.ts).
 */
import { createApiClient, type Session, translate } from '@didban/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { en } from '../../../apps/web/src/i18n/locales/en';
import { enPanel } from '../../../apps/web/src/i18n/locales/en/panel';
import { fa } from '../../../apps/web/src/i18n/locales/fa';
import { faPanel } from '../../../apps/web/src/i18n/locales/fa/panel';
import { passwordText } from '../../../apps/web/src/pages/auth/password-text';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { foreignTextProblems } from '../support/fa-text';
import { mailsTo } from '../support/mail-box';
import { type Account, newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

const baseUrl = inject('baseUrl');
const mailDir = inject('mailDir');
const WORDS = {
  en: { auth: en.auth, settings: enPanel.settings },
  fa: { auth: fa.auth, settings: faPanel.settings },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const clientOf = (token: string) =>
  createApiClient({ baseUrl, getToken: () => token, getLanguage: () => 'en' });
const login = (a: Account, password = a.password) =>
  createApiClient({ baseUrl, getLanguage: () => 'en' }).auth.login({
    username: a.username,
    email: a.email,
    password,
  });
/** The HTTP status the API answers this token with (200 while it lives, 401 once revoked). */
const statusOf = async (token: string) =>
  (await fetch(`${baseUrl}/api/v1/panel/profile/`, { headers: { authorization: `Bearer ${token}` } })).status;
const fieldError = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).locator('xpath=..').locator('[data-field-error]');
const snackbar = (page: Page, text: string) =>
  page.getByTestId('snackbar-message').filter({ hasText: text }).first().waitFor();
const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

describe.each(['fa', 'en'] as const)('account security in %s', (lang) => {
  const w = WORDS[lang];
  const pt = passwordText(lang);

  it('change password: current one required, rules at their fields; other sessions end, the old password is refused', async () => {
    const account = newAccount(`pw${lang}`);
    await register(baseUrl, account);
    const mine = await login(account);
    const other = await login(account);
    const terminal = await login(account);
    const tab = await openPage(browser, baseUrl, lang);
    const otherTab = await openPage(browser, baseUrl, lang);
    try {
      await openSignedIn(otherTab.page, other, '/settings');
      await otherTab.page.getByRole('heading', { name: w.settings.password.title }).waitFor();

      const { page } = tab;
      await openSignedIn(page, mine, '/settings');
      const form = page.getByTestId('password-form');
      await form.waitFor();
      await screenshot(page, `account-settings-${lang}`);
      expect(await foreignTextProblems(page, lang)).toEqual([]);

      // Nothing typed: the current password is asked for, in the reader's language.
      await form.getByRole('button', { name: w.settings.password.submit }).click();
      expect(await fieldError(page, w.settings.password.old).textContent()).toBe(
        translate('auth.old_password_required', lang),
      );
      // A wrong current password: the server's answer at that field.
      const newPassword = `Tangerine-orbit-${lang}-47`;
      await form.getByLabel(w.settings.password.old, { exact: true }).fill('not-my-password-1');
      await form.getByLabel(w.settings.password.new, { exact: true }).fill(newPassword);
      await form.getByLabel(w.settings.password.confirm, { exact: true }).fill(newPassword);
      await form.getByRole('button', { name: w.settings.password.submit }).click();
      await expect
        .poll(() => fieldError(page, w.settings.password.old).textContent())
        .toBe(translate('errors.old_password_wrong', lang));
      // The username as the new password: the server's policy message at the new password.
      await form.getByLabel(w.settings.password.old, { exact: true }).fill(account.password);
      await form.getByLabel(w.settings.password.new, { exact: true }).fill(account.username);
      await form.getByLabel(w.settings.password.confirm, { exact: true }).fill(account.username);
      await form.getByRole('button', { name: w.settings.password.submit }).click();
      await expect
        .poll(() => fieldError(page, w.settings.password.new).textContent())
        .toBe(translate('auth.password_like_account', lang));
      await screenshot(page, `account-password-refused-${lang}`);
      expect(await statusOf(other.access)).toBe(200);

      // Accepted.
      await form.getByLabel(w.settings.password.new, { exact: true }).fill(newPassword);
      await form.getByLabel(w.settings.password.confirm, { exact: true }).fill(newPassword);
      await form.getByRole('button', { name: w.settings.password.submit }).click();
      await snackbar(page, w.settings.password.changed);
      expect(await form.getByLabel(w.settings.password.old, { exact: true }).inputValue()).toBe('');

      // Every other session ended; this tab got a fresh token and stays signed in.
      expect(await statusOf(other.access)).toBe(401);
      expect(await statusOf(terminal.access)).toBe(401);
      expect(await statusOf(mine.access)).toBe(401);
      await page.reload();
      await page.getByTestId('password-form').waitFor();
      const tabToken = await page.evaluate(() => JSON.parse(localStorage.getItem('didban.auth')!).token);
      expect(await statusOf(tabToken)).toBe(200);
      await otherTab.page.reload();
      await otherTab.page.getByRole('heading', { name: w.auth.signIn.title }).waitFor({ timeout: 30_000 });
      expect(new URL(otherTab.page.url()).pathname).toBe('/auth/sign-in');

      // The old password is refused; the new one signs in.
      await expect(login(account)).rejects.toMatchObject({ code: 'invalid_credentials' });
      expect((await login(account, newPassword)).user.username).toBe(account.username);

      // Phone width: the three cards stack, nothing scrolls sideways.
      await page.setViewportSize({ width: 375, height: 800 });
      await screenshot(page, `account-settings-375-${lang}`);
      expect(await noSideScroll(page)).toBe(true);
      // Signed in, "Forgot your current password?" still opens the request page.
      await page.getByRole('link', { name: w.settings.password.forgot }).click();
      await page.getByRole('heading', { name: pt('forgot.title') }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth/forgot-password');
      expect(tab.errors).toEqual([]);
    } finally {
      await tab.context.close();
      await otherTab.context.close();
    }
  });

  it('forgot password → emailed single-use link → new password; the same answer for an unknown address; a used link says so', async () => {
    const account = newAccount(`fg${lang}`);
    await register(baseUrl, account);
    const before = await login(account);
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await page.goto('/auth/sign-in');
      await page.getByRole('link', { name: w.auth.signIn.forgot }).waitFor();
      await screenshot(page, `account-sign-in-forgot-${lang}`);
      await page.getByRole('link', { name: w.auth.signIn.forgot }).click();
      await page.waitForURL('**/auth/forgot-password');
      await page.getByRole('heading', { name: pt('forgot.title') }).waitFor();

      // An address without an account: the same page as for a real one, and no mail.
      const nobody = `nobody-${account.username}@example.test`;
      await page.getByLabel(w.auth.fields.email, { exact: true }).fill(nobody);
      await page.getByRole('button', { name: pt('forgot.submit') }).click();
      const sent = page.getByTestId('forgot-sent');
      await sent.getByRole('heading', { name: pt('forgot.sentTitle') }).waitFor();
      const unknownPage = (await sent.textContent())?.replace(nobody, '<address>');

      await page.goto('/auth/forgot-password');
      await page.getByLabel(w.auth.fields.email, { exact: true }).fill(account.email);
      await page.getByRole('button', { name: pt('forgot.submit') }).click();
      await sent.getByRole('heading', { name: pt('forgot.sentTitle') }).waitFor();
      expect((await sent.textContent())?.replace(account.email, '<address>')).toBe(unknownPage);
      await screenshot(page, `account-forgot-sent-${lang}`);

      let mail = '';
      await expect
        .poll(
          () => {
            mail = mailsTo(mailDir, account.email).at(-1) ?? '';
            return mail;
          },
          { timeout: 20_000 },
        )
        .toContain('/auth/reset-password?token=');
      expect(mailsTo(mailDir, nobody)).toEqual([]);
      const link = /(https?:\/\/\S+\/auth\/reset-password\?token=\S+)/.exec(mail)![1]!;
      expect(new URL(link).origin).toBe(baseUrl);

      // The link opens the reset page; a weak password is refused at its field first.
      await page.goto(link);
      await page.getByRole('heading', { name: pt('reset.title') }).waitFor();
      await screenshot(page, `account-reset-${lang}`);
      const fresh = `Quiet-lantern-${lang}-93`;
      await page.getByLabel(pt('reset.newPassword'), { exact: true }).fill('      ');
      await page.getByLabel(w.auth.fields.confirmPassword, { exact: true }).fill('      ');
      await page.getByRole('button', { name: pt('reset.submit') }).click();
      await expect.poll(() => fieldError(page, pt('reset.newPassword')).textContent()).toBeTruthy();
      await page.getByLabel(pt('reset.newPassword'), { exact: true }).fill(fresh);
      await page.getByLabel(w.auth.fields.confirmPassword, { exact: true }).fill(fresh);
      await page.getByRole('button', { name: pt('reset.submit') }).click();
      // Signed in at home; earlier sessions ended.
      await page.waitForURL((url) => url.pathname === '/');
      await snackbar(page, pt('reset.done'));
      expect(await statusOf(before.access)).toBe(401);
      expect((await login(account, fresh)).user.email).toBe(account.email);
      await expect(login(account)).rejects.toMatchObject({ code: 'invalid_credentials' });

      // The same link again: used, said so, with the way to a new one.
      const second = await openPage(browser, baseUrl, lang, 'mobile');
      try {
        await second.page.goto(link);
        await second.page.getByLabel(pt('reset.newPassword'), { exact: true }).fill(`${fresh}-again`);
        await second.page.getByLabel(w.auth.fields.confirmPassword, { exact: true }).fill(`${fresh}-again`);
        await second.page.getByRole('button', { name: pt('reset.submit') }).click();
        const dead = second.page.getByTestId('reset-link-dead');
        await dead.getByRole('heading', { name: pt('reset.deadTitle') }).waitFor();
        expect(await dead.textContent()).toContain(translate('errors.reset_link_invalid', lang));
        await dead.getByRole('link', { name: pt('reset.askNew') }).waitFor();
        await screenshot(second.page, `account-reset-used-375-${lang}`);
        expect(await noSideScroll(second.page)).toBe(true);
      } finally {
        await second.context.close();
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sign out everywhere ends every session of the account, this one too; sign out ends this one', async () => {
    const account = newAccount(`so${lang}`);
    await register(baseUrl, account);
    const mine = await login(account);
    const terminal = await login(account);
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      // Sign out (from the profile): this token dies on the server, the other lives.
      await openSignedIn(page, mine, '/settings');
      await page.getByRole('button', { name: w.settings.sessions.signOut, exact: true }).click();
      await page.getByRole('heading', { name: w.auth.signIn.title }).waitFor({ timeout: 30_000 });
      await expect.poll(() => statusOf(mine.access)).toBe(401);
      expect(await statusOf(terminal.access)).toBe(200);

      const again: Session = await login(account);
      await openSignedIn(page, again, '/settings');
      await page.getByRole('button', { name: w.settings.sessions.signOutAll, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(w.settings.sessions.confirmBody).waitFor();
      await screenshot(page, `account-sign-out-everywhere-${lang}`);
      await dialog.getByRole('button', { name: w.settings.sessions.signOutAll }).click();
      await page.getByRole('heading', { name: w.auth.signIn.title }).waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => localStorage.getItem('didban.auth'))).toBeNull();
      expect(await statusOf(again.access)).toBe(401);
      expect(await statusOf(terminal.access)).toBe(401);
      // The password still works: signing in again starts a new session.
      const after = await login(account);
      expect(await statusOf(after.access)).toBe(200);
      await expect(clientOf(terminal.access).auth.logout()).rejects.toMatchObject({ status: 401 });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
