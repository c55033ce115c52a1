import type { ChildProcess } from 'node:child_process';
import {
  BREAKDOWN_SEVERITIES,
  bulkScanNameForGroups,
  createApiClient,
  type Session,
  type Severity,
  totalOf,
  translate,
  type Vulnerability,
} from '@didban/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Lab, startLab } from '../../../apps/server/test/helpers/lab';
import { assetsGroupsEn } from '../../../apps/web/src/i18n/locales/en/assets-groups';
import { homeEn } from '../../../apps/web/src/i18n/locales/en/home';
import { homeDashboardEn } from '../../../apps/web/src/i18n/locales/en/home-dashboard';
import { scansEn } from '../../../apps/web/src/i18n/locales/en/scans';
import { scansRunEn } from '../../../apps/web/src/i18n/locales/en/scans-run';
import { assetsGroupsFa } from '../../../apps/web/src/i18n/locales/fa/assets-groups';
import { homeFa } from '../../../apps/web/src/i18n/locales/fa/home';
import { homeDashboardFa } from '../../../apps/web/src/i18n/locales/fa/home-dashboard';
import { scansFa } from '../../../apps/web/src/i18n/locales/fa/scans';
import { scansRunFa } from '../../../apps/web/src/i18n/locales/fa/scans-run';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { e2eLabSubnet } from '../support/lab-range';
import { startLabWorker, stopLabWorker } from '../support/lab-worker';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

const baseUrl = inject('baseUrl');
/** Persian digits (the fa progress label) read as Latin ones, to compare counts. */
const latin = (text: string | null) => (text ?? '').replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));
// The panel's own words (apps/web locales), so the spec reads exactly what a user reads.
const WORDS = {
  // The modal's, progress page's and home dashboard's strings ship with those components.
  en: {
    groups: assetsGroupsEn,
    scans: { ...scansEn, ...scansRunEn },
    home: { ...homeEn, ...homeDashboardEn },
  },
  fa: {
    groups: assetsGroupsFa,
    scans: { ...scansFa, ...scansRunFa },
    home: { ...homeFa, ...homeDashboardFa },
  },
} as const;
const COUNTRY = { fa: 'IR', en: 'DE' } as const;
const SCAN_MS = 180_000;

/**
 * Weaknesses of the public template library planted on the lab site, one per severity, all
 * carrying the `exposure` tag the scan picks; the medium one is triaged, fixed and rescanned.
 */
const PLANTED = [
  'ssh-private-key-exposure',
  'dotenv-file-exposure',
  'git-config-exposure',
  'ds-store-exposure',
  'composer-lock-exposure',
] as const;
const FIXED = 'git-config-exposure';

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

/** Every finding of a run, through the API. */
async function runFindings(session: Session, scanId: string, historyId: string): Promise<Vulnerability[]> {
  const api = apiOf(session);
  const all: Vulnerability[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.scans.historyVulnerabilities(scanId, historyId, { page, page_size: 100 });
    all.push(...answer.results);
    if (page >= answer.total_pages) return all;
  }
}

/** The ids in a progress page address. */
function progressIds(url: string): { scanId: string; historyId: string } {
  const match = /\/scans\/([^/]+)\/loading\?historyID=([^&]+)/.exec(url);
  expect(match).toBeTruthy();
  return { scanId: decodeURIComponent(match![1]!), historyId: decodeURIComponent(match![2]!) };
}

/** Open the groups tab, select the group and open the bulk scan modal. */
async function openBulkScan(page: Page, lang: 'fa' | 'en', groupName: string) {
  const w = WORDS[lang].groups;
  await page.goto('/assets/groups');
  await page.getByTestId('group-row').first().waitFor();
  await page.getByRole('checkbox', { name: fill(w.groups.select, { name: groupName }) }).check();
  await page.getByRole('button', { name: w.groups.bulkScan, exact: true }).click();
  return page.getByTestId('bulk-scan-form');
}

/** Pick the `exposure` tag in the modal's tag picker (searched, so the list is short). */
async function pickExposureTag(page: Page, lang: 'fa' | 'en') {
  const s = WORDS[lang].scans;
  const tags = page.getByTestId('bulk-scan-tags');
  await tags.getByPlaceholder(s.bulk.tagSearch).fill('exposure');
  await tags.getByRole('checkbox', { name: 'exposure', exact: true }).check();
}

