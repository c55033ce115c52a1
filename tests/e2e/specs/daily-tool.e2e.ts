import { createApiClient, initialAssetListState, type Session } from '@didban/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { en, fa } from '../../../apps/web/src/i18n/locales/all';
import { assetsInventoryEn } from '../../../apps/web/src/i18n/locales/en/assets-inventory';
import { scansListEn } from '../../../apps/web/src/i18n/locales/en/scans-list';
import { scansRunEn } from '../../../apps/web/src/i18n/locales/en/scans-run';
import { assetsInventoryFa } from '../../../apps/web/src/i18n/locales/fa/assets-inventory';
import { scansListFa } from '../../../apps/web/src/i18n/locales/fa/scans-list';
import { scansRunFa } from '../../../apps/web/src/i18n/locales/fa/scans-run';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { foreignTextProblems } from '../support/fa-text';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

// The panel as a daily tool, in a real browser on the real server: a wildcard DNS record is shown
// for what it is and a scan of it says why it cannot run; a bulk scan says how many wildcards it
// left out; the asset panel shows when the asset was last seen; a tag-based scan names its tags.
// Discovery results come from a worker driven by hand over the worker protocol.

const baseUrl = inject('baseUrl');
const TEXT = {
  en: { inventory: assetsInventoryEn, list: scansListEn, run: scansRunEn, shared: en.shared },
  fa: { inventory: assetsInventoryFa, list: scansListFa, run: scansRunFa, shared: fa.shared },
} as const;
const WILDCARD = '*.apps.lab.didban.test';
const HOST = 'www.lab.didban.test';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const num = (n: number, lang: 'fa' | 'en') =>
  new Intl.NumberFormat(lang === 'fa' ? 'fa-IR' : 'en-US').format(n);
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** What a worker posts for one discovered host:port (a wildcard record is flagged as such). */
const discovered = (host: string, wildcard: boolean) => ({
  host,
  port: 80,
  ips: ['127.0.0.1'],
  cnames: [],
  is_root: false,
  wildcard,
  service: 'http',
  anomalies: [],
  http: {
    status: 200,
    title: 'Welcome to nginx!',
    content_length: 12,
    content_type: 'text/html',
    server: 'nginx',
    final_url: `http://${host.replace('*', 'sample')}/`,
    headers: { server: 'nginx' },
    body_start: '<html></html>',
    tls: null,
    favicon_hash: null,
  },
  technologies: [],
});

