import { readFileSync } from 'node:fs';
import {
  type Asset,
  assetExportFileName,
  bulkScanNameForGroups,
  createApiClient,
  type Session,
  translate,
  validateAssetGroupForm,
} from '@didban/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectedAssetKeys, type Lab, plantedPorts, startLab } from '../../../apps/server/test/helpers/lab';
import { assetsGroupsEn } from '../../../apps/web/src/i18n/locales/en/assets-groups';
import { assetsGroupsFa } from '../../../apps/web/src/i18n/locales/fa/assets-groups';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { e2eLabSubnet } from '../support/lab-range';
import { startLabWorker, stopLabWorker } from '../support/lab-worker';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

const baseUrl = inject('baseUrl');
// The panel's own words (apps/web locales), so the spec reads exactly what a user reads.
const WORDS = { en: assetsGroupsEn, fa: assetsGroupsFa } as const;
const SAVE = { en: 'Save', fa: 'ذخیره' } as const;
const DISCOVERY_MS = 180_000;
/** expect.poll waits 1 s by default; two busy cores need longer for a refetch to land. */
const SLOW = { timeout: 15_000 };

let browser: Browser;
let lab: Lab;

beforeAll(async () => {
  browser = await launchBrowser();
  lab = await startLab({ subnet: e2eLabSubnet() });
});
afterAll(async () => {
  await browser?.close();
  await lab?.stop();
});

const apiOf = (session: Session) =>
  createApiClient({ baseUrl, getToken: () => session.access, getLanguage: () => 'en' });

const snackbar = (page: Page, text: string) =>
  page.getByTestId('snackbar-message').filter({ hasText: text }).first().waitFor();

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));

/** Every live asset of a group, through the API. */
async function groupAssets(session: Session, groupId: string): Promise<Asset[]> {
  const api = apiOf(session);
  const all: Asset[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.assets.groupAssets(groupId, { page, page_size: 100 });
    all.push(...answer.results);
    if (page >= answer.total_pages) return all;
  }
}

/** The panel navigates client-side (no load event): wait for the address to say where we are. */
const reachPath = (page: Page, path: RegExp, timeout = 30_000) =>
  expect.poll(() => new URL(page.url()).pathname, { timeout, interval: 250 }).toMatch(path);

/** Follow the loading page until it opens the group page. */
async function followDiscovery(page: Page, groupId: string, shot: string) {
  await reachPath(page, new RegExp(`^/assets/${groupId}/loading$`));
  await page.getByTestId('discovery-progress').waitFor();
  await screenshot(page, shot);
  await reachPath(page, new RegExp(`^/assets/${groupId}$`), DISCOVERY_MS);
}

/** Download through a button and read the file as text. */
async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

