import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ASSET_CSV_COLUMNS, type Asset, createApiClient, type Session } from '@didban/core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { assetsInventoryEn } from '../../../apps/web/src/i18n/locales/en/assets-inventory';
import { assetsInventoryFa } from '../../../apps/web/src/i18n/locales/fa/assets-inventory';
import { startLab } from '../../../scripts/lab/src/lab.js';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { e2eLabSubnet } from '../support/lab-range';
import { startLabWorker, stopLabWorker } from '../support/lab-worker';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

const baseUrl = inject('baseUrl');
const TEXT = { en: assetsInventoryEn, fa: assetsInventoryFa } as const;
// Ports the lab's services listen on (custom port setting of the group).
const PORTS = '25,80,443,3000,8000,8080,8443';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const clientOf = (session: Session) =>
  createApiClient({ baseUrl, getToken: () => session.access, getLanguage: () => 'en' });
type Api = ReturnType<typeof clientOf>;

const num = (n: number, lang: 'fa' | 'en') =>
  new Intl.NumberFormat(lang === 'fa' ? 'fa-IR' : 'en-US').format(n);
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForDiscovery(api: Api, enumerationId: string, historyId: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const enumeration = await api.assets.getEnumeration(enumerationId);
    const run = enumeration.history.find((h) => h.id === historyId);
    if (run && run.status !== 'running') {
      expect(run.status).toBe('finished');
      return;
    }
    if (Date.now() > deadline) throw new Error(`discovery ${historyId} did not finish`);
    await sleep(250);
  }
}

/** Every asset of the workspace as the API answers, sorted by host then port. */
async function allAssets(api: Api): Promise<Asset[]> {
  const page = await api.assets.inventory({
    page: 1,
    pageSize: 100,
    search: '',
    sort: { column: 'host', direction: 'asc' },
    filters: {},
    groupIds: [],
  });
  return page.results.sort((a, b) => byCodePoint(a.host, b.host) || a.port - b.port);
}

const key = (a: Pick<Asset, 'host' | 'port'>) => `${a.host}:${a.port}`;
// The server orders text by code point (PGlite's C collation); hosts with two ports tie on host.
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const hostsOf = (keys: string[]) => keys.map((k) => k.slice(0, k.lastIndexOf(':')));
const shownHosts = async (page: Page, item: 'asset-card' | 'asset-row') =>
  (await page.getByTestId(item).getByTestId('asset-host').allTextContents()).map((s) => s.trim());

async function chooseFilter(page: Page, type: string, value: string): Promise<Locator> {
  await page.getByTestId('add-filters').click();
  await page.getByTestId(`filter-type-${type}`).hover();
  const option = page.getByTestId('filter-option').and(page.locator(`[data-value="${value}"]`));
  await option.waitFor();
  return option;
}

