import type { ChildProcess } from 'node:child_process';
import { createApiClient, type Session, translate, type Vulnerability } from '@didban/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Lab, startLab } from '../../../apps/server/test/helpers/lab';
import { scansEn } from '../../../apps/web/src/i18n/locales/en/scans';
import { scansFa } from '../../../apps/web/src/i18n/locales/fa/scans';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { e2eLabSubnet } from '../support/lab-range';
import { startLabWorker, stopLabWorker } from '../support/lab-worker';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

const baseUrl = inject('baseUrl');
// The panel's own words, so the spec reads exactly what a user reads.
const WORDS = { en: scansEn, fa: scansFa } as const;
const SCAN_MS = 180_000;

/** Two weaknesses of the public library planted on the lab site: one medium, one high. */
const PLANTED = {
  'git-config-exposure': { name: 'Git repository configuration exposed', severity: 'medium' },
  'dotenv-file-exposure': { name: 'Environment file (.env) exposed', severity: 'high' },
} as const;

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

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));

const snackbar = (page: Page, text: string) =>
  page.getByTestId('snackbar-message').filter({ hasText: text }).first().waitFor();

const rowOf = (page: Page, name: string) =>
  page.getByTestId('scan-row').filter({ has: page.getByRole('link', { name, exact: true }) });

const rowNames = (page: Page) => page.getByTestId('scan-row').getByRole('link').allTextContents();

/** The four counters show what the API counts. */
async function expectStatistics(page: Page, session: Session) {
  const stats = await apiOf(session).scans.statistics();
  for (const key of ['total', 'running', 'completed', 'scheduled'] as const)
    await expect
      .poll(() =>
        page.getByTestId(`scan-stat-${key}`).getByTestId('scan-stat-value').getAttribute('data-value'),
      )
      .toBe(String(stats[key]));
  return stats;
}

async function historyFindings(session: Session, scanId: string, historyId: string) {
  const answer = await apiOf(session).scans.historyVulnerabilities(scanId, historyId, { page_size: 100 });
  return answer.results;
}

