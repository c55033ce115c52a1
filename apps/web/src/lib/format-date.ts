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
