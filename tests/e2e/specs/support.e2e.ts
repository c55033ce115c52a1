import { translate } from '@didban/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { solidPng } from '../support/png';
import { makeStaff, newAccount, openTicket, postMessage, register } from '../support/server-api';
import { openSignedIn } from '../support/session';
import { SETTINGS_TEXT } from '../support/settings-texts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const snackbarText = (page: Page, text: string) =>
  page.getByTestId('snackbar-message').filter({ hasText: text }).first().waitFor();

describe.each(['fa', 'en'] as const)('support in %s', (lang) => {
  const s = SETTINGS_TEXT[lang];

  it('a ticket with a picture → staff replies → the user reads it → close replaces the composer', async () => {
    const userAccount = newAccount(`sup${lang}`);
    const staffAccount = newAccount(`staff${lang}`);
    const user = await register(baseUrl, userAccount);
    const staff = await register(baseUrl, staffAccount);
    await makeStaff(baseUrl, staffAccount.username);
    const title = `Scan stuck ${lang}`;

    const u = await openPage(browser, baseUrl, lang);
    const st = await openPage(browser, baseUrl, lang);
    try {
      // Create the ticket: the subject is required (core's words), then type and priority.
      await openSignedIn(u.page, user, '/settings/support');
      await u.page.getByRole('heading', { name: s.supportTitle }).waitFor();
      await u.page.getByRole('button', { name: s.newTicket, exact: true }).click();
      const dialog = u.page.getByRole('dialog');
      await dialog.getByRole('button', { name: s.submitTicket, exact: true }).click();
      await dialog.getByText(translate('support.title_required', lang)).waitFor();
      await screenshot(u.page, `settings-support-new-${lang}`);
      await dialog.getByLabel(s.subject).fill(title);
      await dialog.getByLabel(s.type).selectOption({ label: s.technical });
      await dialog.getByLabel(s.priority).selectOption({ label: s.high });
      await dialog.getByRole('button', { name: s.submitTicket, exact: true }).click();
      await snackbarText(u.page, s.ticketCreated);
      await u.page.getByRole('heading', { name: title }).waitFor();
      const ticketUrl = new URL(u.page.url()).pathname;

      // Composer rules: blank text cannot be sent; Shift+Enter is a new line; Enter sends.
      const box = u.page.getByLabel(s.message, { exact: true });
      const send = u.page.getByRole('button', { name: s.send, exact: true });
      await box.fill('   ');
      expect(await send.isDisabled()).toBe(true);
      await box.fill('');
      await box.pressSequentially('The scan has been stuck');
      await box.press('Shift+Enter');
      await box.pressSequentially('since this morning.');
      expect(await box.inputValue()).toBe('The scan has been stuck\nsince this morning.');
      await box.press('Enter');
      const mine = u.page.locator('[data-testid="message"][data-mine="true"]');
      await expect.poll(() => mine.count()).toBe(1);
      // Multipart bodies carry line breaks as CRLF (HTML form encoding); either reads the same.
      expect(((await mine.first().textContent()) ?? '').replace(/\r\n/g, '\n')).toContain(
        'The scan has been stuck\nsince this morning.',
      );

      // A picture: choosing it clears and disables the text box; it is shown inline.
      await box.fill('this text goes away');
      await u.page.getByTestId('attach-input').setInputFiles({
        name: 'screenshot.png',
        mimeType: 'image/png',
        buffer: solidPng(120, 80, [124, 58, 237]),
      });
      expect(await box.inputValue()).toBe('');
      expect(await box.isDisabled()).toBe(true);
      await send.click();
      const picture = u.page.getByRole('img', { name: 'screenshot.png' });
      await picture.waitFor();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
      expect(await box.isDisabled()).toBe(false);

      // Staff sees the ticket with the user's name on the messages and replies.
      await openSignedIn(st.page, staff, ticketUrl);
      await st.page.getByRole('heading', { name: title }).waitFor();
      await expect
        .poll(() => st.page.getByTestId('message-sender').first().textContent())
        .toBe(userAccount.username);
      await st.page.getByRole('img', { name: 'screenshot.png' }).waitFor();
      const staffBox = st.page.getByLabel(s.message, { exact: true });
      await staffBox.fill('We are looking into it.');
      await staffBox.press('Enter');
      await st.page
        .locator('[data-testid="message"][data-mine="true"]')
        .filter({ hasText: 'We are looking into it.' })
        .waitFor();

      // The user sees the reply on the other side, with the sender's name.
      await u.page.reload();
      const reply = u.page.locator('[data-testid="message"][data-mine="false"]');
      await reply.filter({ hasText: 'We are looking into it.' }).waitFor();
      expect(await reply.getByTestId('message-sender').textContent()).toBe(
        `${staffAccount.username}${s.staffMark}`,
      );
      await u.page.getByRole('img', { name: 'screenshot.png' }).waitFor();
      await screenshot(u.page, `settings-support-ticket-${lang}`);

      // Close, after confirming: the composer is replaced by the closed notice.
      await u.page.getByRole('button', { name: s.closeTicket, exact: true }).click();
      await u.page.getByRole('dialog').getByRole('button', { name: s.closeTicket, exact: true }).click();
      await snackbarText(u.page, s.ticketClosed);
      await u.page.getByTestId('ticket-closed').waitFor();
      expect(await u.page.getByTestId('ticket-closed').textContent()).toBe(s.closedNotice);
      expect(await u.page.getByLabel(s.message, { exact: true }).count()).toBe(0);
      await screenshot(u.page, `settings-support-closed-${lang}`);

      // The list shows the closed badge in the neutral colour.
      await u.page.goto('/settings/support');
      const row = u.page.getByTestId('ticket-row').filter({ hasText: title });
      await row.waitFor();
      const badge = row.locator('[data-tone]');
      expect(await badge.textContent()).toBe(s.statusClosed);
      expect(await badge.getAttribute('data-tone')).toBe('neutral');
      await screenshot(u.page, `settings-support-${lang}`);

      expect(u.errors).toEqual([]);
      expect(st.errors).toEqual([]);
    } finally {
      await u.context.close();
      await st.context.close();
    }
  });
  it('shows the newest messages at the bottom and loads older ones when scrolled to the top', async () => {
    const session = await register(baseUrl, newAccount(`page${lang}`));
    const ticketId = await openTicket(baseUrl, session, `Long thread ${lang}`);
    for (let i = 1; i <= 25; i++) await postMessage(baseUrl, session, ticketId, `Message ${i}`);
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await openSignedIn(page, session, `/settings/support/${ticketId}`);
      const messages = page.getByTestId('message');
      await expect.poll(() => messages.count()).toBe(20);
      expect(await messages.last().textContent()).toContain('Message 25');
      expect(await messages.first().textContent()).toContain('Message 6');
      const list = page.getByTestId('message-list');
      // Opened at the bottom: the newest message is in view.
      expect(await list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(2);

      await list.evaluate((el) => {
        el.scrollTop = 0;
      });
      await expect.poll(() => messages.count()).toBe(25);
      expect(await messages.first().textContent()).toContain('Message 1');
      // The reader keeps their place: the list did not jump back to the bottom.
      expect(await list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      expect(await list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeGreaterThan(
        100,
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
  it("says why a disguised attachment is refused and does not show another user's ticket", async () => {
    const owner = await register(baseUrl, newAccount(`bad${lang}`));
    const stranger = await register(baseUrl, newAccount(`str${lang}`));
    const ticketId = await openTicket(baseUrl, owner, `Bad input ${lang}`);
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      await openSignedIn(page, owner, `/settings/support/${ticketId}`);
      await page.getByRole('heading', { name: `Bad input ${lang}` }).waitFor();
      await page.getByTestId('attach-input').setInputFiles({
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('MZ this is a program, not a picture'),
      });
      await page.getByRole('button', { name: s.send, exact: true }).click();
      await snackbarText(page, translate('support.attachment_disguised', lang, { name: 'photo.png' }));
      expect(await page.getByTestId('message').count()).toBe(0);

      await openSignedIn(page, stranger, `/settings/support/${ticketId}`);
      await page.getByText(s.ticketNotFound).waitFor();
      expect(await page.getByRole('heading', { name: `Bad input ${lang}` }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
  it("says 'Failed to create support ticket' when the ticket cannot be created", async () => {
    const session = await register(baseUrl, newAccount(`tfail${lang}`));
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      await page.route('**/api/v1/support/tickets/', (route) =>
        route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
      );
      await openSignedIn(page, session, '/settings/support');
      await page.getByRole('button', { name: s.newTicket, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(s.subject).fill('Cannot log in');
      await dialog.getByLabel(s.type).selectOption({ label: s.technical });
      await dialog.getByRole('button', { name: s.submitTicket, exact: true }).click();
      await snackbarText(page, s.ticketCreateFailed);
      expect(await dialog.isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