/** Calls the worker API as the worker holding `apiKey` (a worker driven by hand); answers its data. */
const workerCall =
  (apiKey: string) =>
  (path: string, body: object = {}) =>
    fetch(`${baseUrl}/api/v1/worker/${path}`, {
      method: 'POST',
      headers: { authorization: `Worker ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => {
      if (!r.ok) throw new Error(`worker ${path}: ${r.status} ${await r.text()}`);
      return (await r.json()).data;
    });

/** A workspace with one group, discovered by a hand-driven worker: a wildcard record and a host. */
async function workspaceWithWildcard(lang: 'fa' | 'en') {
  const session = await register(baseUrl, newAccount(`wild${lang}`));
  const api = createApiClient({ baseUrl, getToken: () => session.access, getLanguage: () => lang });
  const workerGroup = await api.workers.createGroup({ name: `hand-${lang}` });
  const { api_key } = await api.workers.create({ name: `hand-${lang}`, group_id: workerGroup.id });
  const worker = workerCall(api_key);
  await worker('hello/', { name: `hand-${lang}`, version: 'e2e' });
  const group = await api.assets.createGroup({
    name: `Wildcards ${lang}`,
    roots: 'lab.didban.test',
    auto_discovery: false,
    worker_group: workerGroup.id,
  });
  const { task } = await worker('tasks/claim/', { kinds: ['discovery'] });
  if (!task) throw new Error('the discovery task was not offered to the worker');
  await worker(`tasks/${task.id}/results/`, {
    seq: 0,
    items: [discovered(WILDCARD, true), discovered(HOST, false)],
  });
  await worker(`tasks/${task.id}/complete/`, { stats: {} });
  const assets = (await api.assets.inventory(initialAssetListState({ groupIds: [group.id] }))).results;
  return { session, api, group, assets };
}

async function phone(page: Page) {
  await page.setViewportSize({ width: 375, height: 812 });
}

/** The wide screenshots are taken at 1440 px, as their names say. */
async function desktop(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe.each(['en', 'fa'] as const)('the panel as a daily tool, in %s', (lang) => {
  const text = TEXT[lang];
  let session: Session;
  let assets: { id: string; host: string }[];
  let api: ReturnType<typeof createApiClient>;
  let groupId: string;

  beforeAll(async () => {
    let group: { id: string };
    ({ session, assets, api, group } = await workspaceWithWildcard(lang));
    groupId = group.id;
  }, 90_000);

  it('marks the wildcard record in the inventory and explains it in the asset panel, with last seen', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    await desktop(page);
    try {
      await openSignedIn(page, session, '/assets/inventory');
      const badge = page.getByTestId('wildcard-badge');
      await badge.waitFor();
      expect(await badge.count()).toBe(1);
      expect((await badge.textContent())?.trim()).toBe(text.inventory.inventory.wildcard);
      await screenshot(page, `daily-inventory-1440-${lang}`);
      await page.getByText(WILDCARD).first().click();
      const drawer = page.getByTestId('asset-detail');
      await drawer.getByTestId('detail-wildcard-note').waitFor();
      expect(await drawer.getByTestId('detail-wildcard-note').textContent()).toBe(
        text.inventory.inventory.wildcardHint,
      );
      const lastSeen = drawer.getByTestId('overview-last-seen');
      await expect.poll(() => lastSeen.textContent()).toContain(text.shared.time.justNow);
      expect(await lastSeen.locator('time').getAttribute('title')).toMatch(lang === 'fa' ? /[۰-۹]/ : /\d/);
      // No raw key, and in fa no Latin digit in Persian text, in the open panel either.
      expect(await foreignTextProblems(page, lang)).toEqual([]);
      await screenshot(page, `daily-asset-panel-1440-${lang}`);
      await phone(page);
      await screenshot(page, `daily-asset-panel-375-${lang}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a bulk scan of only the wildcard says why; with a host it says how many it left out', async () => {
    const { context, page } = await openPage(browser, baseUrl, lang);
    await desktop(page);
    try {
      await openSignedIn(page, session, '/assets/inventory');
      const wildcard = assets.find((a) => a.host === WILDCARD)!;
      const host = assets.find((a) => a.host === HOST)!;
      const select = (a: { host: string }) =>
        page.getByRole('checkbox', {
          name: fill(text.inventory.inventory.selectAsset, { host: `${a.host}:80` }),
        });
      await select(wildcard).check();
      await page.getByRole('button', { name: text.inventory.inventory.bulk.scan }).click();
      const form = page.getByTestId('bulk-scan-form');
      await form.getByRole('checkbox').first().check();
      await form.getByRole('button', { name: text.run.bulk.start }).click();
      const alert = form.getByRole('alert');
      await alert.waitFor();
      const why = await alert.textContent();
      expect(why).toContain(text.run.bulk.startFailed);
      expect(why).toContain(lang === 'fa' ? 'رکوردهای DNS عام' : 'wildcard DNS records');
      expect(why).not.toContain(lang === 'fa' ? 'هنوز میزبانی ندارند' : 'no hosts yet');
      await screenshot(page, `daily-bulk-wildcard-1440-${lang}`);
      await form.getByRole('button', { name: text.run.bulk.cancel }).click();

      await select(host).check();
      await page.getByRole('button', { name: text.inventory.inventory.bulk.scan }).click();
      await form.getByRole('checkbox').first().check();
      await form.getByRole('button', { name: text.run.bulk.start }).click();
      const skipped = fill(text.run.bulk.skippedWildcards_one, { n: num(1, lang) });
      await page.getByText(skipped).waitFor();
      await page.waitForURL(/\/scans\/[^/]+\/loading/);
    } finally {
      await context.close();
    }
    expect(assets).toHaveLength(2);
  });

  it('Run now of a scan of the group says how many wildcard records it left out', async () => {
    const tags = (await api.templates.tags({ page: 1, pageSize: 1, search: '' })).results.map((t) => t.name);
    const scan = await api.scans.create({
      name: `Group ${lang}`,
      asset_group: [groupId],
      template_tags: tags,
      run_now: false,
    });
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    await desktop(page);
    try {
      await openSignedIn(page, session, `/scans/${scan.id}`);
      await page.getByTestId('scan-run').click();
      await page.getByText(fill(text.run.bulk.skippedWildcards_one, { n: num(1, lang) })).waitFor();
      await page.waitForURL(/\/scans\/[^/]+\/loading/);
      await screenshot(page, `daily-run-now-wildcard-1440-${lang}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('names the tags of a tag-based scan where its templates are', async () => {
    const host = assets.find((a) => a.host === HOST)!;
    const tags = (await api.templates.tags({ page: 1, pageSize: 2, search: '' })).results.map((t) => t.name);
    const started = await api.scans.bulkCreate({
      name: `Tags ${lang}`,
      assets: [host.id],
      template_tags: tags,
    });
    const { context, page } = await openPage(browser, baseUrl, lang);
    await desktop(page);
    try {
      await openSignedIn(page, session, `/scans/${started.scan_id}`);
      const templates = page.getByTestId('scan-templates');
      await templates.waitFor();
      const words = lang === 'fa' ? scansListFa.detail : scansListEn.detail;
      const rule = tags.length === 1 ? words.templatesByTags_one : words.templatesByTags_other;
      expect(await templates.textContent()).toContain(rule.split('{{')[0]!.trim());
      for (const tag of tags) expect(await templates.textContent()).toContain(tag);
      expect(await page.getByTestId('scan-facts').textContent()).not.toMatch(
        new RegExp(`${words.templates}\\s*${words.none}`),
      );
      expect(await foreignTextProblems(page, lang)).toEqual([]);
      await screenshot(page, `daily-scan-tags-1440-${lang}`);
      await phone(page);
      await screenshot(page, `daily-scan-tags-375-${lang}`);
    } finally {
      await context.close();
    }
  });
});

// "Updated" on a worker is when it last reported in: it ages while the worker is quiet and comes
// back to "just now" when the worker calls again, without a reload (the list looks again every
// 30 s). A worker's hello sets both its updated_at and its last_seen_at; a later call (a task
// claim) only the latter, so a row reading updated_at stays at "1 minute ago".
describe("a worker's Updated follows its calls, in en and fa at once", () => {
  it('ages while the worker is quiet and reads "just now" again after it calls', async () => {
    const session = await register(baseUrl, newAccount('beat'));
    const api = createApiClient({ baseUrl, getToken: () => session.access, getLanguage: () => 'en' });
    const group = await api.workers.createGroup({ name: 'beat' });
    const name = `beat-${Date.now().toString(36)}`;
    const { api_key } = await api.workers.create({ name, group_id: group.id });
    const call = workerCall(api_key);
    await call('hello/', { name, version: 'e2e' });
    const helloDone = Date.now();

    const opened = await Promise.all(
      (['en', 'fa'] as const).map(async (lang) => {
        const { context, page, errors } = await openPage(browser, baseUrl, lang);
        // The page's clock runs at the real pace until the test moves it (below): the quiet
        // minute passes in the page, timers and all, without the test waiting for it.
        await context.clock.install();
        await desktop(page);
        await openSignedIn(page, session, '/workers');
        const updated = page
          .getByTestId('worker-row')
          .filter({ hasText: name })
          .getByTestId('worker-updated');
        await updated.waitFor();
        return { lang, context, page, errors, updated, time: TEXT[lang].shared.time };
      }),
    );
    try {
      for (const o of opened) expect(await o.updated.textContent()).toBe(o.time.justNow);
      // Quiet for a minute: the row ticks on its own (no reload). The page's clock goes a minute
      // on, firing every timer due on the way (the 20 s tick, the list's 30 s refresh) in order.
      for (const o of opened) await o.page.clock.fastForward('01:01');
      const minute = { timeout: 20_000, interval: 250 };
      for (const o of opened)
        await expect
          .poll(() => o.updated.textContent(), minute)
          .toBe(fill(o.time.minutesAgo_one, { n: num(1, o.lang) }));
      for (const o of opened) await screenshot(o.page, `daily-workers-quiet-1440-${o.lang}`);
      // The worker calls (asks for work): the open rows come back to "just now" by themselves, at
      // the list's next refresh. The page's clock is set to 30 s after the hello (its timers keep
      // their distance), then goes on 31 s, past that refresh: 61 s after the hello, so a row not
      // refreshed would still read "1 minute ago", and under a minute after this call (which comes
      // seconds after the hello: two pages were opened in between).
      const claimStart = Date.now();
      expect(claimStart - helloDone).toBeGreaterThan(1_000);
      await call('tasks/claim/', { kinds: ['discovery'] });
      for (const o of opened) {
        await o.page.clock.setSystemTime(helloDone + 30_000);
        await o.page.clock.fastForward('00:31');
      }
      for (const o of opened)
        await expect
          .poll(() => o.updated.textContent(), { timeout: 20_000, interval: 250 })
          .toBe(o.time.justNow);
      for (const o of opened) {
        expect(await foreignTextProblems(o.page, o.lang)).toEqual([]);
        await screenshot(o.page, `daily-workers-1440-${o.lang}`);
        await phone(o.page);
        await screenshot(o.page, `daily-workers-375-${o.lang}`);
        expect(o.errors).toEqual([]);
      }
    } finally {
      for (const o of opened) await o.context.close();
    }
  }, 200_000);
});
