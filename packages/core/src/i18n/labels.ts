import type { Lang } from './lang.js';

/**
 * Severities and statuses (findings, scans) as a Persian reader sees them, shared by every
 * interface that prints them (the CLI's tables and follow view; issue 34 item 18). English keeps
 * the API's own words (`medium`, `in_progress`), which scripts and `--filter`/`--status` use.
 */
export const STATUS_LABELS_FA: Readonly<Record<string, string>> = {
  critical: 'بحرانی',
  high: 'بالا',
  medium: 'متوسط',
  low: 'پایین',
  info: 'اطلاعاتی',
  unknown: 'نامشخص',
  open: 'باز',
  in_progress: 'در حال رفع',
  fixed: 'رفع‌شده',
  false_positive: 'مثبت کاذب',
  accepted_risk: 'ریسک پذیرفته‌شده',
  initializing: 'در حال آماده‌سازی',
  running: 'در حال اجرا',
  finished: 'پایان‌یافته',
  failed: 'ناموفق',
  cancelled: 'لغوشده',
  scheduled: 'زمان‌بندی‌شده',
  not_started: 'شروع‌نشده',
};

/**
 * A severity or status word in the reader's language; an unknown value is shown as it is.
 * @example statusLabel('fa', 'medium') // 'متوسط'
 */
export const statusLabel = (lang: Lang, value: string): string =>
  lang === 'fa' ? (STATUS_LABELS_FA[value] ?? value) : value;
