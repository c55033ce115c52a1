import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { createTeam, newAccount, register } from '../support/server-api';
import { openSignedIn, signOutThroughMenu } from '../support/session';
import { TEXT } from '../support/texts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['fa', 'en'] as const)('the workspace switcher in %s', (lang) => {
  const t = TEXT[lang];
  const personal = lang === 'fa' ? 'شخصی' : 'Personal';

  it('lists personal and the teams, keeps the choice across the reload, and sign-out returns to personal', async () => {
    const session = await register(baseUrl, newAccount(`ws${lang}`));
    const teamId = await createTeam(baseUrl, session, 'Red team');
    const { context, page, errors } = await openPage(browser, baseUrl, lang);
    try {
      await openSignedIn(page, session);
      const switcher = page.getByTestId('workspace-switcher');
      await switcher.waitFor();
      expect(await switcher.textContent()).toBe(personal);

      await switcher.click();
      await page.getByRole('menuitem', { name: 'Red team' }).waitFor();
      await screenshot(page, `workspace-menu-${lang}`);
      // The switch reloads the panel: a mark left on the old document is gone from the new one.
      // (Waiting for the `load` event instead missed it twice in CI on two loaded cores.)
      await page.evaluate(() => {
        (window as unknown as { beforeSwitch?: boolean }).beforeSwitch = true;
      });
      await page.getByRole('menuitem', { name: 'Red team' }).click();
      await expect
        .poll(
          () => page.evaluate(() => (window as unknown as { beforeSwitch?: boolean }).beforeSwitch ?? false),
          {
            timeout: 45_000,
          },
        )
        .toBe(false);
      await page.waitForLoadState('load');

      await expect.poll(() => page.getByTestId('workspace-switcher').textContent()).toBe('Red team');
      expect(await page.evaluate(() => localStorage.getItem('didban.workspace'))).toBe(teamId);

      await signOutThroughMenu(page, lang);
      expect(await page.evaluate(() => localStorage.getItem('didban.workspace'))).toBeNull();
      expect(await page.getByRole('heading', { name: t.signInTitle }).isVisible()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
