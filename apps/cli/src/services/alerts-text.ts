import type { Lang } from '@didban/core';

/** The alerts commands' own words (kept beside them, not in the shared message file). */
const TEXT = {
  channels: { en: 'Channels', fa: 'کانال‌ها' },
  rules: { en: 'Rules', fa: 'قواعد' },
  none: { en: '(none)', fa: '(هیچ)' },
  name: { en: 'Name', fa: 'نام' },
  kind: { en: 'Type', fa: 'نوع' },
  last: { en: 'Last delivery', fa: 'آخرین ارسال' },
  triggers: { en: 'Triggers', fa: 'رویدادها' },
  enabled: { en: 'On', fa: 'فعال' },
  unknown: {
    en: 'No channel named "{name}" in this workspace.',
    fa: 'کانالی با نام «{name}» در این فضای کاری نیست.',
  },
  queued: { en: 'Test queued for {name}.', fa: 'پیام آزمایشی برای {name} در صف است.' },
  delivered: {
    en: 'Test delivered to {name} (response {code}).',
    fa: 'پیام آزمایشی به {name} رسید (پاسخ {code}).',
  },
  failed: { en: 'Test to {name} failed: {error}', fa: 'پیام آزمایشی به {name} نرسید: {error}' },
  held: {
    en: 'Test to {name} waits for the next hour: {error}',
    fa: 'پیام آزمایشی به {name} منتظر ساعت بعد است: {error}',
  },
  waiting: {
    en: 'Test to {name} is still being retried: {error}',
    fa: 'پیام آزمایشی به {name} هنوز در حال تلاش دوباره است: {error}',
  },
} as const;

export function alertText(lang: Lang, key: keyof typeof TEXT, params: Record<string, string | number> = {}) {
  return TEXT[key][lang].replace(/\{(\w+)\}/g, (w, n: string) => (n in params ? String(params[n]) : w));
}
