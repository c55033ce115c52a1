import { createHmac } from 'node:crypto';
import { createApiClient } from '@didban/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { alertText } from '../../../apps/web/src/pages/settings/alerts/alerts-text';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

/**
 * Issue 32 (tickets that round-trip) in the browser: an owner asks a GitHub channel for its
 * tracker webhook, sees the URL and the secret once, and a delivery signed with that secret is
 * accepted at that URL; the channel then shows the secret masked.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['fa', 'mobile'],
  ['en', 'desktop'],
  ['fa', 'desktop'],
  ['en', 'mobile'],
] as const)('tracker webhook in %s (%s)', (lang, size) => {
  const t = alertText(lang);
  it('shows the webhook URL and secret once, and a delivery signed with it is accepted', async () => {
    const owner = await register(baseUrl, newAccount(`trk${lang}`));
    const api = createApiClient({ baseUrl, getToken: () => owner.access, getLanguage: () => 'en' });
    const channel = await api.alerts.createChannel({
      name: `Issues ${lang}`,
      kind: 'github',
      language: lang,
      settings: { repo: 'acme/web' },
      secrets: { token: 'ghp_e2e_token_value' },
    });
    const { context, page, errors } = await openPage(browser, baseUrl, lang, size);
    try {
      await openSignedIn(page, owner, '/settings/alerts');
      await page.getByRole('heading', { name: t('title'), exact: true }).waitFor();
      await page.getByRole('button', { name: `${t('webhookSecret')} Issues ${lang}` }).click();
      const box = page.getByTestId('tracker-webhook');
      await box.waitFor();
      expect(await box.textContent()).toContain(t('webhookShownOnce'));
      const bdis = box.locator('bdi');
      const url = (await bdis.nth(0).textContent())!;
      const secret = (await bdis.nth(1).textContent())!;
      expect(url).toMatch(new RegExp(`/api/v1/hooks/tracker/${channel.id}/$`));
      expect(secret).toMatch(/^[0-9a-f]{48}$/);
      await screenshot(page, `tracker-webhook-${lang}-${size}`);

      const raw = JSON.stringify({ zen: 'Design for failure.' });
      const signature = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
      const path = new URL(url).pathname;
      const accepted = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'ping',
          'x-hub-signature-256': signature,
        },
        body: raw,
      });
      expect(accepted.status).toBe(200);
      const refused = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'ping',
          'x-hub-signature-256': 'sha256=00',
        },
        body: raw,
      });
      expect(refused.status).toBe(401);
      const shown = (await api.alerts.getChannel(channel.id)).secrets.webhook_secret;
      expect(shown).toBeTruthy();
      expect(shown).not.toBe(secret);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
