import { createApiClient, type Session, type Vulnerability } from '@didban/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Lab, startLab } from '../../../apps/server/test/helpers/lab';
import { assetsInventoryEn } from '../../../apps/web/src/i18n/locales/en/assets-inventory';
import { scansEn } from '../../../apps/web/src/i18n/locales/en/scans';
import { assetsInventoryFa } from '../../../apps/web/src/i18n/locales/fa/assets-inventory';
import { scansFa } from '../../../apps/web/src/i18n/locales/fa/scans';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { e2eLabSubnet } from '../support/lab-range';
import { startLabWorker, stopLabWorker } from '../support/lab-worker';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

/**
 * Issue 30 in the panel: discovery crawls the lab's parameterised shop (scripts/lab dast-app), the
 * asset detail's Endpoints tab lists what it found (desktop and 375 px, fa and en), and a scan
 * with "DAST: fuzz the endpoints found on these assets" ticked runs a fuzzing template of ours on
 * those endpoints and finds the shop's reflected XSS at /search.
 */
const baseUrl = inject('baseUrl');
const WORDS = {
  en: { assets: assetsInventoryEn, scans: scansEn },
  fa: { assets: assetsInventoryFa, scans: scansFa },
} as const;
const SCAN_MS = 180_000;
const PHONE = 375;

/** Our own fuzzing template (not from the community snapshot): a marker appended to each query value. */
const REFLECTED_XSS = (lang: string) => `id: didban-e2e-reflected-xss-${lang}
info:
  name: Reflected XSS e2e ${lang}
  author: didban
  severity: medium
  tags: xss,dast
http:
  - payloads:
      reflection:
        - "'\\"><didban7x>"
    fuzzing:
      - part: query
        type: postfix
        mode: single
        fuzz:
          - "{{reflection}}"
    stop-at-first-match: true
    matchers-condition: and
    matchers:
      - type: word
        part: body
        words:
          - "{{reflection}}"
      - type: word
        part: header
        words:
          - "text/html"
`;

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

async function runFindings(session: Session, scanId: string, historyId: string): Promise<Vulnerability[]> {
  const answer = await apiOf(session).scans.historyVulnerabilities(scanId, historyId, {
    page: 1,
    page_size: 100,
  });
  return answer.results;
}

/** Open the asset's detail from the inventory and show its Endpoints tab. */
async function openEndpoints(page: Page, lang: 'fa' | 'en', assetId: string) {
  const d = WORDS[lang].assets.assetDetail;
  const card = page.locator(`[data-testid="asset-card"][data-asset-id="${assetId}"]`);
  await card.getByTestId('asset-title').click();
  const panel = page.getByTestId('asset-detail');
  await panel.waitFor();
  await panel.getByRole('tab', { name: d.tabs.endpoints }).click();
  await panel.getByTestId('endpoint-row').first().waitFor();
  return panel;
}

