import type { Page } from 'playwright-core';
import { en } from '../../../apps/web/src/i18n/locales/all';
import type { Lang } from './browser';

/** Every translation key path with a dot ("bulk.selected", "inventory.title"), plural suffixes off. */
function keyPaths(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return prefix.includes('.') ? [prefix] : [];
  return Object.entries(node).flatMap(([key, value]) =>
    keyPaths(value, prefix ? `${prefix}.${key.replace(/_(zero|one|two|few|many|other)$/, '')}` : key),
  );
}
const KEYS = [...new Set(Object.values(en).flatMap((namespace) => keyPaths(namespace)))].filter(
  (k) => k.split('.').length >= 2,
);

/**
 * What a reader of this page would see that is not the panel's language: a raw translation key
 * (i18next shows the key when a string is missing) in either language, and in fa a Latin digit in
 * running Persian text. Fragments that are data, not prose (host names, IPs, code), are isolated
 * with dir="ltr"/dir="auto"/<bdi> and skipped, as are form fields.
 */
export async function foreignTextProblems(page: Page, lang: Lang): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const skip =
      '[dir="ltr"],[dir="auto"],bdi,code,pre,kbd,samp,script,style,svg,textarea,[aria-hidden="true"]';
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest(skip)) continue;
      if (!parent.checkVisibility()) continue;
      found.push(text);
    }
    return found;
  });
  const problems: string[] = [];
  for (const shown of texts) {
    // Unicode isolates (FSI…PDI, the plain-text <bdi>) hold data such as a name: not prose.
    const text = shown.replace(/[\u2066-\u2068][^\u2069]*\u2069/g, '');
    const key = KEYS.find((k) => new RegExp(`(^|[^\\w.])${k.replace(/\./g, '\\.')}($|[^\\w.])`).test(text));
    if (key) problems.push(`raw key "${key}" in "${shown}"`);
    if (lang === 'fa' && /[0-9]/.test(text)) problems.push(`Latin digit in "${shown}"`);
  }
  return [...new Set(problems)];
}
