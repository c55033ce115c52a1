import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  ACCEPTANCE_DEFAULT_DAYS,
  createApiClient,
  type Session,
  VULN_EXPORT_COLUMNS,
  type Vulnerability,
} from '@didban/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Lab, startLab } from '../../../apps/server/test/helpers/lab';
import { homeDashboardEn } from '../../../apps/web/src/i18n/locales/en/home-dashboard';
import { scansEn } from '../../../apps/web/src/i18n/locales/en/scans';
import { homeDashboardFa } from '../../../apps/web/src/i18n/locales/fa/home-dashboard';
import { scansFa } from '../../../apps/web/src/i18n/locales/fa/scans';
import { formatDate } from '../../../apps/web/src/lib/format-date';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { e2eLabSubnet } from '../support/lab-range';
import { startLabWorker, stopLabWorker } from '../support/lab-worker';
import { createTeam, newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

/**
 * The findings lifecycle in the panel (issue 32), against lab findings a real worker found: the
 * drawer's due date and overdue mark, assigning to a team member, a comment that mentions them
 * (they are notified), a retest whose verdict arrives, accepting the risk with its end date (90
 * days by default) — each in the history with who and when — then the list's overdue filter,
 * bulk actions on ticked rows and on "all N matching", the CSV export and the home page's overdue
 * count; in fa and en, at desktop size and at 375 px.
 */
const baseUrl = inject('baseUrl');
const WORDS = {
  en: { s: scansEn, home: homeDashboardEn },
  fa: { s: scansFa, home: homeDashboardFa },
} as const;
const TARGET = 'git-config-exposure';
const OTHER = 'dotenv-file-exposure';
const SCAN_MS = 180_000;
/** Past due dates set on both findings, so they are overdue while open. */
const PAST_DUE = '2026-11-01';

let browser: Browser;
let lab: Lab;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  lab = await startLab({ subnet: e2eLabSubnet() });
});
afterAll(async () => {
  for (const child of workers) await stopLabWorker(child);
  await browser?.close();
  await lab?.stop();
});

const clientOf = (session: Session, workspace: string | null) =>
  createApiClient({
    baseUrl,
    getToken: () => session.access,
    getLanguage: () => 'en',
    getWorkspace: () => workspace,
  });

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));
const num = (n: number, lang: 'fa' | 'en') =>
  new Intl.NumberFormat(lang === 'fa' ? 'fa-IR' : 'en-US').format(n);
const snackbar = (page: Page, text: string) =>
  page.getByTestId('snackbar-message').filter({ hasText: text }).first().waitFor({ timeout: 20_000 });

