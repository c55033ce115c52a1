import type { Lang } from '@didban/core';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { FirstTranslations, Translations } from './locales/en';
import { NAMESPACES } from './namespaces';

/**
 * Only the chosen language is downloaded (switching reloads the page anyway, spec §1), and only
 * the namespaces the sign-in and callback pages show: the panel's come with its shells
 * (load-panel-strings.ts).
 */
export async function loadTranslations(lang: Lang): Promise<FirstTranslations> {
  return lang === 'fa' ? (await import('./locales/fa')).fa : (await import('./locales/en')).en;
}

export async function initI18n(lang: Lang, resources?: FirstTranslations | Translations): Promise<i18n> {
  const strings = resources ?? (await loadTranslations(lang));
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: 'shared',
    resources: { [lang]: strings },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
