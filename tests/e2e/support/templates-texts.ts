import type { Lang } from './browser';

/** The /templates words a user reads, in both languages (apps/web/src/i18n/locales, templates). */
export const TEMPLATES_TEXT: Record<
  Lang,
  {
    title: string;
    newTemplate: string;
    save: string;
    saved: string;
    stateSaved: string;
    stateUnsaved: string;
    issueAt: (line: number, column: number) => string;
    valid: string;
    target: string;
    scanNow: string;
    finished: string;
    request: string;
    response: string;
    matchedAt: string;
    myTemplates: string;
    uploadSummary: (loaded: number, failed: number) => string;
  }
> = {
  en: {
    title: 'Templates',
    newTemplate: 'New template',
    save: 'Save',
    saved: 'Template saved.',
    stateSaved: 'Saved',
    stateUnsaved: 'Unsaved changes',
    issueAt: (line, column) => `Line ${line}, column ${column}:`,
    valid: 'No problems found.',
    target: 'Target',
    scanNow: 'Scan now',
    finished: 'Finished',
    request: 'Request',
    response: 'Response',
    matchedAt: 'Matched at',
    myTemplates: 'My templates',
    uploadSummary: (loaded, failed) => `${loaded} loaded, ${failed} failed`,
  },
  fa: {
    title: 'قالب‌ها',
    newTemplate: 'قالب جدید',
    save: 'ذخیره',
    saved: 'قالب ذخیره شد.',
    stateSaved: 'ذخیره شده',
    stateUnsaved: 'تغییرات ذخیره‌نشده',
    issueAt: (line, column) => `خط ${line}، ستون ${column}:`,
    valid: 'مشکلی پیدا نشد.',
    target: 'هدف',
    scanNow: 'اسکن فوری',
    finished: 'پایان‌یافته',
    request: 'درخواست',
    response: 'پاسخ',
    matchedAt: 'محل تطبیق',
    myTemplates: 'قالب‌های من',
    uploadSummary: (loaded, failed) => `${loaded} بارگذاری شد، ${failed} ناموفق`,
  },
};
