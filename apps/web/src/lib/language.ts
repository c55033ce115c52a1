import { isRtl, type Lang, toLang } from '@didban/core';
import { STORAGE_KEYS } from './storage-keys';

/** The saved interface language (spec §1: key `lang`, Persian by default). */
export function storedLanguage(): Lang {
  try {
    return toLang(localStorage.getItem(STORAGE_KEYS.lang));
  } catch {
    return toLang(null);
  }
}

/** Set `<html lang dir>` so the browser lays the page out right to left for Persian. */
export function applyDocumentLanguage(lang: Lang, doc: Document = document): void {
  doc.documentElement.lang = lang;
  doc.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';
}

/** Spec §1: switching language saves the code and reloads, so every string is loaded afresh. */
export function switchLanguage(lang: Lang): void {
  localStorage.setItem(STORAGE_KEYS.lang, lang);
  window.location.reload();
}

/** BCP 47 locale for Intl: Persian digits and the Persian calendar in fa. */
export function intlLocale(lang: Lang): string {
  return lang === 'fa' ? 'fa-IR' : 'en-US';
}
