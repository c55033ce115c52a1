import { toLang } from '@didban/core';
import i18next from 'i18next';
import { whenInitialized } from './when-initialized';

/**
 * Adds the signed-in panel's namespaces (home, settings, scans, assets, templates, workers) in
 * the chosen language before a shell renders (routes/route-table.tsx). The language file loaded
 * first holds only what the sign-in and callback pages show, so the sign-in bundle stays within
 * its size budget.
 */
export async function loadPanelStrings(): Promise<void> {
  await whenInitialized();
  const lang = toLang(i18next.language);
  if (i18next.hasResourceBundle(lang, 'home')) return;
  const strings =
    lang === 'fa'
      ? (await import('./locales/fa/panel')).faPanel
      : (await import('./locales/en/panel')).enPanel;
  for (const [ns, bundle] of Object.entries(strings)) {
    // deep merge: the asset group strings (pages/assets/load-group-strings.ts) may already be in `assets`.
    i18next.addResourceBundle(lang, ns, bundle, true, false);
  }
}