describe.each(['fa', 'en'] as const)('/scans and a scan’s details in %s', (lang) => {
  const s = WORDS[lang];

  it('creates scans through the form (§5 first), searches, filters, opens a finding, triages it, edits, runs, cancels and deletes', async () => {
    const owner = await register(baseUrl, newAccount(`scl${lang}`));
    const api = apiOf(owner);
    const site = `list-${lang}.${lab.manifest().zone}`;
    for (const id of Object.keys(PLANTED)) await lab.weaknesses.plant(site, id);
    // The lab worker in a group of its own, the asset group's: only it takes the group's discovery
    // and scan tasks (the server's built-in worker cannot resolve lab names).
    const workers = await api.workers.createGroup({ name: `Lab workers ${lang}` });
    const worker = await api.workers.create({ name: `list-${lang}`, group_id: workers.id });
    let child: ChildProcess | null = startLabWorker(baseUrl, lab, worker.api_key);
    const { page, errors } = await openPage(browser, baseUrl, lang);
    try {
      // --- a lab group: the weak site on 80 and 443, discovered by the worker ---
      const groupName = `Lab ${lang}`;
      const group = await api.assets.createGroup({
        name: groupName,
        roots: [site],
        port_setting: 'custom',
        custom_ports: '80,443',
        scan_frequency: 'none',
        worker_group: workers.id,
      });
      await expect
        .poll(async () => (await api.assets.getGroup(group.id)).status, { timeout: SCAN_MS, interval: 1_000 })
        .toBe('finished');
      const assets = (await api.assets.groupAssets(group.id, { page_size: 100 })).results;
      expect(assets.map((a) => `${a.host}:${a.port}`).sort()).toEqual([`${site}:443`, `${site}:80`]);

      await openSignedIn(page, owner, '/scans');
      await page.getByRole('heading', { name: s.title, level: 1 }).waitFor();
      await page.getByText(s.list.empty).waitFor();
      await expectStatistics(page, owner);

      // --- the form: §5 messages first, then a weekly scan (created, not run) ---
      await page.getByTestId('new-scan').click();
      let form = page.getByTestId('scan-form');
      await form.getByRole('heading', { name: s.form.createTitle }).waitFor();
      await form.getByRole('button', { name: s.form.create }).click();
      for (const key of ['scans.name_required', 'scans.group_required', 'scans.templates_required'] as const)
        await form.getByText(translate(key, lang), { exact: true }).waitFor();
      expect(await api.scans.list()).toMatchObject({ results: [] });
      await screenshot(page, `scans-form-errors-${lang}`);

      await form.getByLabel(s.form.name, { exact: true }).fill(`Nightly ${lang}`);
      await form.getByLabel(s.form.group, { exact: true }).selectOption({ label: groupName });
      const tags = form.getByTestId('tag-picker');
      await tags.getByPlaceholder(s.form.tagSearch).fill('exposure');
      await tags.getByRole('checkbox', { name: 'exposure', exact: true }).check();
      await form.getByLabel(s.form.frequency, { exact: true }).selectOption('custom');
      await form.getByRole('button', { name: s.form.create }).click();
      await form.getByText(translate('scans.schedule_weekdays_required', lang)).waitFor();
      await form.getByRole('group', { name: s.form.weekdays }).getByRole('checkbox').nth(1).check();
      await form.getByLabel(s.form.startTime, { exact: true }).fill('2030-01-07T03:30');
      await expect.poll(() => form.locator('[data-field-error]').count()).toBe(0);
      await screenshot(page, `scans-form-${lang}`);
      await form.getByRole('button', { name: s.form.create }).click();
      await snackbar(page, s.list.scheduled);
      await form.waitFor({ state: 'detached' });
      const nightly = rowOf(page, `Nightly ${lang}`);
      await nightly.waitFor();
      expect(await nightly.getByTestId('scan-status').getAttribute('data-status')).toBe('scheduled');
      const [stored] = (await api.scans.list({ search: 'Nightly' })).results;
      expect(stored).toMatchObject({
        name: `Nightly ${lang}`,
        asset_group: group.id,
        template_tags: ['exposure'],
        latest_history: null,
        schedule: {
          frequency: 'custom',
          custom_weekdays: [1],
          start_time: new Date('2030-01-07T03:30').toISOString(),
        },
      });

      // --- a scan run now, with two templates picked by name: it opens its progress page ---
      await page.getByTestId('new-scan').click();
      form = page.getByTestId('scan-form');
      await form.getByLabel(s.form.name, { exact: true }).fill(`Now ${lang}`);
      await form.getByLabel(s.form.group, { exact: true }).selectOption({ label: groupName });
      const templates = form.getByTestId('template-picker');
      for (const { name } of Object.values(PLANTED)) {
        await templates.getByPlaceholder(s.form.templateSearch).fill(name);
        await templates.getByRole('checkbox', { name, exact: true }).check();
      }
      await form.getByRole('button', { name: s.form.create }).click();
      await snackbar(page, s.list.created);
      await page.waitForURL('**/scans/*/loading?historyID=*');
      const match = /\/scans\/([^/]+)\/loading\?historyID=([^&]+)/.exec(page.url())!;
      const scanId = decodeURIComponent(match[1]!);
      const historyId = decodeURIComponent(match[2]!);
      await expect
        .poll(async () => (await api.scans.historyStatus(scanId, historyId)).status, {
          timeout: SCAN_MS,
          interval: 1_000,
        })
        .toBe('finished');

      // --- the list: statistics, search (500 ms), a status filter ---
      await page.goto('/scans');
      await rowOf(page, `Now ${lang}`).waitFor();
      const stats = await expectStatistics(page, owner);
      expect(stats).toMatchObject({ total: 2, completed: 1, scheduled: 1 });
      expect(await rowOf(page, `Now ${lang}`).getByTestId('scan-status').getAttribute('data-status')).toBe(
        'finished',
      );
      await screenshot(page, `scans-list-${lang}`);
      await page.getByTestId('scan-search').fill('nightly');
      await expect.poll(() => rowNames(page)).toEqual([`Nightly ${lang}`]);
      await page.getByTestId('scan-search').fill('');
      await expect.poll(async () => (await rowNames(page)).length).toBe(2);

      await page.getByTestId('add-filters').click();
      await page.getByTestId('filter-type-status').hover();
      await page.locator('[data-testid="filter-option"][data-value="finished"]').click();
      await page.keyboard.press('Escape');
      await expect.poll(() => rowNames(page)).toEqual([`Now ${lang}`]);
      expect(await page.getByTestId('filter-badge').textContent()).toBe(
        `${s.filters.keys.status}: ${s.status.finished}`,
      );
      await screenshot(page, `scans-list-filtered-${lang}`);
      await page.getByTestId('clear-filters').click();
      await expect.poll(async () => (await rowNames(page)).length).toBe(2);

      // --- details: the run, its findings, a severity chip ---
      await page.getByRole('link', { name: `Now ${lang}`, exact: true }).click();
      await page.waitForURL(new RegExp(`/scans/${scanId}$`));
      await page.getByRole('heading', { name: `Now ${lang}`, level: 1 }).waitFor();
      const history = page.getByTestId('history-row');
      await history.first().waitFor();
      expect(await history.count()).toBe(1);
      expect(await history.getByTestId('scan-status').getAttribute('data-status')).toBe('finished');
      expect(
        (await history.getByTestId('history-progress').textContent())?.replace(/[۰-۹]/g, (d) =>
          String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)),
        ),
      ).toMatch(/^\[(\d+)\/\1\]$/);
      const found: Vulnerability[] = await historyFindings(owner, scanId, historyId);
      expect(found.map((v) => `${v.template_id}:${v.port}`).sort()).toEqual([
        'dotenv-file-exposure:443',
        'dotenv-file-exposure:80',
        'git-config-exposure:443',
        'git-config-exposure:80',
      ]);
      const rows = page.getByTestId('vuln-row');
      await expect.poll(() => rows.count()).toBe(4);
      for (const row of await rows.all()) {
        const id = await row.getAttribute('data-vuln-id');
        const finding = found.find((f) => f.id === id)!;
        const planted = PLANTED[finding.template_id as keyof typeof PLANTED];
        expect(await row.locator('[data-severity]').getAttribute('data-severity')).toBe(planted.severity);
        expect(await row.getByTestId('vuln-status').getAttribute('data-status')).toBe('open');
      }
      await page.getByTestId('severity-chip-high').click();
      await expect.poll(() => rows.count()).toBe(2);
      for (const row of await rows.all())
        expect(await row.locator('[data-severity]').getAttribute('data-severity')).toBe('high');
      await page.getByTestId('severity-chip-high').click();
      await expect.poll(() => rows.count()).toBe(4);
      await screenshot(page, `scan-detail-${lang}`);

      // --- the drawer: evidence and curl, then triage to in progress ---
      const target = found.find((v) => v.template_id === 'git-config-exposure' && v.port === 80)!;
      await page
        .locator(`[data-testid="vuln-row"][data-vuln-id="${target.id}"]`)
        .getByRole('button', { name: PLANTED['git-config-exposure'].name })
        .click();
      const drawer = page.getByTestId('vuln-drawer');
      await drawer.getByRole('heading', { name: PLANTED['git-config-exposure'].name }).waitFor();
      expect(page.url()).toContain(`vuln=${target.id}`);
      expect(await drawer.getByTestId('vuln-matched-at').textContent()).toBe(target.matched_at);
      expect(await drawer.getByTestId('vuln-request').textContent()).toContain('GET /.git/config');
      expect(await drawer.getByTestId('vuln-response').textContent()).toContain('[core]');
      expect(await drawer.getByTestId('vuln-curl').textContent()).toMatch(/^curl /);
      await drawer.getByText(s.vuln.drawer.affected, { exact: true }).waitFor();
      await screenshot(page, `scan-vuln-drawer-${lang}`);
      await drawer.getByTestId('vuln-status-select').selectOption('in_progress');
      await snackbar(page, fill(s.vuln.drawer.statusChanged, { status: s.vuln.status.in_progress }));
      expect((await api.scans.vulnerabilityById(target.id)).status).toBe('in_progress');
      await expect
        .poll(() => drawer.getByTestId('vuln-status').first().getAttribute('data-status'))
        .toBe('in_progress');
      await drawer.getByRole('button', { name: s.vuln.drawer.close, exact: true }).click();
      await drawer.waitFor({ state: 'detached' });
      await expect
        .poll(() =>
          page
            .locator(`[data-testid="vuln-row"][data-vuln-id="${target.id}"] [data-testid="vuln-status"]`)
            .getAttribute('data-status'),
        )
        .toBe('in_progress');
      // Only the changed one: the status filter shows it alone.
      await page.getByTestId('vuln-status-filter').selectOption('in_progress');
      await expect.poll(() => rows.count()).toBe(1);

      // --- edit: the custom schedule becomes weekly (the scan and its schedule are patched) ---
      await page.goto('/scans');
      await rowOf(page, `Nightly ${lang}`).getByTestId('scan-actions').click();
      await page.getByRole('menuitem', { name: s.list.actions.edit }).click();
      form = page.getByTestId('scan-form');
      await form.getByRole('heading', { name: s.form.editTitle }).waitFor();
      expect(await form.getByLabel(s.form.name, { exact: true }).inputValue()).toBe(`Nightly ${lang}`);
      expect(await form.getByLabel(s.form.startTime, { exact: true }).inputValue()).toBe('2030-01-07T03:30');
      await form.getByLabel(s.form.name, { exact: true }).fill(`Weekly ${lang}`);
      await form.getByLabel(s.form.frequency, { exact: true }).selectOption('weekly');
      await form.getByRole('button', { name: s.form.save }).click();
      await snackbar(page, s.list.updated);
      await rowOf(page, `Weekly ${lang}`).waitFor();
      expect((await api.scans.get(stored!.id)).schedule).toMatchObject({
        frequency: 'weekly',
        custom_weekdays: [],
      });

      // --- run now without a worker, so it stays in flight, then cancel it from the list ---
      await stopLabWorker(child);
      child = null;
      await rowOf(page, `Now ${lang}`).getByTestId('scan-actions').click();
      await page.getByRole('menuitem', { name: s.list.actions.run }).click();
      await page.waitForURL('**/scans/*/loading?historyID=*');
      const rerun = decodeURIComponent(/historyID=([^&]+)/.exec(page.url())![1]!);
      expect(rerun).not.toBe(historyId);
      await page.goto('/scans');
      await expect
        .poll(() => rowOf(page, `Now ${lang}`).getByTestId('scan-status').getAttribute('data-status'))
        .toMatch(/^(initializing|running)$/);
      await rowOf(page, `Now ${lang}`).getByTestId('scan-actions').click();
      await page.getByRole('menuitem', { name: s.list.actions.cancel }).click();
      await snackbar(page, s.list.cancelSent);
      expect((await api.scans.historyStatus(scanId, rerun)).status).toBe('cancelled');
      await expect
        .poll(() => rowOf(page, `Now ${lang}`).getByTestId('scan-status').getAttribute('data-status'))
        .toBe('cancelled');

      // --- delete the weekly scan, after confirming ---
      await rowOf(page, `Weekly ${lang}`).getByTestId('scan-actions').click();
      await page.getByRole('menuitem', { name: s.list.actions.delete }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText(fill(s.list.deleteBody, { name: `Weekly ${lang}` })).waitFor();
      await confirm.getByRole('button', { name: s.list.deleteConfirm }).click();
      await snackbar(page, s.list.deleted);
      await expect.poll(() => rowNames(page)).toEqual([`Now ${lang}`]);
      expect((await expectStatistics(page, owner)).total).toBe(1);
      expect(errors).toEqual([]);
    } catch (error) {
      // What the page showed when a step failed, for whoever reads the failure.
      await screenshot(page, `scans-list-failure-${lang}`).catch(() => undefined);
      throw error;
    } finally {
      await stopLabWorker(child);
      child = null;
      await page.context().close();
    }
  }, 600_000);
});
