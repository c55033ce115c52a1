import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient, type Session } from '@didban/core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AlertStandIns, startAlertStandIns } from '../../../apps/server/test/helpers/alert-stand-ins';
import { assetsGroupsEn } from '../../../apps/web/src/i18n/locales/en/assets-groups';
import { assetsGroupsFa } from '../../../apps/web/src/i18n/locales/fa/assets-groups';
import { alertText } from '../../../apps/web/src/pages/settings/alerts/alerts-text';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { E2E_ALERT_RECEIVER_HOST } from '../support/lab-range';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

/**
 * Issue 34 items 11 and 7 on a phone (375 px, fa and en): an asset group page and the inventory
 * holding a full free plan of long host names, and the alerts page with a delivery in its log,
 * never scroll sideways; the group's title and "Scan group" stay whole on screen; the log's status
 * is on screen without scrolling; Persian numbers use the Persian thousands separator; and the
 * group page says that the discovery found hosts past the plan's asset limit.
 */
const baseUrl = inject('baseUrl');
const WIDTH = 375;
const SHOTS = fileURLToPath(new URL('../screenshots', import.meta.url));
const GROUPS = { en: assetsGroupsEn, fa: assetsGroupsFa } as const;
// The e2e server's free plan (the default): 100 assets.
const FREE_ASSETS = 100;
const GROUP_NAME = 'سامانه‌های فروشگاه اینترنتی و پشتیبانی مشتریان';

let browser: Browser;
let owner: Session;
let groupId: string;
let receiver: AlertStandIns;

const clientOf = (session: Session) =>
  createApiClient({ baseUrl, getToken: () => session.access, getLanguage: () => 'en' });

/** Call the worker API with a worker's key, as a self-hosted worker does. */
async function asWorker(key: string, path: string, body: object = {}) {
  const res = await fetch(`${baseUrl}/api/v1/worker/${path}`, {
    method: 'POST',
    headers: { authorization: `Worker ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${res.status}`).toBeLessThan(300);
  return (await res.json()) as { data: { task: { id: string } | null } };
}

/** A discovered host with the long names, titles and technology lists a real inventory has. */
const discovered = (i: number) => {
  const host = `customer-support-portal-${String(i).padStart(3, '0')}.internal-services.phone.lab.didban.test`;
  return {
    host,
    port: i % 3 === 0 ? 8443 : 443,
    ips: [`10.20.${i % 250}.${(i * 7) % 250}`, `10.21.${i % 250}.${(i * 3) % 250}`, '10.22.0.1'],
    cnames: [`edge-${i}.cdn-provider-with-a-long-name.example`],
    is_root: i === 0,
    wildcard: false,
    service: 'https',
    anomalies: [],
    http: {
      status: 200,
      title: `Customer support portal number ${i} — sign in to continue to your account dashboard`,
      content_length: 12_345 + i,
      content_type: 'text/html; charset=utf-8',
      server: 'nginx/1.25.3',
      final_url: `https://${host}/en/account/sign-in?next=%2Fdashboard`,
      headers: { server: 'nginx/1.25.3' },
      body_start: '<html></html>',
      tls: null,
      favicon_hash: null,
    },
    technologies: ['Nginx', 'PHP', 'jQuery', 'WordPress', 'MySQL'].map((name) => ({
      name,
      slug: name.toLowerCase(),
      version: '1.2.3',
      categories: [{ name: 'Web servers' }],
      website: null,
      description: null,
      icon: null,
    })),
  };
};

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startAlertStandIns({ host: E2E_ALERT_RECEIVER_HOST });
  owner = await register(baseUrl, newAccount('phones'));
  const api = clientOf(owner);
  // A worker group of the account's own, so the built-in worker leaves this discovery alone.
  const workerGroup = await api.workers.createGroup({ name: 'Phone lab' });
  const { api_key } = await api.workers.create({ name: 'phone-worker', group_id: workerGroup.id });
  const group = await api.assets.createGroup({
    name: GROUP_NAME,
    roots: ['customer-support-portal-000.internal-services.phone.lab.didban.test'],
    worker_group: workerGroup.id,
    scan_frequency: 'none',
  });
  groupId = group.id;
  let task: { id: string } | null = null;
  const deadline = Date.now() + 60_000;
  while (!task && Date.now() < deadline) {
    task = (await asWorker(api_key, 'tasks/claim/')).data.task;
    if (!task) await new Promise((r) => setTimeout(r, 500));
  }
  if (!task) throw new Error('the discovery task was never offered to the worker');
  // One host past the free plan: stored up to the limit, the rest listed as over it.
  const hosts = Array.from({ length: FREE_ASSETS + 1 }, (_, i) => discovered(i));
  await asWorker(api_key, `tasks/${task.id}/results/`, { seq: 0, items: hosts.slice(0, 60) });
  await asWorker(api_key, `tasks/${task.id}/results/`, { seq: 1, items: hosts.slice(60) });
  await asWorker(api_key, `tasks/${task.id}/complete/`, { stats: {} });
  // A delivery in the alerts log, its channel named as people name them.
  const channel = await api.alerts.createChannel({
    name: 'کانال هشدار تیم عملیات شبانه',
    kind: 'webhook',
    language: 'fa',
    settings: {},
    secrets: { url: `${receiver.base}/hook/phones` },
  });
  await api.alerts.testChannel(channel.id);
  for (const until = Date.now() + 30_000; ; ) {
    if ((await api.alerts.listDeliveries()).results[0]?.status === 'delivered') break;
    if (Date.now() > until) throw new Error('the test message was never delivered');
    await new Promise((r) => setTimeout(r, 300));
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

/** How far the page itself scrolls sideways, and what sticks out of the window. */
async function sideways(page: Page): Promise<{ scrollWidth: number; outside: string[] }> {
  return page.evaluate((width) => {
    const outside: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || (box.right <= width + 0.5 && box.left >= -0.5)) continue;
      // Only the outermost offender of each branch, inside no scrolling box of its own.
      let scroller = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (/(auto|scroll|hidden|clip)/.test(style.overflowX)) scroller = true;
      }
      const parent = el.parentElement?.getBoundingClientRect();
      if (scroller || (parent && (parent.right > width + 0.5 || parent.left < -0.5))) continue;
      const id = el.getAttribute('data-testid') ?? el.className.toString().slice(0, 60);
      outside.push(`${el.tagName.toLowerCase()}[${id}] ${Math.round(box.left)}..${Math.round(box.right)}`);
    }
    return { scrollWidth: document.scrollingElement?.scrollWidth ?? 0, outside };
  }, WIDTH);
}

