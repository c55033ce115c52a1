import type { Session } from '@didban/core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Lang } from './browser';
import { TEXT } from './texts';

/** Put a session in browser storage as the panel would after signing in, then open `path`. */
export async function openSignedIn(page: Page, session: Session, path = '/'): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate(
    (record) => {
      localStorage.setItem('didban.auth', JSON.stringify(record));
    },
    { user: session.user, token: session.access, isAuthenticated: true, isLoading: false },
  );
  await page.goto(path);
}

export async function expectDocumentLanguage(page: Page, lang: Lang): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
  expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'fa' ? 'rtl' : 'ltr');
}

export async function signOutThroughMenu(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('button', { name: TEXT[lang].profileMenu }).click();
  await page.getByRole('menuitem', { name: TEXT[lang].signOut }).click();
  await page.getByRole('heading', { name: TEXT[lang].signInTitle }).waitFor();
}
