import { createApiClient, normalizeError, type Session, translate } from '@didban/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { en } from '../../../apps/web/src/i18n/locales/en';
import { assetsGroupsEn } from '../../../apps/web/src/i18n/locales/en/assets-groups';
import { fa } from '../../../apps/web/src/i18n/locales/fa';
import { assetsGroupsFa } from '../../../apps/web/src/i18n/locales/fa/assets-groups';
import { alertText } from '../../../apps/web/src/pages/settings/alerts/alerts-text';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

/**
 * Issue 34, items 10 and 15, on a 375 px phone: a form the server refuses shows the server's own
 * reason under the field at fault (not only "Some fields are not valid."), and the alerts page
 * says what a channel and a rule are, asks before deleting, and tells a server that cannot be
 * reached from an empty list.
 */
const baseUrl = inject('baseUrl');
const PHONE = { width: 375, height: 812 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const clientOf = (session: Session, lang: 'fa' | 'en') =>
  createApiClient({ baseUrl, getToken: () => session.access, getLanguage: () => lang });

/** The server's own per-field messages for a request that it refuses. */
async function refusal(request: Promise<unknown>): Promise<Record<string, string[]>> {
  try {
    await request;
  } catch (error) {
    return normalizeError(error).errors ?? {};
  }
  throw new Error('the server accepted what it should refuse');
}

/** How far the page scrolls sideways (0 when it fits the screen). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const fieldErrors = (page: Page) => page.locator('[data-field-error]').allInnerTexts();

describe.each(['fa', 'en'] as const)('the server’s reasons at their fields in %s', (lang) => {
  const w = lang === 'fa' ? assetsGroupsFa : assetsGroupsEn;
  const t = alertText(lang);
  const shared = (lang === 'fa' ? fa : en).shared;

  it('first asset group with a root the built-in worker may not scan: the reason under Roots', async () => {
    const owner = await register(baseUrl, newAccount(`reasons${lang}`));
    const root = '127.50.0.10';
    const expected = await refusal(
      clientOf(owner, lang).assets.createGroup({ name: 'probe', roots: [root] }),
    );
    expect(expected.roots?.[0]).toContain(root);
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await page.setViewportSize(PHONE);
      // Two loaded cores: slow steps are allowed, missing ones are not.
      page.setDefaultTimeout(30_000);
      await openSignedIn(page, owner, '/assets/groups');
      await page.getByTestId('groups-empty').getByRole('button', { name: w.groups.emptyAction }).click();
      const wizard = page.getByTestId('group-wizard');
      await wizard.getByLabel(w.wizard.name, { exact: true }).fill(`Local ${lang}`);
      await wizard.getByLabel(w.wizard.roots, { exact: true }).fill(root);
      await wizard.getByRole('button', { name: w.wizard.next }).click();
      await wizard.getByRole('button', { name: w.wizard.create }).click();
      // Back on the settings step, the exact reason under the roots field.
      await expect.poll(() => fieldErrors(page)).toEqual([expected.roots![0]]);
      const rootsField = wizard.getByLabel(w.wizard.roots, { exact: true });
      expect(await rootsField.getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, `form-reasons-group-${lang}`);
      // Editing the field clears its message; nothing was stored.
      await rootsField.fill('example.com');
      await expect.poll(() => fieldErrors(page)).toEqual([]);
      expect((await clientOf(owner, lang).assets.listGroups({ page: 1, page_size: 10 })).results).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('alerts: explained empty lists, the reasons under the fields, SMTP for email, delete asks first', async () => {
    const owner = await register(baseUrl, newAccount(`alertforms${lang}`));
    const api = clientOf(owner, lang);
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await page.setViewportSize(PHONE);
      // Two loaded cores: slow steps are allowed, missing ones are not.
      page.setDefaultTimeout(30_000);
      await openSignedIn(page, owner, '/settings/alerts');
      await page.getByTestId('channels-empty').waitFor();
      expect(await page.getByTestId('channels-empty').textContent()).toBe(t('emptyChannels'));
      expect(await page.getByTestId('rules-empty').textContent()).toBe(t('emptyRules'));
      expect(await page.getByTestId('log-empty').textContent()).toBe(t('emptyLog'));
      expect(await sideways(page)).toBe(0);
      await screenshot(page, `form-reasons-alerts-empty-${lang}`);

      // A Telegram channel with neither chat id nor token: each message under its own field.
      const expected = await refusal(
        api.alerts.createChannel({
          name: 'probe',
          kind: 'telegram',
          language: lang,
          settings: { chat_id: '' },
          secrets: { token: '' },
        }),
      );
      const form = page.getByTestId('channel-form');
      await form.getByLabel(t('name'), { exact: true }).fill(`Chat ${lang}`);
      await form.getByLabel(t('kind'), { exact: true }).selectOption('telegram');
      await form.getByRole('button', { name: t('addChannel') }).click();
      await expect
        .poll(() => fieldErrors(page))
        .toEqual([expected['settings.chat_id']![0], expected['secrets.token']![0]]);
      expect(await page.getByTestId('channel-form-error').textContent()).toBe(t('fieldsInvalid'));
      await screenshot(page, `form-reasons-alerts-channel-${lang}`);

      // Email: its own SMTP server may be given, and the form says what happens without one.
      await form.getByLabel(t('kind'), { exact: true }).selectOption('email');
      await form.getByLabel(t('smtp'), { exact: true }).waitFor();
      await form.getByText(t('smtpHint')).waitFor();

      // A rule with nothing chosen: the server's messages at the triggers and the channels.
      const ruleExpected = await refusal(api.alerts.createRule({ name: 'r', triggers: [], channel_ids: [] }));
      const ruleForm = page.getByTestId('rule-form');
      await ruleForm.getByLabel(t('name'), { exact: true }).fill(`Rule ${lang}`);
      await ruleForm.getByRole('button', { name: t('addRule') }).click();
      await expect
        .poll(() => ruleForm.locator('[data-field-error]').allInnerTexts())
        .toEqual([ruleExpected.triggers![0], ruleExpected.channel_ids![0]]);

      // Deleting asks first; Cancel keeps the channel, Delete removes it and says so.
      const channel = await api.alerts.createChannel({
        name: `Hook ${lang}`,
        kind: 'webhook',
        language: lang,
        secrets: { url: 'https://hooks.example.test/a' },
      });
      await page.reload();
      const row = page.getByTestId('channel-list').getByRole('listitem').filter({ hasText: channel.name });
      await row.getByRole('button', { name: `${t('delete')} ${channel.name}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(t('deleteChannelBody').replace('{name}', channel.name)).waitFor();
      await screenshot(page, `form-reasons-alerts-delete-${lang}`);
      await dialog.getByRole('button', { name: shared.cancel, exact: true }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await api.alerts.listChannels()).toHaveLength(1);
      await row.getByRole('button', { name: `${t('delete')} ${channel.name}` }).click();
      await dialog.getByRole('button', { name: t('delete'), exact: true }).click();
      await page
        .getByTestId('snackbar-message')
        .filter({ hasText: t('channelDeleted').replace('{name}', channel.name) })
        .waitFor();
      await page.getByTestId('channels-empty').waitFor();
      expect(await api.alerts.listChannels()).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('alerts with the server unreachable: the reason and Retry, never "Nothing yet"', async () => {
    const owner = await register(baseUrl, newAccount(`alertsdown${lang}`));
    const { context, page } = await openPage(browser, baseUrl, lang);
    try {
      await page.setViewportSize(PHONE);
      // Two loaded cores: slow steps are allowed, missing ones are not.
      page.setDefaultTimeout(30_000);
      await page.route('**/api/v1/panel/alerts/**', (route) => route.abort('connectionrefused'));
      await openSignedIn(page, owner, '/settings/alerts');
      const failures = page.getByTestId('load-failed');
      await expect.poll(() => failures.count(), { timeout: 20_000 }).toBe(3);
      for (const text of await failures.allInnerTexts())
        expect(text).toContain(translate('errors.network', lang));
      expect(await page.getByTestId('channels-empty').count()).toBe(0);
      await screenshot(page, `form-reasons-alerts-down-${lang}`);
      // Back up: Retry shows the lists.
      await page.unroute('**/api/v1/panel/alerts/**');
      await failures.first().getByRole('button', { name: shared.retry }).click();
      await page.getByTestId('channels-empty').waitFor();
    } finally {
      await context.close();
    }
  });
});
