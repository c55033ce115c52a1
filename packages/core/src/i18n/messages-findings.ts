import type { Lang } from './lang.js';

/** The findings lifecycle (issue 32): triage errors, notifications and retest reasons. */
export const FINDING_MESSAGES = {
  'findings.date_invalid': {
    en: 'Enter a date such as 2027-01-31.',
    fa: 'تاریخی مانند 2027-01-31 وارد کنید.',
  },
  'findings.invalid_cursor': {
    en: 'This cursor was not made by this list; start again without one, then pass each next_cursor.',
    fa: 'این cursor را این فهرست نساخته است؛ بدون آن از نو شروع کنید و سپس هر next_cursor را بفرستید.',
  },
  'findings.cursor_with_page': {
    en: 'Give either page or cursor, not both.',
    fa: 'یا page بدهید یا cursor، نه هر دو.',
  },
  'findings.nothing_to_change': {
    en: 'Say what to change: status, assignee or due date.',
    fa: 'بگویید چه چیزی تغییر کند: وضعیت، مسئول یا موعد.',
  },
  'findings.reason_required': {
    en: 'A reason is required to mark a finding as a false positive or an accepted risk.',
    fa: 'برای علامت‌زدن یافته به‌عنوان مثبت کاذب یا ریسک پذیرفته‌شده، دلیل لازم است.',
  },
  'findings.accept_forbidden': {
    en: 'Only the owner or an admin of the workspace may accept a risk.',
    fa: 'فقط مالک یا مدیر فضای کاری می‌تواند ریسکی را بپذیرد.',
  },
  'findings.accepted_until_past': {
    en: 'The acceptance must end in the future.',
    fa: 'پایان پذیرش ریسک باید در آینده باشد.',
  },
  'findings.accepted_until_far': {
    en: 'An acceptance may last at most 3 years.',
    fa: 'پذیرش ریسک حداکثر سه سال می‌تواند طول بکشد.',
  },
  'findings.accepted_until_only_accept': {
    en: 'An end date applies only to an accepted risk.',
    fa: 'تاریخ پایان فقط برای ریسک پذیرفته‌شده معنا دارد.',
  },
  'findings.assignee_not_member': {
    en: 'The assignee must be a member of this workspace.',
    fa: 'مسئول باید عضو این فضای کاری باشد.',
  },
  'findings.comment_required': { en: 'Write a comment first.', fa: 'ابتدا یادداشتی بنویسید.' },
  'findings.sla_days_invalid': {
    en: 'Days must be a whole number from 1 to 3650, or empty for no due date.',
    fa: 'تعداد روز باید عددی صحیح از ۱ تا ۳۶۵۰ باشد، یا خالی برای بدون موعد.',
  },
  'findings.selection_empty': { en: 'Select at least one finding.', fa: 'دست‌کم یک یافته انتخاب کنید.' },
  'findings.selection_too_big': {
    en: 'At most {max} findings can be changed at once; narrow the filters.',
    fa: 'حداکثر {max} یافته را می‌توان یک‌جا تغییر داد؛ فیلترها را محدودتر کنید.',
  },
  'findings.retest_unavailable': {
    en: 'This finding cannot be retested: its asset or its template no longer exists.',
    fa: 'این یافته را نمی‌توان دوباره آزمود: دارایی یا قالب آن دیگر وجود ندارد.',
  },
  'findings.retest_running': {
    en: 'A retest of this finding is already queued.',
    fa: 'آزمون دوبارهٔ این یافته از پیش در صف است.',
  },
  'findings.auto_retest_frequency_invalid': {
    en: 'Choose how often to retest: off, daily or weekly.',
    fa: 'بسامد آزمون دوباره را انتخاب کنید: خاموش، روزانه یا هفتگی.',
  },
  'findings.auto_retest_severities_invalid': {
    en: 'Choose at least one severity: critical, high, medium, low or info.',
    fa: 'دست‌کم یک شدت انتخاب کنید: بحرانی، بالا، متوسط، پایین یا اطلاعاتی.',
  },
  'retest.reason.target_unreachable': {
    en: 'The target did not answer the control request: {error}',
    fa: 'هدف به درخواست کنترلی پاسخ نداد: {error}',
  },
  'retest.reason.template_failed': {
    en: 'The template did not run cleanly: {error}',
    fa: 'قالب بدون خطا اجرا نشد: {error}',
  },
  'retest.reason.task_failed': {
    en: 'The retest task failed: {error}',
    fa: 'کار آزمون دوباره ناموفق بود: {error}',
  },
  'retest.reason.matched': {
    en: 'The template matched again.',
    fa: 'قالب دوباره تطبیق یافت.',
  },
  'retest.reason.not_matched': {
    en: 'The template ran cleanly, the target answered and nothing matched.',
    fa: 'قالب بدون خطا اجرا شد، هدف پاسخ داد و چیزی تطبیق نیافت.',
  },
  'notify.finding_assigned': {
    en: '{by} assigned you a finding: {template} on {host}.',
    fa: '{by} یافتهٔ {template} روی {host} را به شما سپرد.',
  },
  'notify.findings_assigned_bulk': {
    en: '{by} assigned you {count} findings.',
    fa: '{by} {count} یافته را به شما سپرد.',
  },
  'notify.finding_mentioned': {
    en: '{by} mentioned you on {template} ({host}).',
    fa: '{by} در یافتهٔ {template} ({host}) از شما نام برد.',
  },
  'notify.acceptance_expired': {
    en: 'The accepted risk on {template} ({host}) expired; the finding is open again.',
    fa: 'پذیرش ریسک {template} ({host}) به پایان رسید؛ یافته دوباره باز است.',
  },
  'notify.finding_sla_breached': {
    en: '{template} on {host} is past its due date.',
    fa: 'موعد رفع {template} روی {host} گذشته است.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
