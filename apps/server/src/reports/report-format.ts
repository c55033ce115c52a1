/**
 * How a report writes numbers, dates and foreign text: Persian digits and the Solar Hijri calendar
 * in fa (Intl's persian calendar), Gregorian in en; hosts and URLs isolated (<bdi dir="ltr">) so a
 * long address keeps its order inside right-to-left text.
 */
import { formatNumber, type Lang } from '@didban/core';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export const num = (n: number, lang: Lang) => formatNumber(n, lang);

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: Lang, withTime: boolean) {
  const key = `${lang}${withTime}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'fa' ? 'fa-IR-u-ca-persian' : 'en-GB', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: false } : {}),
      timeZone: 'UTC',
    });
    dateFormats.set(key, f);
  }
  return f;
}

/** 12 آذر ۱۴۰۵ / 2 December 2026 (UTC, so every server prints the same day). */
export const day = (d: Date | string, lang: Lang) => formatter(lang, false).format(new Date(d));
export const dateTime = (d: Date | string, lang: Lang) =>
  `${formatter(lang, true).format(new Date(d))} ${lang === 'fa' ? '(گرینویچ)' : 'UTC'}`;
/** Short day for chart axes: ۱۲ آذر / 2 Dec. */
const shortDay = new Map<Lang, Intl.DateTimeFormat>();
export const axisDay = (d: Date, lang: Lang) => {
  let f = shortDay.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'fa' ? 'fa-IR-u-ca-persian' : 'en-GB', {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    shortDay.set(lang, f);
  }
  return f.format(d);
};

/** Left-to-right text (a host, a URL, a template id) isolated from the running text, escaped. */
export const ltr = (s: string) => `<bdi dir="ltr">${esc(s)}</bdi>`;
