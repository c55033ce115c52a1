import type { Lang } from '@didban/core';

/** The words of /reports and the Report dialog, fa and en, kept with them (loaded only with them). */
const TEXT = {
  title: { en: 'Reports', fa: 'گزارش‌ها' },
  intro: {
    en: 'Executive and technical reports of a scan run, an asset group or the whole workspace, as PDF or a self-contained HTML file. Every member of the workspace can read them.',
    fa: 'گزارش‌های مدیریتی و فنی یک اجرای اسکن، یک گروه دارایی یا کل فضای کاری، به صورت PDF یا یک فایل HTML مستقل. همهٔ اعضای فضای کاری می‌توانند آن‌ها را بخوانند.',
  },
  newReport: { en: 'New report', fa: 'گزارش جدید' },
  reportButton: { en: 'Report', fa: 'گزارش' },
  reportList: { en: 'Report these findings', fa: 'گزارش همین یافته‌ها' },
  dialogTitle: { en: 'Generate a report', fa: 'ساخت گزارش' },
  scope: { en: 'Scope', fa: 'دامنه' },
  'scope.scan_run': { en: 'Scan run', fa: 'اجرای اسکن' },
  'scope.group': { en: 'Asset group', fa: 'گروه دارایی' },
  'scope.workspace': { en: 'Whole workspace', fa: 'کل فضای کاری' },
  since: { en: 'From (optional)', fa: 'از تاریخ (اختیاری)' },
  until: { en: 'To (optional)', fa: 'تا تاریخ (اختیاری)' },
  filters: { en: 'Filters of the list', fa: 'فیلترهای فهرست' },
  filterSeverity: { en: 'Severity', fa: 'شدت' },
  filterStatus: { en: 'Status', fa: 'وضعیت' },
  filterSearch: { en: 'Search', fa: 'جستجو' },
  preset: { en: 'Kind', fa: 'نوع' },
  'preset.technical': { en: 'Technical', fa: 'فنی' },
  'preset.executive': { en: 'Executive', fa: 'مدیریتی' },
  'presetHint.technical': {
    en: 'Everything, with each finding, its evidence and remediation.',
    fa: 'همه‌چیز، با هر یافته، شواهد و راه رفع آن.',
  },
  'presetHint.executive': {
    en: 'Summary, charts and inventory, without the findings one by one.',
    fa: 'خلاصه، نمودارها و موجودی، بدون فهرست تک‌تک یافته‌ها.',
  },
  sections: { en: 'Sections', fa: 'بخش‌ها' },
  'section.cover': { en: 'Cover', fa: 'جلد' },
  'section.summary': { en: 'Executive summary', fa: 'خلاصهٔ مدیریتی' },
  'section.charts': { en: 'Charts', fa: 'نمودارها' },
  'section.inventory': { en: 'Inventory', fa: 'موجودی' },
  'section.findings': { en: 'Findings', fa: 'یافته‌ها' },
  sectionsNone: { en: 'Choose at least one section.', fa: 'دست‌کم یک بخش را انتخاب کنید.' },
  format: { en: 'Format', fa: 'قالب' },
  'format.pdf': { en: 'PDF', fa: 'PDF' },
  'format.html': { en: 'HTML (one file, opens offline)', fa: 'HTML (یک فایل، بدون اینترنت باز می‌شود)' },
  language: { en: 'Language of the report', fa: 'زبان گزارش' },
  'lang.fa': { en: 'Persian', fa: 'فارسی' },
  'lang.en': { en: 'English', fa: 'انگلیسی' },
  generate: { en: 'Generate', fa: 'ساختن' },
  generating: { en: 'Generating…', fa: 'در حال ساخت…' },
  queued: {
    en: 'The report is queued. You can close this dialog: it is also listed on the Reports page.',
    fa: 'گزارش در صف ساخت است. می‌توانید این پنجره را ببندید: در صفحهٔ گزارش‌ها هم فهرست شده است.',
  },
  ready: { en: 'The report is ready.', fa: 'گزارش آماده است.' },
  download: { en: 'Download', fa: 'دریافت' },
  close: { en: 'Close', fa: 'بستن' },
  downloadAs: { en: 'Download {format}', fa: 'دریافت {format}' },
  downloadFailed: { en: 'The report could not be downloaded.', fa: 'گزارش دریافت نشد.' },
  createFailed: { en: 'The report could not be queued.', fa: 'گزارش در صف ساخت قرار نگرفت.' },
  openReports: { en: 'Open the Reports page', fa: 'رفتن به صفحهٔ گزارش‌ها' },
  delete: { en: 'Delete', fa: 'حذف' },
  deleteTitle: { en: 'Delete report', fa: 'حذف گزارش' },
  deleteBody: {
    en: 'Delete the report “{name}” and its file? This cannot be undone.',
    fa: 'گزارش «{name}» و فایلش حذف شود؟ این کار بازگشت‌پذیر نیست.',
  },
  deleted: { en: 'Report deleted.', fa: 'گزارش حذف شد.' },
  empty: {
    en: 'No reports yet. Generate one here, or with the Report button of a scan, an asset group or a vulnerability list.',
    fa: 'هنوز گزارشی نیست. از همین‌جا یا با دکمهٔ «گزارش» در یک اسکن، یک گروه دارایی یا فهرست آسیب‌پذیری‌ها گزارش بسازید.',
  },
  'status.queued': { en: 'Queued', fa: 'در صف' },
  'status.running': { en: 'Generating {n}%', fa: 'در حال ساخت ٪{n}' },
  'status.done': { en: 'Ready', fa: 'آماده' },
  'status.failed': { en: 'Failed', fa: 'ناموفق' },
  colReport: { en: 'Report', fa: 'گزارش' },
  colStatus: { en: 'Status', fa: 'وضعیت' },
  colCreated: { en: 'Created', fa: 'ساخته شده' },
  colActions: { en: 'Actions', fa: 'عملیات' },
  findings: { en: '{n} findings', fa: '{n} یافته' },
  pages: { en: '{n} pages', fa: '{n} صفحه' },
  expires: { en: 'Kept until {date}', fa: 'نگهداری تا {date}' },
  scheduledBadge: { en: 'Scheduled', fa: 'زمان‌بندی‌شده' },
  progressLabel: { en: 'Report progress', fa: 'پیشرفت گزارش' },
  // Scheduled reports
  schedules: { en: 'Scheduled reports', fa: 'گزارش‌های زمان‌بندی‌شده' },
  schedulesIntro: {
    en: 'A workspace report mailed weekly or monthly through an email alert channel (attached, or as a link to this page when large).',
    fa: 'گزارش فضای کاری که هر هفته یا هر ماه از راه یک کانال هشدار ایمیلی فرستاده می‌شود (پیوست، یا اگر بزرگ باشد پیوندی به همین صفحه).',
  },
  schedulesEmpty: { en: 'No scheduled reports.', fa: 'گزارش زمان‌بندی‌شده‌ای نیست.' },
  schedulesReadOnly: {
    en: 'Admins and the owner of the workspace add and stop scheduled reports.',
    fa: 'مدیران و مالک فضای کاری گزارش‌های زمان‌بندی‌شده را اضافه یا متوقف می‌کنند.',
  },
  noEmailChannel: {
    en: 'Add an email channel under Settings → Alerts first; scheduled reports are mailed through it.',
    fa: 'ابتدا در تنظیمات ← هشدارها یک کانال ایمیل اضافه کنید؛ گزارش‌های زمان‌بندی‌شده از راه آن فرستاده می‌شوند.',
  },
  toAlerts: { en: 'Alert channels', fa: 'کانال‌های هشدار' },
  channel: { en: 'Email channel', fa: 'کانال ایمیل' },
  cadence: { en: 'Frequency', fa: 'تناوب' },
  'cadence.weekly': { en: 'Weekly', fa: 'هفتگی' },
  'cadence.monthly': { en: 'Monthly', fa: 'ماهانه' },
  addSchedule: { en: 'Add schedule', fa: 'افزودن زمان‌بندی' },
  scheduleAdded: { en: 'Scheduled report added.', fa: 'گزارش زمان‌بندی‌شده اضافه شد.' },
  stopSchedule: { en: 'Stop', fa: 'توقف' },
  scheduleStopped: { en: 'Scheduled report stopped.', fa: 'گزارش زمان‌بندی‌شده متوقف شد.' },
  nextRun: { en: 'Next: {date}', fa: 'بعدی: {date}' },
  lastRun: { en: 'Last: {date}', fa: 'آخرین: {date}' },
} as const;

export type ReportTextKey = keyof typeof TEXT;

/** `t(key, {n: 3})`: the phrase in `lang` with its `{name}` places filled. */
export const reportText =
  (lang: Lang) =>
  (key: ReportTextKey, values: Record<string, string | number> = {}) =>
    TEXT[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