describe.each(['fa', 'en'] as const)('endpoints and a DAST scan in %s', (lang) => {
  const w = WORDS[lang];

  it('discovery crawls the shop, the Endpoints tab lists what it found, a DAST scan finds the reflected XSS', async () => {
    const owner = await register(baseUrl, newAccount(`dast${lang}`));
    const api = apiOf(owner);
    // A worker group keeps these tasks on our lab worker (the built-in one uses the system's DNS).
    const workerGroup = await api.workers.createGroup({ name: `dast-${lang}` });
    const worker = await api.workers.create({ name: `dast-${lang}`, group_id: workerGroup.id });
    const site = `shop-${lang}.${lab.manifest().zone}`;
    await lab.control.addHost({ name: site, services: [{ port: 80, kind: 'dast-app' }] });
    const template = await api.templates.create({ yaml: REFLECTED_XSS(lang) });

    const child = startLabWorker(baseUrl, lab, worker.api_key, [], { providers: false });
    try {
      const groupName = `Shop ${lang}`;
      const group = await api.assets.createGroup({
        name: groupName,
        roots: [site],
        port_setting: 'custom',
        custom_ports: '80',
        scan_frequency: 'none',
        worker_group: workerGroup.id,
      });
      await expect
        .poll(async () => (await api.assets.getGroup(group.id)).status, { timeout: SCAN_MS, interval: 1_000 })
        .toBe('finished');
      const [asset] = (await api.assets.groupAssets(group.id)).results;
      expect(asset?.host).toBe(site);
      const stored = await api.assets.endpoints(asset!.id, { search: 'search', page_size: 100 });
      expect(stored.results.map((e) => e.url)).toContain(`http://${site}/search?q=lamp`);

      // --- the asset detail's Endpoints tab, desktop ---
      const { context, page, errors } = await openPage(browser, baseUrl, lang);
      try {
        await openSignedIn(page, owner, '/assets/inventory');
        const panel = await openEndpoints(page, lang, asset!.id);
        const search = panel.getByTestId('endpoints-search');
        await search.fill('/search');
        await expect
          .poll(() => panel.getByTestId('endpoint-url').allTextContents())
          .toContain(`http://${site}/search?q=lamp`);
        const row = panel.getByTestId('endpoint-row').filter({ hasText: `http://${site}/search?q=lamp` });
        expect(await row.getByTestId('endpoint-method').textContent()).toBe('GET');
        expect(await row.getByTestId('endpoint-params').textContent()).toBe('q');
        // The URL is its own left-to-right run inside the Persian page.
        expect(await row.getByTestId('endpoint-url').getAttribute('dir')).toBe('ltr');
        await search.fill('');
        const total = (await api.assets.endpoints(asset!.id)).result_count;
        // The shop's links, forms, script calls and sitemap entries (its /bench pages have no parameters).
        expect(total).toBeGreaterThan(5);
        await expect.poll(() => panel.getByTestId('endpoint-row').count()).toBe(Math.min(total, 20));
        expect(await panel.getByTestId('endpoints-count').textContent()).toBe(
          w.assets.assetDetail.endpoints[total === 1 ? 'count_one' : 'count_other'].replace(
            '{{n}}',
            total.toLocaleString(lang === 'fa' ? 'fa-IR' : 'en-US'),
          ),
        );
        await screenshot(page, `asset-endpoints-${lang}`);
        await page.keyboard.press('Escape');

        // --- a DAST scan from the scan form: the opt-in ticked, our fuzzing template picked ---
        await page.goto('/scans');
        await page.getByTestId('new-scan').click();
        const form = page.getByTestId('scan-form');
        await form.getByLabel(w.scans.form.name, { exact: true }).fill(`DAST ${lang}`);
        await form.getByLabel(w.scans.form.group, { exact: true }).selectOption({ label: groupName });
        const templates = form.getByTestId('template-picker');
        await templates.getByPlaceholder(w.scans.form.templateSearch).fill(template.name);
        await templates.getByRole('checkbox', { name: template.name, exact: true }).check();
        // Found by its label, as a person reads it; off until ticked.
        const dast = form.getByRole('checkbox', { name: w.scans.form.dast });
        expect(await dast.isChecked()).toBe(false);
        await dast.check();
        expect(await form.getByTestId('scan-dast').isChecked()).toBe(true);
        await screenshot(page, `scan-form-dast-${lang}`);
        await form.getByRole('button', { name: w.scans.form.create }).click();
        await page.waitForURL('**/scans/*/loading?historyID=*');
        const match = /\/scans\/([^/]+)\/loading\?historyID=([^&]+)/.exec(page.url())!;
        const scanId = decodeURIComponent(match[1]!);
        const historyId = decodeURIComponent(match[2]!);
        expect((await api.scans.get(scanId)).dast).toBe(true);
        await expect
          .poll(async () => (await api.scans.historyStatus(scanId, historyId)).status, {
            timeout: SCAN_MS,
            interval: 1_000,
          })
          .toBe('finished');
        const findings = await runFindings(owner, scanId, historyId);
        const xss = findings.filter((f) => f.template_id === template.template_id);
        expect(xss.map((f) => new URL(f.matched_at).pathname)).toContain('/search');
        // The escaped pages of the shop stay silent.
        expect(xss.map((f) => new URL(f.matched_at).pathname)).not.toContain('/news');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }

      // --- the Endpoints tab on a 375 px phone: no sideways scrolling ---
      const phone = await openPage(browser, baseUrl, lang, 'mobile');
      try {
        await phone.page.setViewportSize({ width: PHONE, height: 812 });
        await openSignedIn(phone.page, owner, '/assets/inventory');
        const panel = await openEndpoints(phone.page, lang, asset!.id);
        const widths = await panel.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(widths.scroll).toBeLessThanOrEqual(widths.client);
        expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          PHONE,
        );
        await screenshot(phone.page, `asset-endpoints-${PHONE}-${lang}`);
        expect(phone.errors).toEqual([]);
      } finally {
        await phone.context.close();
      }
    } finally {
      await stopLabWorker(child);
    }
  }, 420_000);
});
