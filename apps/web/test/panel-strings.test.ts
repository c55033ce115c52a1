import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../src/i18n/init-i18n';
import { loadPanelStrings } from '../src/i18n/load-panel-strings';
import { en as enAll, fa as faAll } from '../src/i18n/locales/all';
import { en } from '../src/i18n/locales/en';
import { fa } from '../src/i18n/locales/fa';
import { loadAssetGroupStrings } from '../src/pages/assets/load-group-strings';

// The sign-in route downloads only the first language file; the signed-in panel's namespaces
// come with the shells (routes/route-table.tsx), so they must be there, in the same language,
// before any panel page renders.
describe('panel strings (loaded with the shells)', () => {
  it('are not in the language file the sign-in route downloads', () => {
    expect(Object.keys(fa).sort()).toEqual(['auth', 'callbacks', 'layout', 'shared']);
    expect(Object.keys(en).sort()).toEqual(Object.keys(fa).sort());
  });

  it('join the first namespaces in Persian, with the asset group strings kept', async () => {
    await initI18n('fa');
    expect(i18next.t('auth:signIn.title')).toBe(faAll.auth.signIn.title);
    expect(i18next.exists('home:hero.title')).toBe(false);
    await loadAssetGroupStrings();
    await loadPanelStrings();
    expect(i18next.t('home:hero.title')).toBe(faAll.home.hero.title);
    expect(i18next.t('settings:title')).toBe('تنظیمات');
    expect(i18next.t('workers:title')).toBe(faAll.workers.title);
    expect(i18next.t('assets:tabs.groups')).toBe('گروه‌های دارایی');
    expect(i18next.t('assets:title')).toBe(faAll.assets.title);
  });

  it('come in English when the panel is in English', async () => {
    await initI18n('en');
    await loadPanelStrings();
    expect(i18next.t('settings:title')).toBe('Settings');
    expect(i18next.t('templates:title')).toBe(enAll.templates.title);
  });
});
