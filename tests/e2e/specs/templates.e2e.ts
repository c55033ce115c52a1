import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { translate } from '@didban/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { E2E_TARGET_HOST } from '../support/lab-range';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';
import { TEMPLATES_TEXT } from '../support/templates-texts';

const baseUrl = inject('baseUrl');
let browser: Browser;
// A tiny target with an "admin console" for the template to find, inside the loopback range the
// e2e server's built-in worker is allowed to scan (support/lab-range.ts).
let target: Server;
let targetUrl: string;

beforeAll(async () => {
  browser = await launchBrowser();
  target = createServer((req, res) => {
    if (req.url === '/admin') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Welcome to the E2E Admin Console</body></html>');
    } else {
      res.writeHead(404);
      res.end('nothing here');
    }
  });
  await new Promise<void>((resolve) => target.listen(0, E2E_TARGET_HOST, resolve));
  targetUrl = `http://${E2E_TARGET_HOST}:${(target.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  target?.closeAllConnections();
  target?.close();
});

const template = (id: string, severity: string) => `id: ${id}

info:
  name: E2E admin console ${id.slice(-2)}
  author: didban
  severity: ${severity}
  tags: e2e

http:
  - method: GET
    path:
      - "{{BaseURL}}/admin"
    matchers:
      - type: word
        words:
          - "E2E Admin Console"
`;

/** Replace the editor's text the way a paste does (no auto-indent on each typed newline). */
async function replaceEditorText(page: Page, text: string) {
  const editor = page.locator('.cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

describe.each(['fa', 'en'] as const)('templates in %s', (lang) => {
  const w = TEMPLATES_TEXT[lang];

  it('writes a template, sees its error at the line, fixes and saves it, scans a local target and reads the finding', async () => {
    const owner = await register(baseUrl, newAccount(`tpl${lang}`));
    const { page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await openSignedIn(page, owner, '/templates');
      await page.getByRole('heading', { name: w.title, level: 1 }).waitFor();
      await page.locator('.cm-content').waitFor();

      // A severity the format does not have: flagged at line 6 as it is typed.
      const id = `e2e-admin-${lang}`;
      await replaceEditorText(page, template(id, 'extreme'));
      const issue = page.getByTestId('template-issues').locator('li[data-line="6"]');
      await issue.waitFor();
      expect(await issue.textContent()).toContain(w.issueAt(6, 13));
      expect(await issue.textContent()).toContain('invalid severity "extreme"');
      // CodeMirror marks the same line in its gutter.
      await page.locator('.cm-lint-marker-error').first().waitFor();
      await page.locator('.cm-lintRange-error').first().waitFor();
      expect(await page.getByRole('button', { name: w.save, exact: true }).isDisabled()).toBe(true);
      await screenshot(page, `templates-error-${lang}`);

      // Fixed: no problems, unsaved until saved.
      await replaceEditorText(page, template(id, 'high'));
      await page.getByTestId('template-issues').getByText(w.valid).waitFor();
      expect(await page.getByTestId('save-state').textContent()).toBe(w.stateUnsaved);
      await page.getByRole('button', { name: w.save, exact: true }).click();
      await page.getByTestId('snackbar-message').filter({ hasText: w.saved }).first().waitFor();
      await expect.poll(() => page.getByTestId('save-state').textContent()).toBe(w.stateSaved);
      await page
        .getByTestId('template-list')
        .getByText(`E2E admin console ${id.slice(-2)}`)
        .waitFor();

      // Scan now against the local target: the built-in worker runs it.
      await page.getByLabel(w.target, { exact: true }).fill(targetUrl);
      await page.getByRole('button', { name: w.scanNow, exact: true }).click();
      await page.getByTestId('run-status').getByText(w.finished).waitFor({ timeout: 45_000 });
      const finding = page.getByTestId('run-finding').first();
      await finding.getByText(`${targetUrl}/admin`).waitFor();
      await finding.getByText(w.request, { exact: true }).click();
      await finding.getByText(w.response, { exact: true }).click();
      const evidence = await finding.locator('pre').allTextContents();
      expect(evidence[0]).toContain('GET /admin HTTP/1.1');
      expect(evidence[1]).toContain('HTTP/1.1 200');
      expect(evidence[1]).toContain('Welcome to the E2E Admin Console');
      await screenshot(page, `templates-finding-${lang}`);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('uploads YAML files: the good one is loaded, the others fail with their reasons', async () => {
    const owner = await register(baseUrl, newAccount(`tplup${lang}`));
    const { page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await openSignedIn(page, owner, '/templates');
      await page.getByRole('heading', { name: w.title, level: 1 }).waitFor();
      await page.getByTestId('template-upload-input').setInputFiles([
        {
          name: 'good.yaml',
          mimeType: 'application/x-yaml',
          buffer: Buffer.from(template(`up-good-${lang}`, 'low')),
        },
        {
          name: 'broken.yaml',
          mimeType: 'application/x-yaml',
          buffer: Buffer.from(template(`up-bad-${lang}`, 'extreme')),
        },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a template') },
      ]);
      const result = page.getByTestId('upload-result');
      await result.getByText(w.uploadSummary(1, 2)).waitFor();
      await result.getByText(translate('templates.upload_not_yaml', lang)).waitFor();
      await result.getByText('invalid severity "extreme"', { exact: false }).first().waitFor();
      // The loaded one is in my list at once.
      await page.getByTestId('template-list').getByText(`E2E admin console ${lang}`).waitFor();
      await screenshot(page, `templates-upload-${lang}`);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 60_000);
});
