import type { Lang } from '@didban/core';

/**
 * Severities and statuses as a Persian reader sees them in the panel. English keeps the API's own
 * words (`medium`, `in_progress`), which scripts and `--filter`/`--status` values use.
 */
const FA: Record<string, string> = {
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

export const label = (lang: Lang, value: string): string => (lang === 'fa' ? (FA[value] ?? value) : value);
