import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetsGroupsEn } from '../../../apps/web/src/i18n/locales/en/assets-groups';
import { scansEn } from '../../../apps/web/src/i18n/locales/en/scans';
import { scansRunEn } from '../../../apps/web/src/i18n/locales/en/scans-run';
import { assetsGroupsFa } from '../../../apps/web/src/i18n/locales/fa/assets-groups';
import { scansFa } from '../../../apps/web/src/i18n/locales/fa/scans';
import { scansRunFa } from '../../../apps/web/src/i18n/locales/fa/scans-run';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';
import { TEXT } from '../support/texts';

/**
 * `pnpm demo` as a newcomer runs it: one command, then the panel. The demo's own server (lab
 * resolver, lab-only scan scope) also hosts the second walk: a brand-new account from sign-up to
 * its first finding using only what the panel shows.
 */
const REPO = fileURLToPath(new URL('../../..', import.meta.url));
// Issue 16 asks for a first finding within two minutes; that is measured (printed here and in
// docs/benchmarks.md), not asserted: a timed test fails on a busy machine, not on a slow demo.
const FIRST_FINDING_MS = 300_000;
// The demo's server also runs the scan (built-in worker): pages answer slower than on the idle
// suite server, so each step may take longer, not fail.
const STEP_MS = 30_000;
const PATHS_NEW_GROUP = '/assets/groups?new=1'; // home's "Start here" link
const WORDS = {
  en: { groups: assetsGroupsEn, scans: { ...scansEn, ...scansRunEn } },
  fa: { groups: assetsGroupsFa, scans: { ...scansFa, ...scansRunFa } },
} as const;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

let browser: Browser;
let demo: ChildProcess;
let output = '';
let startedAt = 0;
const dataDir = mkdtempSync(join(tmpdir(), 'didban-demo-e2e-'));

