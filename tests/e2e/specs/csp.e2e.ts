import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from '../support/browser';
import { newAccount, register } from '../support/server-api';
import { openSignedIn } from '../support/session';

// Issue 15 §6: the built panel runs under the server's strict Content-Security-Policy with no
// violation — no inline script, no eval, fonts, styles and images all allowed where they come from.
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every CSP violation the page reports, from the console and from the DOM event. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return violations;
}

describe('the panel under its Content-Security-Policy', () => {
  it('loads sign-in, sign-up and the signed-in pages (editor included) without a violation', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, 'en');
    try {
      const violations = await watchViolations(page);
      const first = await page.goto('/auth/sign-in');
      const csp = first?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      await page.getByRole('heading').first().waitFor();
      await page.goto('/auth/sign-up');
      await page.getByRole('heading').first().waitFor();
      const session = await register(baseUrl, newAccount('csp'));
      for (const path of [
        '/',
        '/templates',
        '/assets/groups',
        '/scans',
        '/settings',
        '/auth/verify-email?token=x',
      ]) {
        await openSignedIn(page, session, path);
        await page.waitForLoadState('networkidle');
      }
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      // Nothing at all: no inline script, no eval (zod runs jitless in the panel, so it never
      // tries `new Function`), styles, images, fonts and connections all where they may come from.
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
