import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApiClient, type Session, type Vulnerability } from '@didban/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Lab, startLab } from '../../../apps/server/test/helpers/lab';
import { enPanel } from '../../../apps/web/src/i18n/locales/en/panel';
import { scansEn } from '../../../apps/web/src/i18n/locales/en/scans';
import { faPanel } from '../../../apps/web/src/i18n/locales/fa/panel';
import { scansFa } from '../../../apps/web/src/i18n/locales/fa/scans';
import { type OastApp, type OastLab, startOastLab } from '../../../scripts/lab/src/oast/oast-lab';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { e2eLabSubnet } from '../support/lab-range';
import { startLabWorker, stopLabWorker } from '../support/lab-worker';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

// Out-of-band scanning as a user reaches it: a lab app with a blind SSRF and a blind XXE, the
// lab's interaction server (Didban's own) given to a self-hosted worker, the community templates
// that find them added as the user's own, and a scan made in the panel's scan form. The findings
// exist only because the app called back to the interaction server.
const baseUrl = inject('baseUrl');
const TEMPLATE_DIR = fileURLToPath(new URL('../../../scripts/lab/templates/oast/', import.meta.url));
const WORDS = {
  en: { scans: scansEn, workers: enPanel.workers },
  fa: { scans: scansFa, workers: faPanel.workers },
} as const;
const SCAN_MS = 180_000;
/** The YAML ids of the three community templates and what each finds. */
const EXPECTED = ['CVE-2022-3980', 'CVE-2023-27159', 'wanhu-teleconferenceservice-xxe'];

let browser: Browser;
let lab: Lab;
let oast: OastLab;

beforeAll(async () => {
  browser = await launchBrowser();
  lab = await startLab({ subnet: e2eLabSubnet(), plantDefaults: false });
  oast = await startOastLab(lab);
});
afterAll(async () => {
  await browser?.close();
  await oast?.stop();
  await lab?.stop();
});

const apiOf = (session: Session) =>
  createApiClient({ baseUrl, getToken: () => session.access, getLanguage: () => 'en' });

async function runFindings(session: Session, scanId: string, historyId: string): Promise<Vulnerability[]> {
  const api = apiOf(session);
  const all: Vulnerability[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.scans.historyVulnerabilities(scanId, historyId, { page, page_size: 100 });
    all.push(...answer.results);
    if (page >= answer.total_pages) return all;
  }
}

