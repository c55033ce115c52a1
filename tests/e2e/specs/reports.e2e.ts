/**
 * Reports in the panel (issue 33), in fa and en: a lab scan's run reported from its details page
 * (the dialog follows the report until it is ready, then downloads it: the PDF's text names the
 * finding), a workspace report in HTML from /reports (it opens offline with no request leaving
 * the page), both listed, one deleted after confirming; the asset group's Report action scopes
 * to the group.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApiClient, type Session, type Vulnerability } from '@didban/core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Lab, startLab } from '../../../apps/server/test/helpers/lab';
import { reportText } from '../../../apps/web/src/components/reports/reports-text';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { foreignTextProblems } from '../support/fa-text';
import { e2eLabSubnet } from '../support/lab-range';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

const baseUrl = inject('baseUrl');
const LAB_MS = 240_000;
const REPORT_MS = 150_000;
const WEAKNESS = 'git-config-exposure';

let browser: Browser;
let lab: Lab;
let owner: Session;
let groupId: string;
let scanId: string;
let historyId: string;
let findings: Vulnerability[];
const out = mkdtempSync(join(tmpdir(), 'didban-reports-e2e-'));

const apiOf = (session: Session) =>
  createApiClient({ baseUrl, getToken: () => session.access, getLanguage: () => 'en' });

/** expect.poll belongs to tests: the setup waits with this (generous, the machine is loaded). */
async function until(what: string, done: () => Promise<boolean>) {
  const deadline = Date.now() + LAB_MS;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what} did not finish in ${LAB_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

// One lab scan for both languages: a weak site (its .git/config exposed) watched by its address,
// so the server's built-in worker discovers and scans it.
beforeAll(
  async () => {
    browser = await launchBrowser();
    lab = await startLab({ subnet: e2eLabSubnet(), plantDefaults: false });
    const site = await lab.weaknesses.plant(`report.${lab.manifest().zone}`, WEAKNESS);
    owner = await register(baseUrl, newAccount('report'));
    const api = apiOf(owner);
    const group = await api.assets.createGroup({
      name: 'Report lab',
      roots: [site.ip],
      port_setting: 'custom',
      custom_ports: '80',
      scan_frequency: 'none',
    });
    groupId = group.id;
    await until('discovery', async () => (await api.assets.getGroup(group.id)).status === 'finished');
    const started = await api.scans.bulkCreate({
      name: 'Weekly lab scan',
      asset_groups: [group.id],
      template_ids: [`public:${WEAKNESS}`],
    });
    scanId = started.scan_id;
    historyId = started.scan_history_id!;
    await until('scan', async () => (await api.scans.historyStatus(scanId, historyId)).status === 'finished');
    findings = (await api.scans.historyVulnerabilities(scanId, historyId, { page: 1, page_size: 100 }))
      .results;
    if (!findings.length) throw new Error('the lab scan found nothing');
  },
  LAB_MS * 2 + 60_000,
);

afterAll(async () => {
  await browser?.close();
  await lab?.stop();
});

/** Click a button that saves a file and keep the file; its name and path. */
async function downloadFrom(page: Page, button: Locator, name: string) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
  const path = join(out, name);
  await download.saveAs(path);
  return { path, suggested: download.suggestedFilename() };
}

