import { formatNumber, type Lang } from '@didban/core';
import { intlLocale } from './language';

/** A date to read: Persian calendar and digits in fa (Intl 'fa-IR'), US English otherwise. */
export function formatDateTime(value: string | number | Date, lang: Lang): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The one number formatter, shared with the server's notification texts (core). */
export { formatNumber } from '@didban/core';

/** A price in the gateway's unit, e.g. "IRR 20,000,000" / "۲۰٬۰۰۰٬۰۰۰ ریال". */
export function formatPrice(amount: number, currency: string, lang: Lang): string {
  try {
    const parts = new Intl.NumberFormat(intlLocale(lang), {
      style: 'currency',
      currency,
      maximumFractionDigits: 0,
    }).formatToParts(amount);
    if (lang !== 'fa') return parts.map((p) => p.value).join('');
    // Persian reads the unit after the amount ("۲۰٬۰۰۰٬۰۰۰ ریال"); Intl puts it first.
    const unit = parts.find((p) => p.type === 'currency')?.value ?? currency;
    const number = parts.filter((p) => p.type !== 'currency' && p.type !== 'literal').map((p) => p.value);
    return `${number.join('')} ${unit}`;
  } catch {
    return `${formatNumber(amount, lang)} ${currency}`;
  }
}

/** A day without the time, for validity dates. */
export function formatDate(value: string | number | Date, lang: Lang): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium' }).format(date);
}