describe.each(['fa', 'en'] as const)('out-of-band scan of the lab in %s', (lang) => {
  const s = WORDS[lang].scans;
  const w = WORDS[lang].workers;

  it('a scan from the scan form finds the blind SSRF and the blind XXE through the interaction server; the worker page shows its gates', async () => {
    const owner = await register(baseUrl, newAccount(`oast${lang}`));
    const api = apiOf(owner);
    const app: OastApp = await oast.plant(`partners-${lang}.${lab.manifest().zone}`);
    // A worker group keeps the tasks on the lab worker (the built-in one has no interaction server here).
    const workerGroup = await api.workers.createGroup({ name: `oob-${lang}` });
    const worker = await api.workers.create({ name: `oob-${lang}`, group_id: workerGroup.id });
    let child: ChildProcess | null = startLabWorker(baseUrl, lab, worker.api_key, oast.workerArgs);
    try {
      // The community templates, as the user adds them (their own templates).
      const names: string[] = [];
      for (const file of readdirSync(TEMPLATE_DIR).sort()) {
        const saved = await api.templates.create({ yaml: readFileSync(`${TEMPLATE_DIR}${file}`, 'utf8') });
        names.push(saved.name);
      }
      const groupName = `Partners ${lang}`;
      const group = await api.assets.createGroup({
        name: groupName,
        roots: [app.name],
        port_setting: 'custom',
        custom_ports: '80',
        scan_frequency: 'none',
        worker_group: workerGroup.id,
      });
      await expect
        .poll(async () => (await api.assets.getGroup(group.id)).status, { timeout: SCAN_MS, interval: 1_000 })
        .toBe('finished');

      const { context, page, errors } = await openPage(browser, baseUrl, lang);
      try {
        // --- the worker's page: out-of-band on (its own server), the gates it reported ---
        await openSignedIn(page, owner, `/workers/${worker.worker.id}`);
        const gates = page.getByTestId('worker-gates');
        await gates.getByRole('heading', { name: w.gates.title }).waitFor({ timeout: 30_000 });
        const oob = gates.locator('[data-gate="interactsh"]');
        await expect.poll(() => oob.locator('dt').textContent()).toBe(w.gates.oast);
        expect(await oob.locator('dd').textContent()).toBe(w.gates.oastStates.own);
        expect(await gates.locator('[data-gate="self-contained"] dd').textContent()).toBe(
          w.gates.states['per-scan'],
        );
        expect(await gates.locator('[data-gate="self-contained"] dt').textContent()).toBe(
          w.gates.names['self-contained'],
        );
        await screenshot(page, `oast-worker-gates-${lang}`);
        await page.setViewportSize({ width: 375, height: 812 });
        await screenshot(page, `oast-worker-gates-${lang}-375`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(overflow).toBe(false);
        await page.setViewportSize({ width: 1280, height: 800 });

        // --- the scan form: the three templates picked by name, the self-contained opt-in ticked ---
        await page.goto('/scans');
        await page.getByTestId('new-scan').click();
        const form = page.getByTestId('scan-form');
        await form.getByLabel(s.form.name, { exact: true }).fill(`Out-of-band ${lang}`);
        await form.getByLabel(s.form.group, { exact: true }).selectOption({ label: groupName });
        const picker = form.getByTestId('template-picker');
        for (const name of names) {
          await picker.getByPlaceholder(s.form.templateSearch).fill(name);
          await picker.getByRole('checkbox', { name, exact: true }).check();
        }
        const optIn = form.getByRole('checkbox', { name: s.form.selfContained });
        expect(await optIn.isChecked()).toBe(false);
        await form.getByText(s.form.selfContainedHint).waitFor();
        await optIn.check();
        await screenshot(page, `oast-scan-form-${lang}`);
        await form.getByRole('button', { name: s.form.create }).click();
        await page.getByTestId('snackbar-message').filter({ hasText: s.list.created }).first().waitFor();
        await page.waitForURL('**/scans/*/loading?historyID=*');
        const match = /\/scans\/([^/]+)\/loading\?historyID=([^&]+)/.exec(page.url())!;
        const scanId = decodeURIComponent(match[1]!);
        const historyId = decodeURIComponent(match[2]!);
        expect((await api.scans.get(scanId)).self_contained).toBe(true);

        // --- finished: the details list the out-of-band findings ---
        await page.waitForURL(new RegExp(`/scans/${scanId}$`), { timeout: SCAN_MS });
        const found = await runFindings(owner, scanId, historyId);
        expect(found.map((v) => v.template_id).sort()).toEqual(EXPECTED);
        expect(new Set(found.map((v) => `${v.host}:${v.port}`))).toEqual(new Set([`${app.name}:80`]));
        await screenshot(page, `oast-details-${lang}`);
        const rows = page.getByTestId('vuln-row');
        await expect.poll(() => rows.count(), { timeout: 60_000, interval: 1_000 }).toBe(EXPECTED.length);
        const shown = await Promise.all((await rows.all()).map((row) => row.getAttribute('data-vuln-id')));
        expect(shown.sort()).toEqual(found.map((v) => v.id).sort());
        // The SSRF's evidence: the request that carried the callback host.
        const ssrf = found.find((v) => v.template_id === 'CVE-2023-27159')!;
        await page.goto(`/scans/${scanId}?history=${historyId}&vuln=${ssrf.id}`);
        const drawer = page.getByTestId('vuln-drawer');
        await drawer.waitFor();
        expect(await drawer.getByTestId('vuln-request').textContent()).toMatch(
          new RegExp(
            `GET /v1/avatars/favicon\\?url=http://[a-z0-9]{33}\\.${oast.domain.replaceAll('.', '\\.')}`,
          ),
        );
        await screenshot(page, `oast-findings-${lang}`);
        await page.setViewportSize({ width: 375, height: 812 });
        await screenshot(page, `oast-findings-${lang}-375`);
        // Every callback went to the interaction server: a DNS lookup and an HTTP request each.
        expect(app.fetched).toHaveLength(3);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    } finally {
      await stopLabWorker(child);
      child = null;
    }
  }, 400_000);
});