describe.each(['fa', 'en'] as const)('scans against the lab in %s', (lang) => {
  const s = WORDS[lang].scans;

  it('bulk scan → progress counts up → details list the planted weaknesses → triage → fix → rescan marks it fixed; cancel; home numbers', async () => {
    const owner = await register(baseUrl, newAccount(`scan${lang}`));
    const api = apiOf(owner);
    // A worker group keeps the group's discovery and scan tasks away from the server's built-in
    // worker (which resolves names through the system, not the lab).
    const workerGroup = await api.workers.createGroup({ name: `lab-${lang}` });
    const worker = await api.workers.create({ name: `lab-${lang}`, group_id: workerGroup.id });
    const site = `weak-${lang}.${lab.manifest().zone}`;
    for (const id of PLANTED) await lab.weaknesses.plant(site, id);
    const severityOf = new Map<string, Severity>();
    for (const id of PLANTED) severityOf.set(id, (await api.templates.get(`public:${id}`)).severity);

    // --- the group: the weak site on 80 and 443, discovered by a real worker ---
    let child: ChildProcess | null = startLabWorker(baseUrl, lab, worker.api_key, [
      '--country',
      COUNTRY[lang],
    ]);
    const groupName = `Weak ${lang}`;
    const group = await api.assets.createGroup({
      name: groupName,
      roots: [site],
      port_setting: 'custom',
      custom_ports: '80,443',
      scan_frequency: 'none',
      worker_group: workerGroup.id,
    });
    await expect
      .poll(async () => (await api.assets.getGroup(group.id)).status, { timeout: SCAN_MS, interval: 1_000 })
      .toBe('finished');
    const assets = (await api.assets.groupAssets(group.id, { page_size: 100 })).results;
    expect(assets.map((a) => `${a.host}:${a.port}`).sort()).toEqual([`${site}:443`, `${site}:80`]);
    // Stopped, so the run waits at [0/N] until the worker is back: the page has to count up.
    await stopLabWorker(child);
    child = null;

    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      // --- home before any scan: zeros and the empty breakdown ---
      await openSignedIn(page, owner, '/');
      await page.getByTestId('home-stats').waitFor();
      await expect
        .poll(() =>
          page.getByTestId('home-stat-scans-total').locator('[data-value]').getAttribute('data-value'),
        )
        .toBe('0');
      await page.getByText(WORDS[lang].home.severity.empty).waitFor();
      await screenshot(page, `home-before-scans-${lang}`);

      // --- the modal: title, prefilled name, §5 messages, pickers ---
      const form = await openBulkScan(page, lang, groupName);
      const dialog = page.getByRole('dialog');
      await dialog
        .getByRole('heading', {
          name: fill(s.bulk.titleGroups_one, { n: (1).toLocaleString(lang === 'fa' ? 'fa-IR' : 'en-US') }),
        })
        .waitFor();
      const name = form.getByLabel(s.bulk.name, { exact: true });
      expect(await name.inputValue()).toBe(bulkScanNameForGroups([groupName]));
      await name.fill('');
      await form.getByRole('button', { name: s.bulk.start }).click();
      await form.getByText(translate('scans.bulk_name_required', lang)).waitFor();
      await form.getByText(translate('scans.templates_required', lang)).waitFor();
      await name.fill(`Lab scan ${lang}`);
      // Pickers (§9): pages of 10, the next one once the list is scrolled near its end.
      const tagList = form.getByTestId('bulk-scan-tags').getByRole('list');
      await expect.poll(() => tagList.getByRole('checkbox').count()).toBe(10);
      await tagList.evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      await expect.poll(() => tagList.getByRole('checkbox').count()).toBe(20);
      await pickExposureTag(page, lang);
      const templates = form.getByTestId('bulk-scan-templates');
      await templates.getByPlaceholder(s.bulk.templateSearch).fill('SSH private key');
      await templates.getByRole('checkbox', { name: 'SSH private key exposed', exact: true }).check();
      await templates.getByPlaceholder(s.bulk.templateSearch).fill('no such template anywhere');
      await templates.getByText(s.bulk.noResults).waitFor();
      await expect.poll(() => form.locator('[data-field-error]').count()).toBe(0);
      await screenshot(page, `scans-bulk-modal-${lang}`);
      await form.getByRole('button', { name: s.bulk.start }).click();
      await snackbar(page, s.bulk.started);
      await page.waitForURL('**/scans/*/loading?historyID=*');
      const first = progressIds(page.url());
      // After a bulk scan the selection is cleared (spec §4).
      await page.goBack();
      await page.getByTestId('group-row').first().waitFor();
      expect(await page.getByTestId('groups-bulk-bar').count()).toBe(0);
      await page.goForward();

      // --- the progress page: running and preparing (not [0/N]), Cancel after 1 s, then counts up to [N/N] ---
      const progress = page.getByTestId('scan-progress');
      const count = page.getByTestId('scan-progress-count');
      await expect.poll(() => progress.getAttribute('data-status')).toBe('running');
      await expect.poll(() => count.textContent()).toBe(s.progress.preparing);
      await page.getByTestId('scan-progress-typing').waitFor();
      await page.getByText(s.progress.wait).waitFor();
      await page.getByRole('button', { name: s.progress.cancel }).waitFor();
      await screenshot(page, `scan-progress-running-${lang}`);
      const seen = new Set<string>();
      const watch = setInterval(() => {
        void count.textContent({ timeout: 500 }).then(
          (t) => t && seen.add(latin(t)),
          () => undefined,
        );
      }, 250);
      child = startLabWorker(baseUrl, lab, worker.api_key, ['--country', COUNTRY[lang]]);
      let total = 0;
      try {
        await page.getByText(s.progress.complete).waitFor({ timeout: SCAN_MS });
        total = Number(/\/(\d+)\]/.exec(latin(await count.textContent()))![1]);
        expect(latin(await count.textContent())).toBe(`[${total}/${total}]`);
        await screenshot(page, `scan-progress-finished-${lang}`);
      } finally {
        clearInterval(watch);
      }
      expect(seen.has(s.progress.preparing)).toBe(true);
      expect([...seen].some((c) => c.startsWith('[0/'))).toBe(false);
      expect(seen.has(`[${total}/${total}]`)).toBe(true);
      // Finished: the scan's details open after 2 s.
      await page.waitForURL(new RegExp(`/scans/${first.scanId}$`), { timeout: 30_000 });

      // --- details: every planted weakness, on both ports, with its template's severity ---
      const rows = page.getByTestId('vuln-row');
      await rows.first().waitFor();
      const found = await runFindings(owner, first.scanId, first.historyId);
      expect([...new Set(found.map((v) => v.template_id))].sort()).toEqual([...PLANTED].sort());
      expect(found).toHaveLength(PLANTED.length * 2);
      await expect.poll(() => rows.count()).toBe(Math.min(10, found.length));
      for (const row of await rows.all()) {
        const id = await row.getAttribute('data-vuln-id');
        const v = found.find((f) => f.id === id)!;
        expect(v).toBeTruthy();
        expect(await row.locator('[data-severity]').getAttribute('data-severity')).toBe(
          severityOf.get(v.template_id),
        );
        expect(await row.getByTestId('vuln-status').getAttribute('data-status')).toBe('open');
      }
      await screenshot(page, `scan-details-${lang}`);

      // --- evidence, then triage: the medium finding on port 80 goes in progress ---
      const target = found.find((v) => v.template_id === FIXED && v.port === 80)!;
      await page.goto(`/scans/${first.scanId}?history=${first.historyId}&vuln=${target.id}`);
      const drawer = page.getByTestId('vuln-drawer');
      await drawer.waitFor();
      expect(await drawer.getByTestId('vuln-matched-at').textContent()).toBe(target.matched_at);
      expect(await drawer.getByTestId('vuln-request').textContent()).toContain('GET /.git/config');
      expect(await drawer.getByTestId('vuln-response').textContent()).toContain('[core]');
      expect(await drawer.getByTestId('vuln-curl').textContent()).toContain('curl');
      await screenshot(page, `scan-vuln-drawer-${lang}`);
      await drawer.getByTestId('vuln-status-select').selectOption('in_progress');
      await expect
        .poll(async () => (await api.scans.vulnerabilityById(target.id)).status)
        .toBe('in_progress');
      await expect
        .poll(() => drawer.getByTestId('vuln-status').first().getAttribute('data-status'))
        .toBe('in_progress');

      // --- a false positive needs a reason (issue 32): asked in the drawer, kept in the history ---
      await drawer.getByTestId('vuln-status-select').selectOption('false_positive');
      const why = drawer.getByTestId('triage-reason-form');
      await why.getByRole('button', { name: s.vuln.triage.save, exact: true }).click();
      await why.getByText(s.vuln.triage.reasonRequired).waitFor();
      expect((await api.scans.vulnerabilityById(target.id)).status).toBe('in_progress');
      await screenshot(page, `scan-vuln-reason-${lang}`);
      await why.getByLabel(s.vuln.triage.reason).fill(`lab copy ${lang}`);
      await why.getByRole('button', { name: s.vuln.triage.save, exact: true }).click();
      await expect
        .poll(async () => (await api.scans.vulnerabilityById(target.id)).status)
        .toBe('false_positive');
      const history = await api.findings.history(target.id);
      expect(history.some((h) => JSON.stringify(h).includes(`lab copy ${lang}`))).toBe(true);
      await why.waitFor({ state: 'detached' });
      // Back in progress (no reason asked), so the rescan below may mark it fixed.
      await drawer.getByTestId('vuln-status-select').selectOption('in_progress');
      await expect
        .poll(async () => (await api.scans.vulnerabilityById(target.id)).status)
        .toBe('in_progress');

      // --- fixed in the lab, rescanned: marked fixed, the rest still open ---
      expect(await lab.weaknesses.fix(site, FIXED)).toBe(true);
      await page.goto(`/scans/${first.scanId}`);
      await page.getByTestId('scan-run').click();
      await page.waitForURL('**/scans/*/loading?historyID=*');
      const second = progressIds(page.url());
      expect(second.scanId).toBe(first.scanId);
      expect(second.historyId).not.toBe(first.historyId);
      await page.getByText(s.progress.complete).waitFor({ timeout: SCAN_MS });
      await page.waitForURL(new RegExp(`/scans/${first.scanId}$`), { timeout: 30_000 });
      const after = await runFindings(owner, first.scanId, second.historyId);
      const fixed = after.filter((v) => v.template_id === FIXED);
      expect(fixed).toHaveLength(2);
      for (const v of fixed) expect(v.status).toBe('fixed');
      for (const v of after.filter((x) => x.template_id !== FIXED)) expect(v.status).toBe('open');
      await page.getByTestId('vuln-row').first().waitFor();
      await expect
        .poll(() =>
          page
            .locator(`[data-testid="vuln-row"][data-vuln-id="${target.id}"] [data-testid="vuln-status"]`)
            .getAttribute('data-status'),
        )
        .toBe('fixed');
      await screenshot(page, `scan-details-rescanned-${lang}`);

      // --- cancel a running scan (no worker, so it stays running) ---
      await stopLabWorker(child);
      child = null;
      const again = await openBulkScan(page, lang, groupName);
      await pickExposureTag(page, lang);
      await again.getByRole('button', { name: s.bulk.start }).click();
      await page.waitForURL('**/scans/*/loading?historyID=*');
      const third = progressIds(page.url());
      await page.getByRole('button', { name: s.progress.cancel }).click();
      await snackbar(page, s.progress.cancelSent);
      await page.waitForURL(/\/scans$/);
      expect((await api.scans.historyStatus(third.scanId, third.historyId)).status).toBe('cancelled');
      await page.goto(`/scans/${third.scanId}/loading?historyID=${third.historyId}`);
      await page.getByText(s.progress.cancelled).waitFor();
      expect(await page.getByRole('button', { name: s.progress.cancel }).count()).toBe(0);
      await screenshot(page, `scan-progress-cancelled-${lang}`);

      // --- home: the same numbers as the API ---
      await page.goto('/');
      const dashboard = await api.scans.dashboard();
      expect(dashboard.scans.total).toBe(2);
      const stat = (key: string) => page.getByTestId(`home-stat-${key}`).locator('[data-value]');
      const expected: Record<string, number> = {
        'scans-total': dashboard.scans.total,
        'scans-running': dashboard.scans.running,
        'scans-completed': dashboard.scans.completed,
        'scans-scheduled': dashboard.scans.scheduled,
        'asset-groups': dashboard.asset_groups,
        assets: dashboard.assets,
        'open-vulnerabilities': totalOf(dashboard.vulnerabilities),
      };
      for (const [key, value] of Object.entries(expected))
        await expect
          .poll(() => stat(key).getAttribute('data-value'), { timeout: 30_000 })
          .toBe(String(value));
      expect(totalOf(dashboard.vulnerabilities)).toBe((PLANTED.length - 1) * 2);
      for (const severity of BREAKDOWN_SEVERITIES) {
        const shown = page.getByTestId(`home-severity-${severity}`);
        expect(await shown.getAttribute('data-value')).toBe(String(dashboard.vulnerabilities[severity]));
        expect(await shown.textContent()).toBe(
          new Intl.NumberFormat(lang === 'fa' ? 'fa-IR' : 'en-US').format(
            dashboard.vulnerabilities[severity],
          ),
        );
      }
      const countries = page.getByTestId('home-worker-countries');
      await countries.locator(`[data-country="${COUNTRY[lang]}"]`).waitFor();
      await page.getByTestId('home-worker-map').locator(`[data-country="${COUNTRY[lang]}"]`).waitFor();
      await screenshot(page, `home-${lang}`);
      expect(errors).toEqual([]);
    } finally {
      await stopLabWorker(child);
      await context.close();
    }
  }, 600_000);
});