/** Both languages share the owner: each test starts with an empty list. */
async function deleteAllReports() {
  const api = apiOf(owner);
  for (const r of (await api.reports.list()).results) await api.reports.delete(r.id);
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

describe.each(['fa', 'en'] as const)('reports in %s', (lang) => {
  const t = reportText(lang);

  it(
    "a scan run's PDF from its details page, a workspace HTML from /reports, listed, downloaded, one deleted",
    async () => {
      const api = apiOf(owner);
      const title = findings[0]!.template_name;
      const { context, page, errors } = await openPage(browser, baseUrl, lang);
      try {
        // --- the scan's details: Report → dialog scoped to the run ---
        await openSignedIn(page, owner, `/scans/${scanId}?history=${historyId}`);
        await page.getByRole('button', { name: t('reportButton'), exact: true }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('heading', { name: t('dialogTitle') }).waitFor();
        expect(await dialog.getByTestId('report-scope').textContent()).toBe(
          `${t('scope.scan_run')}: Weekly lab scan`,
        );
        // The report's language follows the panel's; technical preset prints the findings.
        expect(await dialog.getByLabel(t('language'), { exact: true }).inputValue()).toBe(lang);
        expect(await dialog.getByLabel(t('section.findings'), { exact: true }).isChecked()).toBe(true);
        await dialog.getByRole('radio', { name: t('preset.executive'), exact: true }).check();
        expect(await dialog.getByLabel(t('section.findings'), { exact: true }).isChecked()).toBe(false);
        await dialog.getByRole('radio', { name: t('preset.technical'), exact: true }).check();
        await screenshot(page, `reports-dialog-${lang}`);
        await dialog.getByRole('button', { name: t('generate'), exact: true }).click();
        const status = dialog.getByTestId('report-status');
        await expect.poll(() => status.getAttribute('data-status'), { timeout: REPORT_MS }).toBe('done');
        await dialog.getByText(t('ready')).waitFor();
        await screenshot(page, `reports-dialog-ready-${lang}`);
        const pdf = await downloadFrom(
          page,
          dialog.getByRole('button', { name: t('downloadAs', { format: 'PDF' }) }),
          `run-${lang}.pdf`,
        );
        expect(pdf.suggested).toMatch(/^didban-report-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.pdf$/);
        expect(readFileSync(pdf.path).subarray(0, 5).toString()).toBe('%PDF-');
        const text = execFileSync('pdftotext', ['-layout', pdf.path, '-'], { encoding: 'utf8' });
        expect(text).toContain(title);
        expect(text).toContain(lang === 'fa' ? 'گزارش امنیتی' : 'Security report');
        // Findings grouped by template: its heading (id and count) once above its findings.
        expect(text.split(WEAKNESS).length - 1).toBeGreaterThanOrEqual(1);
        if (lang === 'en') expect(text).toContain(`Occurrences: ${findings.length}`);
        else expect(text).toContain('موارد');
        if (lang === 'fa') expect(text).toMatch(/[۰-۹]/);
        else expect(text).not.toMatch(/[۰-۹]/);

        // --- /reports: the run's report is listed; a workspace report in HTML ---
        await dialog.getByRole('link', { name: t('openReports') }).click();
        await page.waitForURL('**/reports');
        await page.getByRole('heading', { name: t('title'), level: 1 }).waitFor();
        const rows = page.getByTestId('report-row');
        await expect.poll(() => rows.count()).toBe(1);
        expect(await rows.first().textContent()).toContain(`${t('scope.scan_run')}: Weekly lab scan`);
        await rows.first().getByText(t('status.done'), { exact: true }).waitFor();

        await page.getByRole('button', { name: t('newReport') }).click();
        expect(await dialog.getByTestId('report-scope').textContent()).toBe(t('scope.workspace'));
        await dialog.getByLabel(t('format'), { exact: true }).selectOption('html');
        await dialog.getByRole('button', { name: t('generate'), exact: true }).click();
        await expect
          .poll(() => dialog.getByTestId('report-status').getAttribute('data-status'), { timeout: REPORT_MS })
          .toBe('done');
        await dialog.getByRole('button', { name: t('close'), exact: true }).click();
        await expect.poll(() => rows.count()).toBe(2);
        const htmlRow = rows.filter({ hasText: t('scope.workspace') });
        await htmlRow.getByText(t('status.done'), { exact: true }).waitFor();
        await screenshot(page, `reports-list-${lang}`);
        expect(await foreignTextProblems(page, lang)).toEqual([]);
        const html = await downloadFrom(
          page,
          htmlRow.getByRole('button', { name: t('downloadAs', { format: 'HTML' }) }),
          `workspace-${lang}.html`,
        );
        expect(html.suggested).toMatch(/\.html$/);
        const source = readFileSync(html.path, 'utf8');
        expect(source).toContain(title);
        // The workspace's findings (this lab scan's, all of one template) under one template heading.
        expect(source.split('<div class="tpl"').length - 1).toBe(1);
        expect(source.split('<article class="finding"').length - 1).toBe(findings.length);

        // The HTML file opens offline: nothing it asks for leaves the file.
        const offline = await browser.newContext({ offline: true });
        try {
          const viewer = await offline.newPage();
          const requests: string[] = [];
          viewer.on('request', (r) => {
            if (!/^(file|data|blob|about):/.test(r.url())) requests.push(r.url());
          });
          await viewer.goto(pathToFileURL(html.path).href);
          await viewer.getByText(title).first().waitFor();
          expect(await viewer.evaluate(() => document.documentElement.dir)).toBe(
            lang === 'fa' ? 'rtl' : 'ltr',
          );
          await viewer.waitForTimeout(500);
          expect(requests).toEqual([]);
        } finally {
          await offline.close();
        }

        // --- delete asks first, then the report and its file are gone ---
        await htmlRow.getByRole('button', { name: t('delete'), exact: true }).click();
        const confirm = page.getByRole('dialog');
        await confirm.getByRole('heading', { name: t('deleteTitle') }).waitFor();
        await confirm.getByRole('button', { name: t('delete'), exact: true }).click();
        await expect.poll(() => rows.count()).toBe(1);
        const left = await api.reports.list();
        expect(left.results.map((r) => r.scope_kind)).toEqual(['scan_run']);

        // --- phone width ---
        await page.setViewportSize({ width: 375, height: 800 });
        await screenshot(page, `reports-list-375-${lang}`);
        expect(await noSideScroll(page)).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
        await deleteAllReports();
      }
    },
    REPORT_MS * 3,
  );

  it(
    "the vulnerability list's Report takes the list's filters as the report's scope",
    async () => {
      const { context, page, errors } = await openPage(browser, baseUrl, lang);
      const severity = findings[0]!.severity;
      try {
        await openSignedIn(page, owner, `/scans/${scanId}?history=${historyId}`);
        await page.getByTestId(`severity-chip-${severity}`).click();
        await page.getByRole('button', { name: t('reportList'), exact: true }).click();
        const dialog = page.getByRole('dialog');
        expect(await dialog.getByTestId('report-scope').textContent()).toBe(t('scope.scan_run'));
        expect(await dialog.getByTestId('report-filters').textContent()).toContain(t('filterSeverity'));
        await dialog.getByLabel(t('format'), { exact: true }).selectOption('html');
        await screenshot(page, `reports-list-filters-dialog-${lang}`);
        await dialog.getByRole('button', { name: t('generate'), exact: true }).click();
        await expect
          .poll(() => dialog.getByTestId('report-status').getAttribute('data-status'), { timeout: REPORT_MS })
          .toBe('done');
        const [report] = (await apiOf(owner).reports.list()).results;
        expect(report).toMatchObject({
          scope_kind: 'scan_run',
          format: 'html',
          findings: findings.filter((f) => f.severity === severity).length,
        });
        expect(report!.scope).toMatchObject({ history_id: historyId, severity: [severity] });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
        await deleteAllReports();
      }
    },
    REPORT_MS * 2,
  );

  it(
    "an asset group's Report action scopes the report to the group",
    async () => {
      const { context, page, errors } = await openPage(browser, baseUrl, lang, 'mobile');
      try {
        await openSignedIn(page, owner, `/assets/${groupId}`);
        await page.getByRole('button', { name: t('reportButton'), exact: true }).click();
        const dialog = page.getByRole('dialog');
        expect(await dialog.getByTestId('report-scope').textContent()).toBe(
          `${t('scope.group')}: Report lab`,
        );
        await dialog.getByRole('radio', { name: t('preset.executive'), exact: true }).check();
        await screenshot(page, `reports-group-dialog-375-${lang}`);
        await dialog.getByRole('button', { name: t('generate'), exact: true }).click();
        await expect
          .poll(() => dialog.getByTestId('report-status').getAttribute('data-status'), { timeout: REPORT_MS })
          .toBe('done');
        const [report] = (await apiOf(owner).reports.list()).results;
        expect(report).toMatchObject({
          scope_kind: 'group',
          preset: 'executive',
          format: 'pdf',
          lang,
          sections: ['cover', 'summary', 'charts', 'inventory'],
        });
        expect(report!.scope.group_id).toBe(groupId);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
        await deleteAllReports();
      }
    },
    REPORT_MS * 2,
  );

  it('a weekly or monthly report mailed through an email channel is added on /reports, listed, and stopped', async () => {
    const api = apiOf(owner);
    const channel = await api.alerts.createChannel({
      name: `Reports mail ${lang}`,
      kind: 'email',
      language: lang,
      settings: { recipients: ['security-team@example.test'] },
    });
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await openSignedIn(page, owner, '/reports');
      const form = page.getByTestId('report-schedule-form');
      await form.getByLabel(t('channel'), { exact: true }).selectOption(channel.id);
      await form.getByLabel(t('cadence'), { exact: true }).selectOption('monthly');
      await form.getByRole('button', { name: t('addSchedule') }).click();
      await page
        .getByTestId('snackbar-message')
        .filter({ hasText: t('scheduleAdded') })
        .first()
        .waitFor();
      const row = page.getByTestId('report-schedules').getByRole('listitem');
      await expect.poll(() => row.count()).toBe(1);
      const text = await row.first().textContent();
      expect(text).toContain(t('cadence.monthly'));
      expect(text).toContain(`Reports mail ${lang}`);
      const [schedule] = await api.reports.listSchedules();
      expect(schedule).toMatchObject({
        channel_id: channel.id,
        cadence: 'monthly',
        preset: 'executive',
        format: 'pdf',
        lang,
      });
      expect(Date.parse(schedule!.next_run_at!)).toBeGreaterThan(Date.now());
      await screenshot(page, `reports-schedules-${lang}`);
      await row
        .first()
        .getByRole('button', { name: t('stopSchedule') })
        .click();
      await page.getByText(t('schedulesEmpty')).waitFor();
      expect(await api.reports.listSchedules()).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await api.alerts.deleteChannel(channel.id);
    }
  });
});
