import type { Lang } from './lang.js';

/** Reports (issue 33): validation and error messages, spread into MESSAGES. */
export const REPORT_MESSAGES = {
  'reports.id_invalid': { en: 'Not a valid id', fa: 'شناسه معتبر نیست' },
  'reports.date_invalid': {
    en: 'Enter a date such as 2026-01-31',
    fa: 'تاریخی مانند 2026-01-31 وارد کنید',
  },
  'reports.date_order': {
    en: 'The end date must not be before the start date',
    fa: 'تاریخ پایان نباید پیش از تاریخ شروع باشد',
  },
  'reports.filter_invalid': { en: 'Unknown severity or status', fa: 'شدت یا وضعیت ناشناخته است' },
  'reports.format_invalid': { en: 'Format must be pdf or html', fa: 'قالب باید pdf یا html باشد' },
  'reports.lang_invalid': { en: 'Language must be fa or en', fa: 'زبان باید fa یا en باشد' },
  'reports.preset_invalid': {
    en: 'Preset must be executive or technical',
    fa: 'نوع گزارش باید مدیریتی یا فنی باشد',
  },
  'reports.section_invalid': {
    en: 'Choose at least one of: cover, summary, charts, inventory, findings',
    fa: 'دست‌کم یکی از بخش‌ها را انتخاب کنید: جلد، خلاصه، نمودارها، موجودی، یافته‌ها',
  },
  'reports.scope_conflict': {
    en: 'Choose a scan run or an asset group, not both',
    fa: 'یا یک اجرای اسکن را انتخاب کنید یا یک گروه دارایی، نه هر دو',
  },
  'reports.cadence_invalid': { en: 'Choose weekly or monthly', fa: 'هفتگی یا ماهانه را انتخاب کنید' },
  'reports.scope_unknown': {
    en: 'This scan run or asset group does not exist in this workspace',
    fa: 'این اجرای اسکن یا گروه دارایی در این فضای کاری وجود ندارد',
  },
  'reports.channel_unknown': {
    en: 'Choose an email channel of this workspace',
    fa: 'یک کانال ایمیل از همین فضای کاری انتخاب کنید',
  },
  'reports.not_ready': {
    en: 'This report is not ready yet',
    fa: 'این گزارش هنوز آماده نشده است',
  },
  'reports.file_gone': {
    en: 'The file of this report is no longer kept',
    fa: 'فایل این گزارش دیگر نگهداری نمی‌شود',
  },
  'reports.chromium_missing': {
    en: 'PDF reports need Chromium, which was not found on the server at {path}. Install it (Debian: apt-get install chromium) or choose HTML.',
    fa: 'گزارش PDF به Chromium نیاز دارد که روی سرور در {path} پیدا نشد. آن را نصب کنید (دبیان: apt-get install chromium) یا قالب HTML را انتخاب کنید.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