/** The first line of the demo's output that matches, once it is printed. */
async function printed(pattern: RegExp, timeout: number): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const match = pattern.exec(output);
    if (match) return match;
    if (demo.exitCode !== null) throw new Error(`pnpm demo exited (${demo.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`pnpm demo never printed ${pattern}:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  const port = await freePort();
  startedAt = Date.now();
  // A terminal's Ctrl+C reaches the whole foreground group: the demo runs in a group of its own.
  demo = spawn('pnpm', ['demo'], {
    cwd: REPO,
    env: { ...process.env, PORT: String(port), DIDBAN_DEMO_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  demo.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  demo.stderr?.on('data', (chunk) => {
    output += chunk;
  });
});
afterAll(async () => {
  await browser?.close();
  if (demo?.pid && demo.exitCode === null) process.kill(-demo.pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(
  page: Page,
  lang: 'fa' | 'en',
  account: { username: string; email: string; password: string },
) {
  const t = TEXT[lang];
  await page.goto('/');
  await page.getByRole('heading', { name: t.signInTitle }).waitFor();
  await page.getByLabel(t.username, { exact: true }).fill(account.username);
  await page.getByLabel(t.email, { exact: true }).fill(account.email);
  await page.getByLabel(t.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t.signInButton, exact: true }).click();
  await page.getByRole('heading', { name: t.heroTitle }).waitFor();
}

describe('pnpm demo', () => {
  it('prints the panel and the demo sign-in; the first finding shows in the panel', async () => {
    // Every field the sign-in form asks for is printed (issue 34: the email was missing).
    const [, url, username, email, password] = await printed(
      /Panel: (http:\/\/\S+)\s+— sign in with username "([^"]+)", email "([^"]+)", password "([^"]+)"/,
      FIRST_FINDING_MS,
    );
    const [, findingName, findingUrl] = await printed(
      /First finding: (.*) on \S+ — (http:\/\/\S+\/vulnerabilities\/\S+)/,
      FIRST_FINDING_MS,
    );
    // The server's own log lines are worded like the demo's: no raw JSON between them.
    expect(output.split('\n').filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    const { context, page, errors } = await openPage(browser, url!, 'en');
    context.setDefaultTimeout(STEP_MS);
    try {
      await signIn(page, 'en', { username: username!, email: email!, password: password! });
      // The printed address opens that finding: its scan run, with the finding's details open.
      await page.goto(findingUrl!);
      const drawer = page.getByTestId('vuln-drawer');
      await drawer.getByRole('heading', { name: findingName! }).waitFor({ timeout: FIRST_FINDING_MS });
      expect(new URL(page.url()).pathname).toMatch(/^\/scans\//);
      await page.getByTestId('vuln-row').first().waitFor({ timeout: FIRST_FINDING_MS });
      const elapsed = Date.now() - startedAt;
      console.log(`pnpm demo → first finding in the panel: ${(elapsed / 1000).toFixed(1)} s`);
      await screenshot(page, 'demo-first-finding-en');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 420_000);

  describe.each(['fa', 'en'] as const)('a brand-new account in %s, on the demo server', (lang) => {
    it('signs up and reaches a first finding using only what the panel shows', async () => {
      const t = TEXT[lang];
      const w = WORDS[lang];
      const [, url] = await printed(/Panel: (http:\/\/\S+)/, FIRST_FINDING_MS);
      const account = newAccount(`first${lang}`);
      const { context, page, errors } = await openPage(browser, url!, lang);
      context.setDefaultTimeout(STEP_MS);
      try {
        // Sign up from the sign-in page. The demo server has no GitHub app: no GitHub button.
        await page.goto('/');
        await page.getByRole('link', { name: t.toSignUp }).click();
        await page.getByRole('heading', { name: t.signUpTitle }).waitFor();
        expect(await page.getByRole('button', { name: /GitHub|گیت‌هاب/ }).count()).toBe(0);
        await page.getByLabel(t.username, { exact: true }).fill(account.username);
        await page.getByLabel(t.email, { exact: true }).fill(account.email);
        await page.getByLabel(t.password, { exact: true }).fill(account.password);
        await page.getByLabel(t.confirmPassword, { exact: true }).fill(account.password);
        await page.getByRole('button', { name: t.signUpButton, exact: true }).click();
        await page.getByRole('heading', { name: t.heroTitle }).waitFor();

        // Home says what to do first: create an asset group.
        await page.getByTestId('first-step').getByRole('link').click();
        const wizard = page.getByTestId('group-wizard');
        await wizard.waitFor();
        await wizard.getByLabel(w.groups.wizard.name, { exact: true }).fill(`Shop ${lang}`);
        await wizard.getByLabel(w.groups.wizard.roots, { exact: true }).fill('shop.lab.didban.test');
        await wizard.getByRole('button', { name: w.groups.wizard.next }).click();
        await wizard.getByRole('button', { name: w.groups.wizard.create }).click();
        // Discovery's page follows it, counting the assets found so far, then opens the group.
        await page.waitForURL(/\/assets\/[^/]+\/loading$/);
        await page.getByText(w.groups.loading.found).waitFor();
        await page.waitForURL(/\/assets\/[^/]+$/, { timeout: 240_000 });
        await page.getByRole('button', { name: w.groups.groups.action.scan, exact: true }).click();
        const form = page.getByTestId('bulk-scan-form');
        // Spec §5's prefill: 'bulk scan for' and the group's name, nothing after it.
        expect(await form.getByLabel(w.scans.bulk.name, { exact: true }).inputValue()).toBe(
          `bulk scan for Shop ${lang}`,
        );
        const tags = form.getByTestId('bulk-scan-tags');
        await tags.getByPlaceholder(w.scans.bulk.tagSearch).fill('exposure');
        await tags.getByRole('checkbox', { name: 'exposure', exact: true }).check();
        await form.getByRole('button', { name: w.scans.bulk.start }).click();
        await page.waitForURL('**/scans/*/loading?historyID=*');
        // Before its first task is done the run says "preparing", never a bare [0/N].
        const counts = new Set<string>();
        const count = page.getByTestId('scan-progress-count');
        const watch = setInterval(() => {
          void count.textContent({ timeout: 500 }).then(
            (text) => text && counts.add(text),
            () => undefined,
          );
        }, 200);
        try {
          await page.getByText(w.scans.progress.complete).waitFor({ timeout: 240_000 });
        } finally {
          clearInterval(watch);
        }
        expect([...counts].filter((c) => /^\[[0۰]\//.test(c))).toEqual([]);
        await page.waitForURL(/\/scans\/[^/?]+$/, { timeout: 30_000 });
        await page.getByTestId('vuln-row').first().waitFor();
        await screenshot(page, `first-finding-${lang}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 540_000);
  });

  it.each(['fa', 'en'] as const)(
    'in %s, a discovery that found nothing says why, with the count',
    async (lang) => {
      const w = WORDS[lang];
      const [, url] = await printed(/Panel: (http:\/\/\S+)/, FIRST_FINDING_MS);
      const owner = await register(url!, newAccount(`empty${lang}`));
      const { context, page, errors } = await openPage(browser, url!, lang);
      context.setDefaultTimeout(STEP_MS);
      try {
        await openSignedIn(page, owner, `${PATHS_NEW_GROUP}`);
        const wizard = page.getByTestId('group-wizard');
        await wizard.getByLabel(w.groups.wizard.name, { exact: true }).fill(`Gone ${lang}`);
        await wizard.getByLabel(w.groups.wizard.roots, { exact: true }).fill('gone.lab.didban.test');
        await wizard.getByRole('button', { name: w.groups.wizard.next }).click();
        await wizard.getByRole('button', { name: w.groups.wizard.create }).click();
        await page.waitForURL(/\/assets\/[^/]+$/, { timeout: 240_000 });
        const notice = page.getByTestId('discovery-empty-reason');
        await notice.waitFor({ timeout: 60_000 });
        expect(await notice.getAttribute('data-reason')).toBe('nothing_resolved');
        // Every name tried (the root and the bundled wordlist) is counted, in the reader's digits.
        const text = (await notice.textContent())!;
        const digits = lang === 'fa' ? /[۰-۹٬]+/ : /[0-9,]+/;
        expect(text.replace(digits, 'N')).toBe(
          w.groups.group.emptyReason.nothing_resolved.replace('{{names}}', 'N'),
        );
        await screenshot(page, `discovery-empty-reason-${lang}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    180_000,
  );

  it('Ctrl+C stops the server and the lab', async () => {
    const [, url] = await printed(/Panel: (http:\/\/\S+)/, FIRST_FINDING_MS);
    const [, resolverPort] = await printed(/DNS 127\.0\.0\.1:(\d+)/, 1_000);
    const exited = new Promise((r) => demo.once('exit', r));
    process.kill(-demo.pid!, 'SIGINT');
    await exited;
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    // The lab's DNS port is free again: nothing the demo started is left listening.
    await new Promise<void>((done, fail) => {
      const probe = createServer();
      probe.once('error', fail);
      probe.listen(Number(resolverPort), '127.0.0.1', () => probe.close(() => done()));
    });
    expect(output).toContain('Stopping the server and the lab');
  }, 60_000);
});