describe.each(['fa', 'en'] as const)('asset groups in %s', (lang) => {
  const w = WORDS[lang];
  const locale = lang === 'fa' ? 'fa-IR' : 'en-US';

  it('wizard messages; create → discovery → inventory; re-discover after a lab change; edit; cancel; exports; bulk scan; technologies; search; bulk delete; delete', async () => {
    const owner = await register(baseUrl, newAccount(`ag${lang}`));
    // The lab's worker sits in a worker group that the wizard's step 2 picks: the group's discovery
    // then goes to this worker only (the server's built-in worker takes ungrouped tasks and does
    // not know the lab's resolver).
    const labGroup = await apiOf(owner).workers.createGroup({ name: `Lab workers ${lang}` });
    const worker = await apiOf(owner).workers.create({ name: `lab-${lang}`, group_id: labGroup.id });
    const child = startLabWorker(baseUrl, lab, worker.api_key);
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    // Two cores shared with a worker probing the lab: allow slow steps, not missing ones.
    page.setDefaultTimeout(30_000);
    try {
      await openSignedIn(page, owner, '/assets');
      await reachPath(page, /^\/assets\/groups$/);
      await page.getByText(w.groups.empty).waitFor();
      await screenshot(page, `asset-groups-empty-${lang}`);

      // --- bad input: the §5 messages, from core, in this language ---
      // The empty list leads to the next step: its own button opens the wizard.
      await page.getByTestId('groups-empty').getByRole('button', { name: w.groups.emptyAction }).click();
      const wizard = page.getByTestId('group-wizard');
      await wizard.getByRole('button', { name: w.wizard.next }).click();
      const empty = validateAssetGroupForm({ name: '', roots: '' });
      await wizard.getByText(empty.name![0]![lang]).waitFor();
      await wizard.getByText(empty.roots![0]![lang]).waitFor();
      await wizard.getByLabel(w.wizard.name, { exact: true }).fill(`Lab ${lang}`);
      await wizard.getByLabel(w.wizard.roots, { exact: true }).fill('not a domain!\nexample.com');
      await wizard.getByLabel(w.ports.custom).check();
      const bad = validateAssetGroupForm({
        name: 'x',
        roots: 'not a domain!',
        port_setting: 'custom',
        custom_ports: '',
      });
      await wizard.getByText(bad.roots![0]![lang]).waitFor();
      await wizard.getByText(bad.custom_ports![0]![lang]).waitFor();
      await wizard.getByLabel(w.wizard.frequency, { exact: true }).selectOption('custom');
      await wizard.getByText(translate('assets.schedule_weekdays_required', lang)).waitFor();
      await wizard.getByText(translate('assets.schedule_start_required', lang)).waitFor();
      await screenshot(page, `asset-groups-wizard-errors-${lang}`);

      // --- a valid group: the lab's two zones, its planted ports ---
      const manifest = lab.manifest();
      await wizard.getByLabel(w.wizard.frequency, { exact: true }).selectOption('none');
      await wizard.getByLabel(w.wizard.roots, { exact: true }).fill(`${manifest.zone}\n${manifest.axfrZone}`);
      await wizard.getByLabel(w.wizard.customPorts, { exact: true }).fill(plantedPorts(manifest));
      await expect.poll(() => wizard.locator('[data-field-error]').count(), SLOW).toBe(0);
      await wizard.getByRole('button', { name: w.wizard.next }).click();
      await wizard.getByLabel(w.wizard.workerGroup, { exact: true }).waitFor();
      await screenshot(page, `asset-groups-wizard-step2-${lang}`);
      await wizard
        .getByLabel(w.wizard.workerGroup, { exact: true })
        .selectOption({ label: `Lab workers ${lang}` });
      await wizard.getByRole('button', { name: w.wizard.create }).click();
      await snackbar(page, w.groups.created);
      await reachPath(page, /^\/assets\/[^/]+\/loading$/);
      const groupId = /\/assets\/([^/]+)\/loading/.exec(page.url())?.[1];
      expect(groupId).toBeTruthy();
      await followDiscovery(page, groupId!, `asset-loading-${lang}`);

      // --- the group page: details, one history entry, and the inventory of the lab's hosts ---
      await page
        .getByTestId('group-name')
        .filter({ hasText: `Lab ${lang}` })
        .waitFor();
      await expect.poll(() => page.getByTestId('history-row').count(), SLOW).toBe(1);
      const first = await groupAssets(owner, groupId!);
      const keys = first.map((a) => `${a.host}:${a.port}`).sort();
      expect(keys).toEqual(expectedAssetKeys(manifest));
      const cards = page.getByTestId('asset-card');
      await cards.first().waitFor();
      const shownIds = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-asset-id')));
      expect(shownIds.length).toBeGreaterThan(0);
      for (const id of shownIds) expect(first.map((a) => a.id)).toContain(id);
      await screenshot(page, `asset-group-page-${lang}`);

      // --- change the lab, re-discover: a second history with the new host ---
      const added = `fresh-${lang}.${manifest.zone}`;
      await lab.control.addHost({
        name: added,
        services: [{ port: 80, kind: 'nginx-default' }],
        providers: ['crtsh'],
      });
      await page.getByRole('button', { name: w.groups.action.rediscover, exact: true }).click();
      await snackbar(page, w.groups.rediscoveryStarted);
      await followDiscovery(page, groupId!, `asset-rediscover-loading-${lang}`);
      await expect.poll(() => page.getByTestId('history-row').count(), SLOW).toBe(2);
      const second = await groupAssets(owner, groupId!);
      expect(second.map((a) => `${a.host}:${a.port}`)).toContain(`${added}:80`);
      const latest = (await apiOf(owner).assets.getEnumeration(groupId!)).history[0]!;
      // The lab gained a host: the run's count is positive and shown with a plus (spec §2).
      expect(latest.new_assets).toBeGreaterThan(0);
      const signed = `+${new Intl.NumberFormat(locale).format(latest.new_assets)}`;
      // The page may show the run as it was while running for a moment, then the refetched one.
      await expect
        .poll(() => page.getByTestId('history-new-assets').first().textContent(), SLOW)
        .toBe(signed);

      // --- edit: the wizard opens filled with the stored group; a new name is saved ---
      await page.getByRole('button', { name: w.groups.action.edit, exact: true }).click();
      const editor = page.getByTestId('group-wizard');
      expect(await editor.getByLabel(w.wizard.name, { exact: true }).inputValue()).toBe(`Lab ${lang}`);
      expect(await editor.getByLabel(w.wizard.roots, { exact: true }).inputValue()).toBe(
        `${manifest.zone}\n${manifest.axfrZone}`,
      );
      const groupName = `Lab ${lang} 2`;
      await editor.getByLabel(w.wizard.name, { exact: true }).fill(groupName);
      await editor.getByRole('button', { name: w.wizard.next }).click();
      await editor.getByRole('button', { name: SAVE[lang], exact: true }).click();
      await snackbar(page, w.groups.updated);
      await page.getByTestId('group-name').filter({ hasText: groupName }).waitFor();

      // --- cancel a running discovery from the loading page ---
      await page.getByRole('button', { name: w.groups.action.rediscover, exact: true }).click();
      await reachPath(page, new RegExp(`^/assets/${groupId}/loading$`));
      await page.getByRole('button', { name: w.groups.action.cancel, exact: true }).click();
      await snackbar(page, w.groups.cancelSent);
      await page.getByTestId('discovery-message').filter({ hasText: w.loading.cancelled }).waitFor();
      await screenshot(page, `asset-loading-cancelled-${lang}`);
      const current = await groupAssets(owner, groupId!);

      // --- exports of the selected group: CSV and JSON hold exactly the inventory ---
      await page.goto('/assets/groups');
      await page.getByTestId('group-row').first().waitFor();
      await page.getByRole('checkbox', { name: fill(w.groups.select, { name: groupName }) }).check();
      const csv = await download(page, w.export.csv);
      const today = new Date();
      expect(csv.name).toBe(assetExportFileName(current.length, 'csv', today));
      expect(csv.text.startsWith('\uFEFFid,host,port,ip,status,title,cname,content_length')).toBe(true);
      const csvRows = csv.text.trim().split('\r\n').slice(1);
      expect(csvRows).toHaveLength(current.length);
      expect(csvRows.map((r) => r.split(',')[0]).sort()).toEqual(current.map((a) => a.id).sort());
      await snackbar(
        page,
        fill(w.export.done_other, { n: current.length.toLocaleString(locale), format: 'CSV' }),
      );
      const json = await download(page, w.export.json);
      expect(json.name).toBe(assetExportFileName(current.length, 'json', today));
      const body = JSON.parse(json.text) as {
        export_info: { total_assets: number; asset_ids: string[] };
        assets: Asset[];
      };
      expect(body.export_info.total_assets).toBe(current.length);
      expect([...body.export_info.asset_ids].sort()).toEqual(current.map((a) => a.id).sort());
      expect(body.assets.map((a) => `${a.host}:${a.port}`).sort()).toEqual(
        current.map((a) => `${a.host}:${a.port}`).sort(),
      );
      await screenshot(page, `asset-groups-list-${lang}`);

      // --- "Bulk scan" opens the Scans issue's modal for the selected group, name prefilled (§5) ---
      await page.getByRole('button', { name: w.groups.bulkScan, exact: true }).click();
      const scanDialog = page.getByRole('dialog');
      await expect
        .poll(() => scanDialog.locator('input').first().inputValue(), SLOW)
        .toBe(bulkScanNameForGroups([groupName]));
      await screenshot(page, `asset-groups-bulk-scan-${lang}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => scanDialog.count(), SLOW).toBe(0);

      // --- technologies: a lab technology and the assets that use it ---
      await page.getByRole('link', { name: w.tabs.technologies }).click();
      await reachPath(page, /^\/assets\/technologies$/);
      // When the assets of a technology cannot be read (the connection drops), §8 says so.
      await page.route('**/filter-by-technology**', (route) => route.abort('connectionreset'));
      const jquery = page
        .getByTestId('technology')
        .filter({ has: page.getByTestId('technology-name').getByText('jQuery', { exact: true }) });
      await jquery.getByRole('button').first().click();
      await jquery.getByText(w.technologies.loadFailed).waitFor();
      await jquery.getByText(w.technologies.tryLater).waitFor();
      await screenshot(page, `asset-technologies-failure-${lang}`);
      await page.unroute('**/filter-by-technology**');
      await jquery.getByRole('button').first().click();
      const technology = (name: string) =>
        page
          .getByTestId('technology')
          .filter({ has: page.getByTestId('technology-name').getByText(name, { exact: true }) });
      const wordpress = technology('WordPress');
      // Wappalyzer's category names in the reader's language ("CMS · Blogs" in fa).
      expect(await wordpress.getByTestId('technology-categories').textContent()).toBe(
        lang === 'fa' ? 'سامانهٔ مدیریت محتوا · وبلاگ' : 'CMS · Blogs',
      );
      await wordpress.getByRole('button').first().click();
      const rows = wordpress.getByTestId('technology-asset-row');
      await rows.first().waitFor();
      const wpHosts = current.filter((a) => a.technologies.some((t) => t.platform.name === 'WordPress'));
      await expect.poll(() => rows.count(), SLOW).toBe(Math.min(10, wpHosts.length));
      for (const text of await rows.allTextContents())
        expect(wpHosts.some((a) => text.includes(`${a.host}:${a.port}`))).toBe(true);
      await screenshot(page, `asset-technologies-${lang}`);

      // --- search by name or root domain; bulk delete ---
      for (const spare of ['Spare A', 'Spare B'])
        await apiOf(owner).assets.createGroup({
          name: `${spare} ${lang}`,
          roots: `${spare.slice(-1).toLowerCase()}.spare.example`,
          auto_discovery: false,
          port_setting: 'custom',
          custom_ports: '80',
          worker_group: labGroup.id,
        });
      await page.getByRole('link', { name: w.tabs.groups }).click();
      await expect.poll(() => page.getByTestId('group-row').count(), SLOW).toBe(3);
      const search = page.getByPlaceholder(w.groups.search);
      await search.fill(manifest.axfrZone);
      await expect
        .poll(() => page.getByTestId('group-row').allTextContents(), SLOW)
        .toEqual([expect.stringContaining(groupName)]);
      await search.fill('Spare');
      await expect.poll(() => page.getByTestId('group-row').count(), SLOW).toBe(2);
      await page.getByRole('checkbox', { name: w.groups.selectPage }).check();
      await page.getByTestId('groups-bulk-bar').getByRole('button', { name: w.groups.bulkDelete }).click();
      await page
        .getByRole('dialog')
        .getByText(fill(w.groups.bulkDeleteBody_other, { n: (2).toLocaleString(locale) }))
        .waitFor();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: w.groups.action.delete, exact: true })
        .click();
      await snackbar(page, fill(w.groups.bulkDeleted_other, { n: (2).toLocaleString(locale) }));
      await page.getByText(w.groups.noMatch).waitFor();
      await search.fill('');
      await expect.poll(() => page.getByTestId('group-row').count(), SLOW).toBe(1);

      // --- delete the group ---
      await page.getByRole('button', { name: fill(w.groups.actionsFor, { name: groupName }) }).click();
      await page.getByRole('menuitem', { name: w.groups.action.delete, exact: true }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: w.groups.action.delete, exact: true })
        .click();
      await snackbar(page, w.groups.deleted);
      await page.getByText(w.groups.empty).waitFor();
      await expect(apiOf(owner).assets.getGroup(groupId!)).rejects.toMatchObject({ status: 404 });
      expect(errors).toEqual([]);
    } catch (error) {
      // What the page showed when a step failed, for whoever reads the failure.
      await screenshot(page, `asset-groups-failed-${lang}`).catch(() => {});
      throw error;
    } finally {
      stopLabWorker(child);
      await context.close();
    }
  }, 600_000);
});
