import { createApiClient, type Session } from '@didban/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { en, fa } from '../../../apps/web/src/i18n/locales/all';
import { assetsGroupsEn } from '../../../apps/web/src/i18n/locales/en/assets-groups';
import { assetsInventoryEn } from '../../../apps/web/src/i18n/locales/en/assets-inventory';
import { assetsGroupsFa } from '../../../apps/web/src/i18n/locales/fa/assets-groups';
import { assetsInventoryFa } from '../../../apps/web/src/i18n/locales/fa/assets-inventory';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { E2E_LAB_RANGE, e2eLabSubnet } from '../support/lab-range';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

/**
 * Issue 34 on a 375 px phone, in fa and en: the edit dialog and the bulk scan dialog say where the
 * built-in worker may scan and the way out when no worker group would run the work (item 15), and
 * the asset panel shows the response's content type and server as fields of their own (item 12).
 */
const baseUrl = inject('baseUrl');
const PHONE = { width: 375, height: 812 };
const TEXT = {
  en: { groups: assetsGroupsEn, inventory: assetsInventoryEn, workers: en.workers },
  fa: { groups: assetsGroupsFa, inventory: assetsInventoryFa, workers: fa.workers },
} as const;
const HOST = 'www.lab.didban.test';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** How far the page scrolls sideways (0 when it fits the screen). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A hand-driven worker's discovery result for one web service. */
const discovered = (host: string) => ({
  host,
  port: 80,
  ips: ['127.77.0.10'],
  cnames: [],
  is_root: false,
  wildcard: false,
  service: 'http',
  anomalies: [],
  http: {
    status: 200,
    title: 'Shop',
    content_length: 12,
    content_type: 'text/html; charset=utf-8',
    server: 'nginx/1.25.3',
    final_url: `http://${host}/`,
    headers: { server: 'nginx/1.25.3', 'content-type': 'text/html; charset=utf-8' },
    body_start: '<html></html>',
    tls: null,
    favicon_hash: null,
  },
  technologies: [],
});

/**
 * A workspace with two groups: one run by a worker group of a hand-driven worker, which reported
 * one host, and one with no worker group (its root in the range the built-in worker may scan).
 */
async function workspace(lang: 'fa' | 'en') {
  const session = await register(baseUrl, newAccount(`hint${lang}`));
  const api = createApiClient({ baseUrl, getToken: () => session.access, getLanguage: () => lang });
  const workerGroup = await api.workers.createGroup({ name: `hand-${lang}` });
  const { api_key } = await api.workers.create({ name: `hand-${lang}`, group_id: workerGroup.id });
  const worker = (path: string, body: object = {}) =>
    fetch(`${baseUrl}/api/v1/worker/${path}`, {
      method: 'POST',
      headers: { authorization: `Worker ${api_key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => {
      if (!r.ok) throw new Error(`worker ${path}: ${r.status} ${await r.text()}`);
      return (await r.json()).data;
    });
  await worker('hello/', { name: `hand-${lang}`, version: 'e2e' });
  const ownWorkers = await api.assets.createGroup({
    name: `Own workers ${lang}`,
    roots: 'lab.didban.test',
    auto_discovery: false,
    worker_group: workerGroup.id,
  });
  const { task } = await worker('tasks/claim/', { kinds: ['discovery'] });
  if (!task) throw new Error('the discovery task was not offered to the worker');
  await worker(`tasks/${task.id}/results/`, { seq: 0, items: [discovered(HOST)] });
  await worker(`tasks/${task.id}/complete/`, { stats: {} });
  const builtin = await api.assets.createGroup({
    name: `Built-in ${lang}`,
    roots: `${e2eLabSubnet()}.9`,
    auto_discovery: false,
  });
  return { session, ownWorkers, builtin };
}

describe.each(['fa', 'en'] as const)('at 375 px in %s', (lang) => {
  const text = TEXT[lang];
  let session: Session;
  let ownWorkers: { id: string };
  let builtin: { id: string };

  beforeAll(async () => {
    ({ session, ownWorkers, builtin } = await workspace(lang));
  }, 90_000);

  it('the edit and bulk scan dialogs of a group with no worker group name the built-in worker’s ranges and the way out', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await page.setViewportSize(PHONE);
      page.setDefaultTimeout(30_000);
      await openSignedIn(page, session, `/assets/${builtin.id}`);
      await page.getByRole('button', { name: text.groups.groups.action.edit, exact: true }).click();
      const wizard = page.getByTestId('group-wizard');
      await wizard.getByRole('button', { name: text.groups.wizard.next }).click();
      const hint = wizard.getByTestId('builtin-worker-hint');
      await hint.waitFor();
      expect(await hint.textContent()).toContain(text.workers.builtinHint.allowSome);
      expect(await hint.getByTestId('builtin-worker-ranges').textContent()).toBe(E2E_LAB_RANGE);
      expect(await hint.getByRole('link', { name: text.workers.builtinHint.link }).getAttribute('href')).toBe(
        '/workers',
      );
      expect(await sideways(page)).toBe(0);
      await screenshot(page, `hint-edit-375-${lang}`);
      await wizard.getByRole('button', { name: (lang === 'fa' ? fa : en).shared.cancel }).click();
      await wizard.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: text.groups.groups.action.scan, exact: true }).click();
      const form = page.getByTestId('bulk-scan-form');
      const bulkHint = form.getByTestId('builtin-worker-hint');
      await bulkHint.waitFor();
      expect(await bulkHint.textContent()).toContain(text.workers.builtinHint.allowSome);
      expect(await sideways(page)).toBe(0);
      // The dialog scrolls within the window: bring the hint into it for the picture.
      await bulkHint.scrollIntoViewIfNeeded();
      await screenshot(page, `hint-bulk-375-${lang}`);

      // A group whose worker group runs its work: no hint.
      await openSignedIn(page, session, `/assets/${ownWorkers.id}`);
      await page.getByRole('button', { name: text.groups.groups.action.scan, exact: true }).click();
      await form.getByTestId('bulk-scan-templates').waitFor();
      expect(await form.getByTestId('builtin-worker-hint').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the asset panel shows content type and server as fields of their own', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await page.setViewportSize(PHONE);
      page.setDefaultTimeout(30_000);
      await openSignedIn(page, session, '/assets/inventory');
      await page.getByText(HOST).first().click();
      const drawer = page.getByTestId('asset-detail');
      const type = drawer.getByTestId('overview-content-type');
      await expect
        .poll(() => type.textContent())
        .toBe(`${text.inventory.assetDetail.fields.contentType}text/html; charset=utf-8`);
      expect(await drawer.getByTestId('overview-server').textContent()).toBe(
        `${text.inventory.assetDetail.fields.server}nginx/1.25.3`,
      );
      expect(await type.locator('dd span').getAttribute('dir')).toBe('ltr');
      expect(await sideways(page)).toBe(0);
      await screenshot(page, `asset-fields-375-${lang}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
