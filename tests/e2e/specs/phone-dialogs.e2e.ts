import { createApiClient, type Session } from '@didban/core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { assetsGroupsEn } from '../../../apps/web/src/i18n/locales/en/assets-groups';
import { scansListEn } from '../../../apps/web/src/i18n/locales/en/scans-list';
import { assetsGroupsFa } from '../../../apps/web/src/i18n/locales/fa/assets-groups';
import { scansListFa } from '../../../apps/web/src/i18n/locales/fa/scans-list';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { foreignTextProblems } from '../support/fa-text';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';
import { SETTINGS_TEXT } from '../support/settings-texts';
import { TEXT } from '../support/texts';

/**
 * The dialogs and menus a phone user opens (375 px, fa and en): each stays inside the window's
 * width, its last button can be reached (the frame scrolls when the dialog is taller than the
 * phone), and in fa it shows no raw key or Latin digit.
 */
const baseUrl = inject('baseUrl');
const WORDS = {
  en: { groups: assetsGroupsEn.groups, scans: scansListEn },
  fa: { groups: assetsGroupsFa.groups, scans: scansListFa },
} as const;
let browser: Browser;
let owner: Session;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await register(baseUrl, newAccount('phone'));
  const api = createApiClient({ baseUrl, getToken: () => owner.access, getLanguage: () => 'en' });
  await api.assets.createGroup({
    name: 'Phone group',
    roots: ['phone.lab.didban.test'],
    port_setting: 'top-100',
    scan_frequency: 'none',
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** What a phone user would notice about an open dialog or menu. */
async function fitsPhone(page: Page, frame: Locator, lang: 'fa' | 'en'): Promise<string[]> {
  const problems: string[] = [];
  const box = await frame.boundingBox();
  if (!box) return ['not shown'];
  if (box.x < 0 || box.x + box.width > 376) problems.push(`off screen [${box.x}..${box.x + box.width}]`);
  // The last thing to press: a dialog's last button, a menu's last item.
  const last = frame.locator('button, a, [role="menuitem"]').last();
  await last.scrollIntoViewIfNeeded();
  const lastBox = await last.boundingBox();
  const viewport = page.viewportSize();
  if (!lastBox || !viewport || lastBox.y + lastBox.height > viewport.height + 1 || lastBox.y < 0)
    problems.push('last button unreachable');
  for (const t of await foreignTextProblems(page, lang)) problems.push(t);
  return problems;
}

describe.each(['fa', 'en'] as const)('dialogs on a phone in %s', (lang) => {
  it('new asset group, bulk scan, new scan, new ticket, account menu and bell fit 375 px', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    await page.setViewportSize({ width: 375, height: 667 });
    const w = WORDS[lang];
    const found: string[] = [];
    const check = async (name: string, frame: Locator) => {
      await frame.waitFor();
      for (const p of await fitsPhone(page, frame, lang)) found.push(`${name}: ${p}`);
      await screenshot(page, `phone-${name}-${lang}`);
      await page.keyboard.press('Escape');
      await frame.waitFor({ state: 'hidden' });
    };
    try {
      await openSignedIn(page, owner, '/assets/groups');
      await page.getByRole('button', { name: w.groups.create }).first().click();
      await check('new-group', page.getByRole('dialog'));

      await page.getByRole('checkbox', { name: w.groups.selectPage }).check();
      await page.getByRole('button', { name: w.groups.bulkScan, exact: true }).click();
      await check('bulk-scan', page.getByRole('dialog'));

      await page.goto('/scans');
      await page.getByRole('button', { name: w.scans.list.newScan }).first().click();
      await check('new-scan', page.getByRole('dialog'));

      await page.goto('/settings/support');
      await page.getByRole('button', { name: SETTINGS_TEXT[lang].newTicket }).first().click();
      await check('new-ticket', page.getByRole('dialog'));

      await page.getByRole('button', { name: TEXT[lang].profileMenu }).click();
      await check('account-menu', page.getByRole('menu'));

      await page.getByTestId('notification-bell').click();
      await check('bell', page.locator('[id^="headlessui-popover-panel"]'));

      expect(found).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
