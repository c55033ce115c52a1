import type { Lang } from '@didban/core';
import { intlLocale } from './language';

/** A date to read: Persian calendar and digits in fa (Intl 'fa-IR'), US English otherwise. */
export function formatDateTime(value: string | number | Date, lang: Lang): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatNumber(value: number, lang: Lang): string {
  return new Intl.NumberFormat(intlLocale(lang)).format(value);
}

/** A price in the gateway's unit, e.g. "IRR 20,000,000" / "۲۰٬۰۰۰٬۰۰۰ ریال". */
export function formatPrice(amount: number, currency: string, lang: Lang): string {
  try {
    return new Intl.NumberFormat(intlLocale(lang), {
      style: 'currency',
      currency,
      maximumFractionDigits: 0,
    }).format(amount);
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
