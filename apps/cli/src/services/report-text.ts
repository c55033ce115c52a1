import type { Lang } from '@didban/core';

/** `didban report`'s own words (kept beside it, not in the shared message file). */
const TEXT = {
  scope_one: {
    en: 'Give at most one of --scan and --group (--since and --until may go with either).',
    fa: 'حداکثر یکی از ‎--scan‎ و ‎--group‎ را بدهید (‎--since‎ و ‎--until‎ با هر دو می‌آیند).',
  },
  format: { en: '--format must be pdf or html.', fa: '‎--format‎ باید pdf یا html باشد.' },
  lang: { en: '--lang must be fa or en.', fa: '‎--lang‎ باید fa یا en باشد.' },
  preset: {
    en: '--preset must be executive or technical.',
    fa: '‎--preset‎ باید executive یا technical باشد.',
  },
  out: { en: '--out FILE is required.', fa: '‎--out FILE‎ الزامی است.' },
  date: { en: '{flag} must be a date such as 2026-01-31.', fa: '{flag} باید تاریخی مانند 2026-01-31 باشد.' },
  no_run: {
    en: 'Scan {scan} has no run yet: run it first.',
    fa: 'اسکن {scan} هنوز اجرایی ندارد؛ نخست آن را اجرا کنید.',
  },
  progress: { en: 'Building the report… {percent}%', fa: 'در حال ساخت گزارش… ٪{percent}' },
  failed: { en: 'The report failed: {error}', fa: 'ساخت گزارش ناموفق بود: {error}' },
  timeout: {
    en: 'The report is still being built (id {id}); download it later from the reports page.',
    fa: 'گزارش هنوز در حال ساخت است (شناسه {id})؛ بعداً از صفحه گزارش‌ها آن را بردارید.',
  },
  saved: {
    en: 'Saved {file} ({findings} findings, {size} KB).',
    fa: '{file} ذخیره شد ({findings} یافته، {size} کیلوبایت).',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export function reportText(lang: Lang, key: keyof typeof TEXT, params: Record<string, unknown> = {}): string {
  return TEXT[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