/** The page fits its width: nothing scrolls sideways at 375 px. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.each(['fa', 'en'] as const)('findings lifecycle in %s', (lang) => {
  const { s, home } = WORDS[lang];
  const l = s.lifecycle;

  it('drawer: due and overdue, assign, comment with a mention, retest verdict, accept with expiry, history; list: overdue filter, bulk actions, export; home count; 375 px', async () => {
    // --- a team of two; a worker of the team finds two planted weaknesses on port 80 ---
    const ownerAccount = newAccount(`flown${lang}`);
    const memberAccount = newAccount(`flmem${lang}`);
    const owner = await register(baseUrl, ownerAccount);
    const member = await register(baseUrl, memberAccount);
    const teamId = await createTeam(baseUrl, owner, `Findings ${lang}`);
    const api = clientOf(owner, teamId);
    await api.teams.invite(teamId, { email_or_username: memberAccount.username, role: 'user' });
    const memberApi = clientOf(member, null);
    const [invitation] = (await memberApi.invitations.mine()).results;
    await memberApi.invitations.accept(invitation?.id ?? '');

    const workerGroup = await api.workers.createGroup({ name: `fl-${lang}` });
    const worker = await api.workers.create({ name: `fl-${lang}`, group_id: workerGroup.id });
    const site = `life-${lang}.${lab.manifest().zone}`;
    await lab.weaknesses.plant(site, TARGET);
    await lab.weaknesses.plant(site, OTHER);
    workers.push(startLabWorker(baseUrl, lab, worker.api_key));
    const group = await api.assets.createGroup({
      name: `Life ${lang}`,
      roots: [site],
      port_setting: 'custom',
      custom_ports: '80',
      scan_frequency: 'none',
      worker_group: workerGroup.id,
    });
    await expect
      .poll(async () => (await api.assets.getGroup(group.id)).status, { timeout: SCAN_MS, interval: 1_000 })
      .toBe('finished');
    const scan = await api.scans.create({
      name: `Lifecycle ${lang}`,
      asset_group: [group.id],
      template_ids: [`public:${TARGET}`, `public:${OTHER}`],
      template_tags: [],
      worker_group: workerGroup.id,
    });
    const scanId = scan.id;
    const historyId = scan.scan_history_id!;
    await expect
      .poll(async () => (await api.scans.historyStatus(scanId, historyId)).status, {
        timeout: SCAN_MS,
        interval: 1_000,
      })
      .toBe('finished');
    const found = (await api.scans.historyVulnerabilities(scanId, historyId, { page_size: 100 })).results;
    expect(found.map((v) => v.template_id).sort()).toEqual([OTHER, TARGET].sort());
    const target = found.find((v) => v.template_id === TARGET)!;
    const other = found.find((v) => v.template_id === OTHER)!;
    // Both get a due date in the past (through the API, as the CLI would): overdue while open.
    for (const v of found) await api.findings.triage(v.id, { due_at: PAST_DUE });
    const byId = async (id: string) => (await api.scans.vulnerabilityById(id)) as Vulnerability;
    expect((await byId(target.id)).overdue).toBe(true);

    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await page.goto('/favicon.svg');
      await page.evaluate((id) => localStorage.setItem('didban.workspace', id), teamId);
      const drawerUrl = `/scans/${scanId}?history=${historyId}&vuln=${target.id}`;
      await openSignedIn(page, owner, drawerUrl);
      const drawer = page.getByTestId('vuln-drawer');
      const lifecycle = drawer.getByTestId('finding-lifecycle');
      await lifecycle.waitFor({ timeout: 30_000 });

      // --- due date and the overdue mark; the due date change in the history, by whom ---
      const due = lifecycle.getByTestId('vuln-due');
      expect(await due.getAttribute('data-overdue')).toBe('true');
      expect(await due.getByTestId('vuln-overdue').textContent()).toBe(l.overdue);
      const history = lifecycle.getByTestId('finding-history');
      const entry = (kind: string) => history.locator(`[data-testid="history-entry"][data-kind="${kind}"]`);
      await entry('due_date')
        .filter({
          hasText: fill(l.historyEntry.due_date, {
            who: ownerAccount.username,
            to: formatDate((await byId(target.id)).due_at!, lang),
          }),
        })
        .waitFor();

      // --- assign to the member ---
      await lifecycle.getByTestId('vuln-assignee').selectOption(memberAccount.username);
      await snackbar(page, fill(l.assigned, { who: memberAccount.username }));
      expect((await byId(target.id)).assignee?.username).toBe(memberAccount.username);
      await entry('assignee')
        .filter({
          hasText: fill(l.historyEntry.assignee, { who: ownerAccount.username, to: memberAccount.username }),
        })
        .waitFor();

      // --- a comment mentioning the member, picked from the suggestions; the member is notified ---
      const box = lifecycle.getByLabel(l.commentLabel);
      await box.fill(`${lang} please look @${memberAccount.username.slice(0, 5)}`);
      await lifecycle
        .getByTestId('mention-suggestions')
        .getByRole('button', { name: `@${memberAccount.username}` })
        .click();
      expect(await box.inputValue()).toBe(`${lang} please look @${memberAccount.username} `);
      await lifecycle.getByRole('button', { name: l.commentSend, exact: true }).click();
      await snackbar(page, l.commentSent);
      const comments = lifecycle.getByTestId('finding-comments');
      await comments.getByText(`${lang} please look @${memberAccount.username}`).waitFor();
      expect(await comments.getByTestId('comment-mentions').textContent()).toBe(
        fill(l.mentioned, { who: `@${memberAccount.username}` }),
      );
      const [stored] = await api.findings.comments(target.id);
      expect(stored?.mentions).toEqual([memberAccount.username]);
      await expect
        .poll(
          async () =>
            (await memberApi.notifications.history(1, 50)).results.filter(
              (n) => n.link === `/vulnerabilities/${target.id}`,
            ).length,
        )
        .toBeGreaterThanOrEqual(2); // assigned, then mentioned
      await entry('comment')
        .filter({ hasText: fill(l.historyEntry.comment, { who: ownerAccount.username }) })
        .waitFor();

      // --- retest now: the weakness is still there, so the verdict is "still vulnerable" ---
      await lifecycle.getByTestId('retest-button').click();
      await snackbar(page, l.retestQueued);
      // The worker runs it (a small task through the queue); then the drawer shows the verdict.
      await expect
        .poll(async () => (await api.findings.retests(target.id))[0]?.status, {
          timeout: SCAN_MS,
          interval: 1_000,
        })
        .toBe('done');
      const verdict = lifecycle.getByTestId('finding-retest').getByTestId('retest-verdict');
      await verdict.waitFor({ timeout: 30_000 });
      expect(await verdict.getAttribute('data-verdict')).toBe('still_vulnerable');
      expect(await verdict.textContent()).toBe(l.verdict.still_vulnerable);
      const [retest] = await api.findings.retests(target.id);
      expect(retest?.verdict).toBe('still_vulnerable');
      expect((await byId(target.id)).status).toBe('open');
      await entry('retest')
        .filter({
          hasText: fill(l.historyEntry.retest, {
            who: ownerAccount.username,
            verdict: l.verdict.still_vulnerable,
          }),
        })
        .waitFor();

      // --- accept the risk: a reason and an end date, 90 days from today by default ---
      await drawer.getByTestId('vuln-status-select').selectOption('accepted_risk');
      const why = drawer.getByTestId('triage-reason-form');
      const until = why.getByLabel(s.vuln.triage.until);
      const expectedUntil = new Date(Date.now() + ACCEPTANCE_DEFAULT_DAYS * 86_400_000)
        .toISOString()
        .slice(0, 10);
      expect(await until.inputValue()).toBe(expectedUntil);
      await why.getByLabel(s.vuln.triage.reason).fill(`behind the VPN ${lang}`);
      await why.getByRole('button', { name: s.vuln.triage.save, exact: true }).click();
      await expect.poll(async () => (await byId(target.id)).status).toBe('accepted_risk');
      const accepted = await byId(target.id);
      expect(accepted.accepted_until?.slice(0, 10)).toBe(expectedUntil);
      expect(accepted.status_reason).toBe(`behind the VPN ${lang}`);
      expect(accepted.overdue).toBe(false);
      await lifecycle
        .getByTestId('vuln-accepted-until')
        .filter({ hasText: fill(l.acceptedUntil, { date: formatDate(accepted.accepted_until!, lang) }) })
        .waitFor();
      await expect.poll(() => due.getAttribute('data-overdue')).toBe('false');
      await entry('status')
        .filter({ hasText: fill(l.reasonLine, { reason: `behind the VPN ${lang}` }) })
        .waitFor();
      // Every kind of change is in the history, newest first.
      const kinds = await history
        .getByTestId('history-entry')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
      expect(kinds.slice(0, 5)).toEqual(['status', 'retest', 'comment', 'assignee', 'due_date']);
      await screenshot(page, `findings-drawer-${lang}`);

      // --- the list: the overdue filter keeps the open overdue finding only ---
      await page.goto(`/scans/${scanId}?history=${historyId}`);
      const rows = page.getByTestId('vuln-row');
      await expect.poll(() => rows.count()).toBe(2);
      await page.getByTestId('vuln-overdue-filter').check();
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().getAttribute('data-vuln-id')).toBe(other.id);
      expect(await rows.first().getByTestId('vuln-overdue').textContent()).toBe(l.overdue);
      await screenshot(page, `findings-list-overdue-${lang}`);
      await page.getByTestId('vuln-overdue-filter').uncheck();
      await expect.poll(() => rows.count()).toBe(2);

      // --- bulk: both rows ticked, assigned to the member in one request ---
      await page.getByTestId('vuln-select-page').check();
      const bar = page.getByTestId('vuln-bulk-bar');
      expect(await bar.getByTestId('vuln-bulk-count').textContent()).toBe(
        fill(l.bulk.selected_other, { n: num(2, lang) }),
      );
      await bar.getByTestId('vuln-bulk-action').selectOption('assignee');
      await bar.getByTestId('vuln-bulk-assignee').selectOption(memberAccount.username);
      const bulkRequests: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/panel/vulnerabilities/bulk/')) bulkRequests.push(r.postData() ?? '');
      });
      await bar.getByTestId('vuln-bulk-apply').click();
      // The target was the member's already: 1 of 2 changed.
      await snackbar(page, fill(l.bulk.done, { changed: num(1, lang), matched: num(2, lang) }));
      expect(bulkRequests).toHaveLength(1);
      expect((await byId(other.id)).assignee?.username).toBe(memberAccount.username);
      await bar.waitFor({ state: 'detached' });

      // --- bulk on "all 2 matching" after ticking one: both back in progress ---
      await page
        .locator(`[data-testid="vuln-row"][data-vuln-id="${other.id}"] [data-testid="vuln-select"]`)
        .check();
      expect(await bar.getByTestId('vuln-bulk-count').textContent()).toBe(
        fill(l.bulk.selected_one, { n: num(1, lang) }),
      );
      await bar.getByTestId('vuln-select-all-matching').click();
      expect(await bar.getByTestId('vuln-bulk-count').textContent()).toBe(
        fill(l.bulk.allSelected_other, { n: num(2, lang) }),
      );
      await bar.getByTestId('vuln-bulk-status').selectOption('in_progress');
      await screenshot(page, `findings-bulk-${lang}`);
      await bar.getByTestId('vuln-bulk-apply').click();
      await snackbar(page, fill(l.bulk.done, { changed: num(2, lang), matched: num(2, lang) }));
      expect(bulkRequests).toHaveLength(2);
      for (const id of [target.id, other.id]) expect((await byId(id)).status).toBe('in_progress');
      // The rows say so without a reload (the list was refreshed).
      await expect
        .poll(() =>
          page
            .locator('[data-testid="vuln-row"] [data-testid="vuln-status"]')
            .evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))),
        )
        .toEqual(['in_progress', 'in_progress']);

      // --- export: the CSV of the list as filtered ---
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('vuln-export-csv').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^vulnerabilities-2-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
      expect(csv[0]).toBe(`\uFEFF${VULN_EXPORT_COLUMNS.join(',')}`);
      expect(
        csv
          .slice(1, 3)
          .map((line) => line.split(',')[0])
          .sort(),
      ).toEqual([target.id, other.id].sort());
      expect(csv.slice(1, 3).every((line) => line.includes(memberAccount.username))).toBe(true);

      // --- home: the open overdue count is the API's (both in progress and past due) ---
      await page.goto('/');
      const summary = await api.findings.summary();
      expect(summary.overdue).toBe(2);
      const overdueCount = page.getByTestId('home-sla-overdue');
      await expect.poll(() => overdueCount.locator('[data-value]').getAttribute('data-value')).toBe('2');
      expect(await overdueCount.textContent()).toBe(`${home.sla.overdue}${num(2, lang)}`);
      await screenshot(page, `findings-home-${lang}`);

      // --- the count opens the Findings page with exactly those two findings, of the whole workspace ---
      await overdueCount.click();
      await page.waitForURL('**/findings?overdue=1');
      await page.getByRole('heading', { name: s.findingsPage.title, level: 1 }).waitFor();
      expect(await page.getByTestId('vuln-overdue-filter').isChecked()).toBe(true);
      await expect.poll(() => page.getByTestId('vuln-row').count()).toBe(2);
      expect(
        (
          await page
            .getByTestId('vuln-row')
            .evaluateAll((els) => els.map((e) => e.getAttribute('data-vuln-id')))
        ).sort(),
      ).toEqual([target.id, other.id].sort());
      await screenshot(page, `findings-page-${lang}`);

      // --- 375 px: the drawer and the list fit the phone's width ---
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(drawerUrl);
      await lifecycle.getByTestId('finding-history').waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `findings-drawer-375-${lang}`);
      await page.goto(`/scans/${scanId}?history=${historyId}`);
      await rows.first().waitFor();
      await page.getByTestId('vuln-select-page').check();
      await page.getByTestId('vuln-bulk-bar').waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `findings-list-375-${lang}`);
      expect(errors).toEqual([]);
    } catch (error) {
      await screenshot(page, `findings-failure-${lang}`).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  }, 600_000);
});