/** Parse a CSV written by core's builder (quoted cells, CRLF lines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r') {
      // CRLF: the \n ends the row
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe.each(['fa', 'en'] as const)('asset inventory in %s', (lang) => {
  const x = TEXT[lang].inventory;
  const d = TEXT[lang].assetDetail;

  it('discovers the lab, then filter, sort, page, compare two runs, changelog, export and delete', async () => {
    const lab = await startLab({ subnet: e2eLabSubnet() });
    const zone = lab.manifest().zone;
    const axfr = lab.manifest().axfrZone;
    const owner = await register(baseUrl, newAccount(`inv${lang}`));
    const api = clientOf(owner);
    const { page, context, errors } = await openPage(browser, baseUrl, lang);
    // Several discovery runs share the two cores with the browser: allow slow steps, not hangs.
    context.setDefaultTimeout(25_000);
    let worker: ChildProcess | null = null;
    try {
      // An empty workspace says so, in the spec's words.
      await openSignedIn(page, owner, '/assets/inventory');
      const empty = page.getByTestId('inventory-empty');
      await empty.waitFor();
      expect(await empty.locator('p').allTextContents()).toEqual([x.emptyTitle, x.emptyBody]);
      if (lang === 'en') {
        expect(await empty.locator('p').allTextContents()).toEqual([
          'No Assets Found',
          'This asset group is empty or the selected scan history has no assets.',
        ]);
      }

      // A worker group whose worker resolves with the lab, and a group discovered by it.
      const workerGroup = await api.workers.createGroup({ name: `lab-${lang}` });
      const created = await api.workers.create({ name: `lab-worker-${lang}`, group_id: workerGroup.id });
      // The built worker (as an installation runs it, and as the other specs start theirs), not
      // its sources through pnpm + tsx: that start cost seconds of both cores each time.
      worker = startLabWorker(baseUrl, lab, created.api_key, ['--screenshots'], { providers: false });
      const roots = [
        zone,
        `www.${zone}`,
        `blog.${zone}`,
        `legacy.${zone}`,
        `portal.${zone}`,
        `secure.${zone}`,
        `api.${zone}`,
        `mail.${zone}`,
        `dev.${zone}`,
        `staging-7c1.${zone}`,
        `vpn-eu2.${zone}`,
        `old-shop.${zone}`,
        axfr,
        `intranet-7f3k.${axfr}`,
      ];
      const group = await api.assets.createGroup({
        name: `Lab ${lang}`,
        roots: roots.join('\n'),
        auto_discovery: false,
        port_setting: 'custom',
        custom_ports: PORTS,
        worker_group: workerGroup.id,
      });
      const enumerationId = group.enumeration.enumeration_id;
      const first = (await api.assets.getEnumeration(enumerationId)).history[0]!;
      await waitForDiscovery(api, enumerationId, first.id);
      const discovered = await allAssets(api);
      expect(discovered.map(key)).toContain(`blog.${zone}:80`);
      expect(discovered.length).toBeGreaterThan(10);

      // The inventory shows the lab's hosts with the fields discovery stored.
      await page.reload();
      await page.getByTestId('asset-card').first().waitFor();
      expect(await page.getByTestId('asset-card').count()).toBe(10);
      await page
        .getByTestId('inventory-total')
        .getByText(fill(x.total, { n: num(discovered.length, lang) }))
        .waitFor();
      const blogCard = page.getByTestId('asset-card').filter({ hasText: `blog.${zone}:80` });
      const blog = discovered.find((a) => key(a) === `blog.${zone}:80`)!;
      // Newest first by default: the blog may be on page 2; sort by host to find it for sure.
      await page.getByTestId('inventory-sort').selectOption('host');
      await expect
        .poll(async () => hostsOf(await shownHosts(page, 'asset-card')))
        .toEqual(discovered.slice(0, 10).map((a) => a.host));
      await blogCard.waitFor();
      expect(await blogCard.getByTestId('asset-title').textContent()).toBe(
        'Didban Lab Blog – Just another WordPress site',
      );
      expect(await blogCard.getByTestId('asset-status').textContent()).toBe('200');
      expect(await blogCard.getByTestId('asset-ip').allTextContents()).toEqual(blog.ip.split(','));
      expect(await blogCard.locator('[data-tone]').first().getAttribute('data-tone')).toBe('success');
      expect(
        await page
          .getByTestId('asset-card')
          .filter({ hasText: `${zone}:443` })
          .first()
          .getByTestId('root-badge')
          .count(),
      ).toBe(1);
      await screenshot(page, `asset-inventory-cards-${lang}`);

      // Sort: the same column again reverses the order.
      await page.getByTestId('inventory-sort-direction').click();
      const descending = [...discovered].reverse().map((a) => a.host);
      await expect
        .poll(async () => hostsOf(await shownHosts(page, 'asset-card')))
        .toEqual(descending.slice(0, 10));
      await page.getByTestId('inventory-sort-direction').click();

      // Pages: 10 on the first, the rest on the second; a bigger page size shows all on one.
      await page.getByRole('button', { name: fill(TEXT_PAGE[lang], { page: num(2, lang) }) }).click();
      await expect
        .poll(async () => hostsOf(await shownHosts(page, 'asset-card')))
        .toEqual(discovered.slice(10, 20).map((a) => a.host));
      await page.getByTestId('page-size').selectOption('25');
      await expect.poll(() => page.getByTestId('asset-card').count()).toBe(discovered.length);

      // Filter by port 80: the option's count, a badge, and only port-80 cards; Escape closes.
      const port80 = discovered.filter((a) => a.port === 80);
      const option = await chooseFilter(page, 'port', '80');
      expect(await option.textContent()).toContain(num(port80.length, lang));
      await screenshot(page, `asset-inventory-filters-${lang}`);
      await option.click();
      await page.keyboard.press('Escape');
      await page.getByTestId('filter-menu').waitFor({ state: 'detached' });
      await page.getByTestId('filter-badge').getByText(`${x.filters.keys.port}: 80`).waitFor();
      await expect.poll(() => shownHosts(page, 'asset-card')).toEqual(port80.map(key));
      // A text filter on the title: trimmed, then the box clears.
      await page.getByTestId('add-filters').click();
      await page.getByTestId('filter-type-title').hover();
      await page.getByTestId('filter-text').fill('  WordPress ');
      await page.getByTestId('filter-options').getByRole('button', { name: x.filters.addText }).click();
      expect(await page.getByTestId('filter-text').inputValue()).toBe('');
      await page.mouse.click(5, 5);
      await page.getByTestId('filter-menu').waitFor({ state: 'detached' });
      const wordpress = port80.filter((a) => a.title?.includes('WordPress'));
      expect(wordpress.length).toBeGreaterThan(0);
      await expect.poll(() => shownHosts(page, 'asset-card')).toEqual(wordpress.map(key));
      await page.getByTestId('clear-filters').click();
      await expect.poll(() => page.getByTestId('asset-card').count()).toBe(discovered.length);

      // Search narrows to what the server matches.
      await page.getByTestId('inventory-search').fill(`portal.${zone}`);
      await expect.poll(() => shownHosts(page, 'asset-card')).toEqual([`portal.${zone}:8080`]);
      await page.getByTestId('inventory-search').fill('');
      await expect.poll(() => page.getByTestId('asset-card').count()).toBe(discovered.length);

      // Table view: at most 2 addresses and 3 technology icons per row, then '+N'.
      await page.getByRole('button', { name: x.viewTable }).click();
      await page.getByTestId('asset-row').first().waitFor();
      expect((await shownHosts(page, 'asset-row')).sort()).toEqual(discovered.map(key).sort());
      for (const asset of discovered) {
        const r = page.locator(`[data-testid="asset-row"][data-asset-id="${asset.id}"]`);
        expect(await r.getByTestId('asset-ip').count()).toBe(Math.min(2, asset.ip.split(',').length));
        const techs = asset.technologies.length;
        expect(await r.getByTestId('technology-icon').count()).toBe(Math.min(3, techs));
        expect(await r.getByTestId('more-technologies').count()).toBe(techs > 3 ? 1 : 0);
        if (techs > 3) {
          expect(await r.getByTestId('more-technologies').textContent()).toBe(
            fill(x.moreTechnologies, { n: num(techs - 3, lang) }),
          );
        }
      }
      await screenshot(page, `asset-inventory-table-${lang}`);

      // The detail panel: the real HTTP response and the first changelog entry.
      await page.locator(`[data-testid="asset-row"][data-asset-id="${blog.id}"] td`).nth(4).click();
      const panel = page.getByTestId('asset-detail');
      await panel.waitFor();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
      expect(await panel.getByTestId('detail-host').textContent()).toBe(`blog.${zone}:80`);
      await panel.getByTestId('http-status-line').getByText('HTTP 200').waitFor();
      expect(await panel.getByTestId('http-header').allTextContents()).toContainEqual(
        expect.stringMatching(/^server: Apache\/2\.4\.57 \(Debian\)$/i),
      );
      expect(await panel.getByTestId('http-body').textContent()).toContain('<title>Didban Lab Blog');
      const detail = await api.assets.getAsset(blog.id);
      if (detail.screenshot_url) await panel.getByTestId('detail-screenshot').waitFor();
      else await panel.getByTestId('detail-no-screenshot').waitFor();
      const width = await panel.evaluate((el) => el.getBoundingClientRect().width);
      expect(width).toBe(Math.min(55 * 16, 1280));
      await screenshot(page, `asset-detail-${lang}`);
      await panel.getByRole('tab', { name: d.tabs.changelogs }).click();
      await panel.getByTestId('changelog-entry').first().waitFor();
      expect(await panel.getByTestId('changelog-entry').first().getAttribute('data-kind')).toBe('appeared');
      await panel.getByRole('tab', { name: d.tabs.vulnerabilities }).click();
      await panel.getByTestId(/findings-(empty|unavailable)/).waitFor();
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });

      // Change the lab and discover again: dev and mail go, api gets a login page, blog changes.
      await lab.control.removeService(`dev.${zone}`, 8000);
      await lab.control.removeService(`mail.${zone}`, 25);
      await lab.control.addService(`api.${zone}`, { port: 8080, kind: 'login' });
      await lab.control.removeService(`blog.${zone}`, 80);
      await lab.control.addService(`blog.${zone}`, { port: 80, kind: 'nginx-default' });
      const again = await api.assets.rediscover(group.id);
      await waitForDiscovery(api, enumerationId, again.history_id);
      const second = (await api.assets.getEnumeration(enumerationId)).history.find(
        (h) => h.id === again.history_id,
      )!;
      expect(second.new_assets).toBe(-1);

      // The group's inventory: history dropdown with duration and signed counts, then compare.
      await page.goto(`/assets/${group.id}`);
      await page.getByTestId('history-menu').click();
      const newest = page.locator(`[data-testid="history-item"][data-history-id="${second.id}"]`);
      await newest.hover();
      await newest.getByTestId('history-hover').waitFor();
      const signed = newest.getByTestId('history-new-assets');
      expect(await signed.textContent()).toBe(`-${num(1, lang)}`);
      expect(await signed.getAttribute('data-tone')).toBe('error');
      const older = page.locator(`[data-testid="history-item"][data-history-id="${first.id}"]`);
      await older.hover();
      expect(await older.getByTestId('history-new-assets').textContent()).toBe(
        `+${num(discovered.length, lang)}`,
      );
      expect(await older.getByTestId('history-new-assets').getAttribute('data-tone')).toBe('success');
      await screenshot(page, `asset-inventory-history-${lang}`);
      await older.click();
      await page.getByTestId('history-viewing').waitFor();
      await page.getByTestId('page-size').selectOption('25');
      await expect.poll(() => page.getByTestId('asset-card').count()).toBe(discovered.length);
      await page.getByRole('button', { name: x.history.switchToLive }).click();
      await page.getByTestId('history-viewing').waitFor({ state: 'detached' });
      // Live data: the server's current rows (the run found 15; gone assets stay until deleted).
      const liveCount = (await allAssets(api)).length;
      await expect.poll(() => page.getByTestId('asset-card').count()).toBe(liveCount);

      await page.getByTestId('compare-toggle').check();
      const compare = page.getByTestId('compare-view');
      await compare.getByTestId('compare-added').getByText(`api.${zone}:8080`).waitFor();
      expect(
        await compare.getByTestId('compare-removed').getByTestId('compare-asset').allTextContents(),
      ).toEqual([`dev.${zone}:8000`, `mail.${zone}:25`].sort());
      const changedBlog = compare.getByTestId('compare-changed-asset').filter({ hasText: `blog.${zone}:80` });
      expect(await changedBlog.getByTestId('compare-change').allTextContents()).toContainEqual(
        expect.stringContaining('Welcome to nginx!'),
      );
      await screenshot(page, `asset-inventory-compare-${lang}`);
      await page.getByTestId('compare-toggle').uncheck();

      // The blog's changelog now says what changed, old → new.
      await page
        .locator(`[data-testid="asset-card"][data-asset-id="${blog.id}"]`)
        .getByTestId('asset-title')
        .click();
      await panel.getByRole('tab', { name: d.tabs.changelogs }).click();
      const changed = panel.locator('[data-testid="changelog-entry"][data-kind="changed"]');
      await changed.waitFor();
      const titleChange = changed.locator('[data-field="title"]');
      expect(await titleChange.locator('td').allTextContents()).toEqual([
        TEXT[lang].changedFields.title,
        'Didban Lab Blog – Just another WordPress site',
        'Welcome to nginx!',
      ]);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });

      // Export the selection from the bulk bar: the files hold exactly what the cards show.
      const live = await allAssets(api);
      await page.getByTestId('inventory-sort').selectOption('host');
      await expect
        .poll(async () => (await shownHosts(page, 'asset-card')).sort())
        .toEqual(live.map(key).sort());
      // The first three cards as shown (hosts with two ports come in the server's tie order).
      const firstIds = await page
        .getByTestId('asset-card')
        .evaluateAll((cards) => cards.slice(0, 3).map((c) => c.getAttribute('data-asset-id')));
      const chosen = firstIds.map((id) => live.find((a) => a.id === id)!);
      for (const asset of chosen) {
        await page
          .locator(`[data-testid="asset-card"][data-asset-id="${asset.id}"]`)
          .getByRole('checkbox')
          .check();
      }
      const bar = page.getByTestId('bulk-bar');
      await bar.getByText(fill(x.bulk.selected, { n: num(3, lang) })).waitFor();
      const [csvDownload] = await Promise.all([
        page.waitForEvent('download'),
        bar.getByRole('button', { name: x.bulk.exportCsv }).click(),
      ]);
      const day = new Date().toISOString().slice(0, 10);
      expect(csvDownload.suggestedFilename()).toBe(`bulk-export-3-assets-${day}.csv`);
      const csv = readFileSync((await csvDownload.path())!, 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const rows = parseCsv(csv.slice(1));
      expect(rows[0]).toEqual([...ASSET_CSV_COLUMNS]);
      expect(rows.slice(1).map((r) => `${r[1]}:${r[2]}`)).toEqual(chosen.map(key));
      expect(rows.slice(1).map((r) => r[0])).toEqual(chosen.map((a) => a.id));
      for (const [i, asset] of chosen.entries()) {
        const card = page.locator(`[data-testid="asset-card"][data-asset-id="${asset.id}"]`);
        expect(rows[i + 1]![4]).toBe(await card.getByTestId('asset-status').textContent());
        expect(rows[i + 1]![3]!.split(',')).toEqual(await card.getByTestId('asset-ip').allTextContents());
      }
      await page
        .getByTestId('snackbar-message')
        .getByText(fill(x.bulk.exportDone, { n: num(3, lang), format: 'CSV' }))
        .waitFor();
      if (lang === 'en') {
        await page.getByText('Starting bulk export of 3 asset(s) in CSV format...').waitFor();
      }
      const [jsonDownload] = await Promise.all([
        page.waitForEvent('download'),
        bar.getByRole('button', { name: x.bulk.exportJson }).click(),
      ]);
      expect(jsonDownload.suggestedFilename()).toBe(`bulk-export-3-assets-${day}.json`);
      const json = JSON.parse(readFileSync((await jsonDownload.path())!, 'utf8')) as {
        export_info: { total_assets: number; asset_ids: string[]; exported_at: string };
        assets: Asset[];
      };
      expect(json.export_info.total_assets).toBe(3);
      expect(json.export_info.asset_ids).toEqual(chosen.map((a) => a.id));
      expect(json.assets.map(key)).toEqual(chosen.map(key));
      expect(json.assets.map((a) => a.title)).toEqual(chosen.map((a) => a.title));

      // Bulk scan opens the scan modal for these assets; closing it keeps the selection.
      await bar.getByRole('button', { name: x.bulk.scan }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await bar.getByRole('button', { name: x.bulk.clear }).click();
      await bar.waitFor({ state: 'detached' });

      // Delete one asset through its actions menu, after the confirmation.
      const victim = live[0]!;
      await page
        .locator(`[data-testid="asset-card"][data-asset-id="${victim.id}"]`)
        .getByRole('button', { name: fill(x.actionsMenu, { host: key(victim) }) })
        .click();
      await page.getByRole('menuitem', { name: x.delete }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText(x.deleteTitle).waitFor();
      await confirm.getByRole('button', { name: x.delete }).click();
      await page.getByTestId('snackbar-message').getByText(x.deleted).waitFor();
      if (lang === 'en') await page.getByText('Asset deleted successfully!').waitFor();
      await page
        .locator(`[data-testid="asset-card"][data-asset-id="${victim.id}"]`)
        .waitFor({ state: 'detached' });
      await expect(api.assets.getAsset(victim.id)).rejects.toMatchObject({ status: 404 });
      expect(errors).toEqual([]);
    } catch (error) {
      // What the page looked like when a step failed, next to the other screenshots.
      await screenshot(page, `asset-inventory-failure-${lang}`).catch(() => undefined);
      throw error;
    } finally {
      await stopLabWorker(worker);
      await context.close();
      await lab.stop();
    }
  }, 420_000);
});

const TEXT_PAGE = { en: 'Page {{page}}', fa: 'صفحهٔ {{page}}' } as const;
