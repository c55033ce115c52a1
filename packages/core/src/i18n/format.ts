import type { Lang } from './lang.js';

/** The Intl locale of a language: Persian digits and calendar in fa. */
export const intlLocaleOf = (lang: Lang): string => (lang === 'fa' ? 'fa-IR' : 'en-US');

/** Persian's own thousands (٬ U+066C) and decimal (٫ U+066B) separators. */
const PERSIAN_SEPARATORS: Record<string, string> = { ',': '\u066c', '.': '\u066b' };

/**
 * The one number formatter of every interface (panel, notifications worded by the server, CLI):
 * Persian digits and separators in fa ("۱٬۲۳۴"), "1,234" in en. A runtime whose ICU has no Persian
 * data (Node built with small-icu, a trimmed browser) formats fa as en-US: its digits and Latin
 * separators ("۳,۰۰۰") are made Persian here, so fa never shows a Latin comma.
 */
export function formatNumber(value: number, lang: Lang): string {
  const text = new Intl.NumberFormat(intlLocaleOf(lang)).format(value);
  if (lang !== 'fa') return text;
  return localDigits(text, lang).replace(/[,.]/g, (c) => PERSIAN_SEPARATORS[c] ?? c);
}

const PERSIAN_ZERO = 0x06f0;
const ARABIC_INDIC_ZERO = 0x0660;

/**
 * Digits as a program reads them: Persian (۰–۹) and Arabic-Indic (٠–٩) digits, which a Persian
 * keyboard types, become 0–9; everything else is kept.
 */
export function toLatinDigits(text: string): string {
  return text.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code - (code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO));
  });
}

/** Digits as a reader of `lang` writes them: 0–9 become ۰–۹ in fa (no separators added). */
export function localDigits(text: string, lang: Lang): string {
  if (lang !== 'fa') return text;
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(PERSIAN_ZERO + Number(d)));
}

/** Unicode's first-strong isolate (FSI … PDI), the plain-text twin of <bdi>. */
export const ISOLATE_START = '\u2068';
export const ISOLATE_END = '\u2069';

/**
 * A fragment whose direction is its own (a name, a host, an English title) isolated inside running
 * text, so "Welcome to nginx!" keeps its "!" at the end inside a Persian sentence.
 */
export function isolate(text: string): string {
  return text ? `${ISOLATE_START}${text}${ISOLATE_END}` : text;
}

/**
 * A message's parameters ready to be read in `lang`: numbers through formatNumber; in fa, text is
 * isolated (names are mostly Latin inside a right-to-left sentence). Stored notifications keep raw
 * parameters; this runs each time one is shown.
 */
export function readableParams(params: Record<string, unknown>, lang: Lang): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      typeof value === 'number'
        ? formatNumber(value, lang)
        : lang === 'fa'
          ? isolate(String(value ?? ''))
          : String(value ?? ''),
    ]),
  );
}
