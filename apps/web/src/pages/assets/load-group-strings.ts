import { toLang } from '@didban/core';
import i18next from 'i18next';
import { whenInitialized } from '../../i18n/when-initialized';

/**
 * Adds the asset group pages' strings (groups, group, loading, technologies) to the `assets`
 * namespace before those pages render. They are kept out of the language file every page loads
 * first, so the sign-in bundle stays within its size budget.
 */
export async function loadAssetGroupStrings(): Promise<void> {
  await whenInitialized();
  const lang = toLang(i18next.language);
  if (i18next.exists('assets:tabs.groups', { lng: lang })) return;
  const strings =
    lang === 'fa'
      ? (await import('../../i18n/locales/fa/assets-groups')).assetsGroupsFa
      : (await import('../../i18n/locales/en/assets-groups')).assetsGroupsEn;
  i18next.addResourceBundle(lang, 'assets', strings, true, false);
}
