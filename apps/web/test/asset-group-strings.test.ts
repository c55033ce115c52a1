import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../src/i18n/init-i18n';
import { en, fa } from '../src/i18n/locales/all';
import { assetsGroupsEn } from '../src/i18n/locales/en/assets-groups';
import { assetsGroupsFa } from '../src/i18n/locales/fa/assets-groups';
import { loadAssetGroupStrings } from '../src/pages/assets/load-group-strings';

const keys = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];
const at = (root: unknown, path: string) =>
  String(path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], root));
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

// These strings are not in the language files every page loads (i18n-keys.test.ts checks those),
// so the same rules are checked here.
describe('asset group strings (loaded with the asset pages)', () => {
  it('have the same keys and placeholders in fa and en, and no empty text', () => {
    const paths = keys(assetsGroupsEn);
    expect(keys(assetsGroupsFa).sort()).toEqual([...paths].sort());
    for (const path of paths) {
      expect(placeholders(at(assetsGroupsFa, path)), path).toEqual(placeholders(at(assetsGroupsEn, path)));
      expect(at(assetsGroupsFa, path).trim(), path).not.toBe('');
      expect(at(assetsGroupsEn, path).trim(), path).not.toBe('');
    }
  });
  it('stay out of the first language file and join the assets namespace when an asset page opens', async () => {
    expect(Object.keys(en.assets)).not.toContain('groups');
    expect(Object.keys(fa.assets)).not.toContain('wizard');
    await initI18n('fa', fa);
    expect(i18next.exists('assets:tabs.groups')).toBe(false);
    await loadAssetGroupStrings();
    expect(i18next.t('assets:tabs.groups')).toBe('گروه‌های دارایی');
    // The inventory's strings of the same namespace are kept.
    expect(i18next.exists('assets:inventory')).toBe(true);
    expect(i18next.t('assets:title')).toBe(fa.assets.title);
  });
});