/** What the phone shows without scrolling down (besides the whole page `screenshot` keeps). */
async function windowShot(page: Page, name: string, scrollTo?: Locator): Promise<void> {
  if (scrollTo) await scrollTo.scrollIntoViewIfNeeded();
  await screenshot(page, name);
  await page.screenshot({ path: join(SHOTS, `${name}-window.png`) });
}

/** Whether an element is whole inside the window's width. */
async function onScreen(target: Locator): Promise<string | null> {
  const box = await target.boundingBox();
  if (!box) return 'not shown';
  return box.x >= -0.5 && box.x + box.width <= WIDTH + 0.5
    ? null
    : `at ${Math.round(box.x)}..${Math.round(box.x + box.width)}`;
}

/** Persian digits joined by a Latin comma ("۳,۰۰۰"), which Persian text never uses. */
async function latinCommaNumbers(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.textContent ?? '');
  return [...text.matchAll(/[۰-۹]+,[۰-۹,]+/g)].map((m) => m[0]);
}

describe.each(['fa', 'en'] as const)('pages on a %s phone', (lang) => {
  it('the asset group, the inventory and the alerts log fit 375 px without sideways scrolling', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    await page.setViewportSize({ width: WIDTH, height: 740 });
    const g = GROUPS[lang];
    const problems: string[] = [];
    const note = (where: string, found: string | null | string[]) => {
      for (const f of Array.isArray(found) ? found : found ? [found] : []) problems.push(`${where}: ${f}`);
    };
    try {
      // --- the asset group page, with its inventory ---
      await openSignedIn(page, owner, `/assets/${groupId}`);
      await page.getByTestId('group-name').waitFor();
      await page.getByTestId('asset-host').first().waitFor();
      const notice = page.getByTestId('discovery-over-limit');
      await notice.waitFor();
      const n = (v: number) => new Intl.NumberFormat(lang === 'fa' ? 'fa-IR' : 'en-US').format(v);
      expect(await notice.locator('p').first().textContent()).toBe(
        `${g.group.overLimit.text_one.replace('{{n}}', n(1)).replace('{{limit}}', n(FREE_ASSETS))} ${g.group.overLimit.upgrade}`,
      );
      const group = await sideways(page);
      expect(group.scrollWidth, `group page: ${group.outside.join('; ')}`).toBeLessThanOrEqual(WIDTH);
      note('group title', await onScreen(page.getByTestId('group-name')));
      note(
        'scan button',
        await onScreen(page.getByRole('button', { name: g.groups.action.scan, exact: true })),
      );
      note('group page', await latinCommaNumbers(page));
      await windowShot(page, `phone-group-${lang}`);

      // --- the inventory of every group ---
      await page.goto('/assets/inventory');
      await page.getByTestId('asset-host').first().waitFor();
      const inventory = await sideways(page);
      expect(inventory.scrollWidth, `inventory: ${inventory.outside.join('; ')}`).toBeLessThanOrEqual(WIDTH);
      note('inventory', await latinCommaNumbers(page));
      await windowShot(page, `phone-inventory-${lang}`);

      // --- the alerts page: the log's status is seen without scrolling ---
      const t = alertText(lang);
      await page.goto('/settings/alerts');
      const row = page.getByTestId('delivery-row').first();
      await row.waitFor();
      const alerts = await sideways(page);
      expect(alerts.scrollWidth, `alerts: ${alerts.outside.join('; ')}`).toBeLessThanOrEqual(WIDTH);
      note('log status', await onScreen(row.getByText(t('status.delivered'), { exact: true })));
      await windowShot(page, `phone-alerts-${lang}`, row);

      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    } catch (error) {
      await screenshot(page, `phone-failed-${lang}`);
      throw error;
    } finally {
      await context.close();
    }
  }, 240_000);
});
