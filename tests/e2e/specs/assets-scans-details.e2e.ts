import { bulkScanNameForGroups, createApiClient, type Session } from '@didban/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { assetsGroupsEn } from '../../../apps/web/src/i18n/locales/en/assets-groups';
import { enPanel } from '../../../apps/web/src/i18n/locales/en/panel';
import { scansListEn } from '../../../apps/web/src/i18n/locales/en/scans-list';
import { assetsGroupsFa } from '../../../apps/web/src/i18n/locales/fa/assets-groups';
import { faPanel } from '../../../apps/web/src/i18n/locales/fa/panel';
import { scansListFa } from '../../../apps/web/src/i18n/locales/fa/scans-list';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { e2eLabSubnet } from '../support/lab-range';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

/**
 * Issue 34, item 12, at 375 px in fa and en: the history list's height (spec: 15rem), the bulk
 * scan's prefilled name (spec §5's text, no date), severity chips that say which severity they
 * count, and the teams page asking for the team list once.
 */

const baseUrl = inject('baseUrl');
const SHORT = { en: scansListEn.severityShort, fa: scansListFa.severityShort } as const;
const GROUPS = { en: assetsGroupsEn.groups, fa: assetsGroupsFa.groups } as const;
const TEAMS_EMPTY = { en: enPanel.settings.teams.empty, fa: faPanel.settings.teams.empty } as const;
const FULL = { en: scansListEn.severity, fa: scansListFa.severity } as const;
const num = (n: number, lang: 'fa' | 'en') =>
  new Intl.NumberFormat(lang === 'fa' ? 'fa-IR' : 'en-US').format(n);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const clientOf = (session: Session) =>
  createApiClient({ baseUrl, getToken: () => session.access, getLanguage: () => 'en' });

async function phone(lang: 'fa' | 'en', session: Session, path: string) {
  const opened = await openPage(browser, baseUrl, lang, 'mobile');
  await opened.page.setViewportSize({ width: 375, height: 812 });
  await openSignedIn(opened.page, session, path);
  return opened;
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each(['fa', 'en'] as const)('assets and scans details (%s, 375 px)', (lang) => {
  it('history list is 240 px at most, and the bulk scan name is the spec text', async () => {
    const session = await register(baseUrl, newAccount(`details_${lang}`));
    const api = clientOf(session);
    const name = `Details ${lang} ${Date.now() % 100000}`;
    const group = await api.assets.createGroup({ name, roots: `${e2eLabSubnet()}.10` });
    const { context, page, errors } = await phone(lang, session, '/assets');

    // Bulk scan of the one group: spec §5's 'bulk scan for' plus its name, nothing after it.
    await page.getByRole('checkbox', { name: GROUPS[lang].select.replace('{{name}}', name) }).check();
    await page.getByRole('button', { name: GROUPS[lang].bulkScan, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('input').first().inputValue()).toBe(bulkScanNameForGroups([name]));
    await page.keyboard.press('Escape');

    // Twelve finished discoveries in the group's history (added to the server's answer).
    await page.route(`**/api/v1/panel/enumerations/${group.enumeration.enumeration_id}/`, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const start = Date.parse('2026-11-01T08:00:00Z');
      for (let i = 0; i < 12; i++) {
        const at = new Date(start + i * 86_400_000).toISOString();
        body.data.history.push({
          id: `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
          status: 'finished',
          started_at: at,
          completed_at: at,
          duration: 61,
          new_assets: i,
        });
      }
      await route.fulfill({ response, json: body });
    });
    await page.goto(`/assets/${group.id}`);
    await page.getByTestId('history-menu').click();
    await page.getByTestId('history-item').first().waitFor();
    await expect.poll(() => page.getByTestId('history-item').count()).toBeGreaterThanOrEqual(12);
    const list = page.getByRole('menu');
    const height = await list.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeGreaterThan(200);
    expect(height).toBeLessThanOrEqual(240);
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await screenshot(page, `details-history-${lang}`);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('severity chips name their severity beside the count', async () => {
    const session = await register(baseUrl, newAccount(`chips_${lang}`));
    const { context, page } = await phone(lang, session, '/favicon.svg');
    // One scan with findings of three severities (the list's answer, as the server gives it).
    await page.route('**/api/v1/panel/scans/?*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const now = new Date().toISOString();
      body.data.results = [
        {
          id: '00000000-0000-4000-8000-000000000001',
          name: 'Chips',
          asset_group: null,
          asset_group_name: null,
          assets: [],
          template_ids: [],
          template_tags: ['tech'],
          worker_group: null,
          worker_group_name: null,
          status: 'finished',
          latest_history: null,
          schedule: null,
          vulnerabilities: { critical: 3, high: 0, medium: 12, low: 0, info: 1 },
          created_at: now,
          updated_at: now,
        },
      ];
      await route.fulfill({ response, json: body });
    });
    await page.goto('/scans');
    const chips = page.getByTestId('severity-counts').first().locator('li');
    await expect.poll(() => chips.count()).toBe(3);
    expect((await chips.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      `${SHORT[lang].critical} ${num(3, lang)}`,
      `${SHORT[lang].medium} ${num(12, lang)}`,
      `${SHORT[lang].info} ${num(1, lang)}`,
    ]);
    expect(await chips.first().getAttribute('aria-label')).toBe(`${FULL[lang].critical}: ${num(3, lang)}`);
    await screenshot(page, `details-severity-chips-${lang}`);
    await context.close();
  });

  it('the teams page asks for the team list once', async () => {
    const session = await register(baseUrl, newAccount(`teamsonce_${lang}`));
    const { context, page } = await phone(lang, session, '/favicon.svg');
    const asked: string[] = [];
    let pending = 0;
    page.on('requestfinished', () => pending--);
    page.on('requestfailed', () => pending--);
    page.on('request', (request) => {
      pending++;
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/panel/teams/' && request.method() === 'GET') asked.push(url.search);
    });
    await page.goto('/settings/teams');
    // The list and the workspace switcher both load on mount: once the list says it is empty and
    // nothing is in flight, every request for the list has been made.
    await page.getByText(TEAMS_EMPTY[lang]).first().waitFor();
    await expect.poll(() => pending).toBe(0);
    expect(asked.filter((q) => q === '?page=1')).toHaveLength(1);
    await context.close();
  });
});
