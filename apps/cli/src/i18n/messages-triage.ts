import type { Lang } from '@didban/core';

/** `didban vulns retest|assign|comment|accept|bulk` (issue 32), spread into CLI_MESSAGES. */
export const TRIAGE_MESSAGES = {
  'cmd.vulns.retest': {
    en: 'Retest a finding now: run its template against its target (waits for the verdict).',
    fa: 'آزمون دوبارهٔ یک یافته: اجرای قالب آن روی هدفش (منتظر نتیجه می‌ماند).',
  },
  'cmd.vulns.assign': {
    en: 'Assign a finding to a workspace member (or to nobody).',
    fa: 'سپردن یک یافته به یکی از اعضای فضای کاری (یا به هیچ‌کس).',
  },
  'cmd.vulns.comment': {
    en: 'Comment on a finding; @username notifies that member.',
    fa: 'یادداشت روی یک یافته؛ ‎@username آن عضو را باخبر می‌کند.',
  },
  'cmd.vulns.accept': {
    en: 'Accept the risk of a finding, with a reason, until a date (90 days by default).',
    fa: 'پذیرش ریسک یک یافته با ذکر دلیل، تا یک تاریخ (پیش‌فرض ۹۰ روز).',
  },
  'cmd.vulns.bulk': {
    en: 'One triage action on many findings: the ids given, or every finding matching filters.',
    fa: 'یک اقدام رسیدگی روی چند یافته: شناسه‌های داده‌شده، یا همهٔ یافته‌های منطبق با فیلترها.',
  },
  'triage.retest_queued': {
    en: 'Retest of {id} queued; waiting for the verdict…',
    fa: 'آزمون دوبارهٔ {id} در صف است؛ در انتظار نتیجه…',
  },
  'triage.retest_verdict': {
    en: 'Retest of {id}: {verdict}. {reason}',
    fa: 'آزمون دوبارهٔ {id}: {verdict}. {reason}',
  },
  'triage.retest_pending': {
    en: 'Retest of {id} is still queued (no worker took it yet); see `didban vulns retest {id} --status`.',
    fa: 'آزمون دوبارهٔ {id} هنوز در صف است (هنوز ورکری آن را برنداشته)؛ ببینید: `didban vulns retest {id} --status`.',
  },
  'triage.assigned': { en: 'Finding {id} is assigned to {who}.', fa: 'یافتهٔ {id} به {who} سپرده شد.' },
  'triage.unassigned': { en: 'Finding {id} is assigned to nobody.', fa: 'یافتهٔ {id} به کسی سپرده نشده است.' },
  'triage.unknown_member': {
    en: 'No member of this workspace is called {name}.',
    fa: 'عضوی به نام {name} در این فضای کاری نیست.',
  },
  'triage.commented': { en: 'Comment added to {id}.', fa: 'یادداشت به {id} افزوده شد.' },
  'triage.accepted': {
    en: 'Finding {id} is an accepted risk until {until}.',
    fa: 'یافتهٔ {id} تا {until} ریسک پذیرفته‌شده است.',
  },
  'triage.bulk_done': {
    en: '{matched} finding(s) matched, {changed} changed.',
    fa: '{matched} یافته منطبق بود، {changed} تغییر کرد.',
  },
  'triage.bulk_action': {
    en: 'Choose one action: --status, --assign, --unassign or --retest.',
    fa: 'یک اقدام انتخاب کنید: ‎--status، ‎--assign، ‎--unassign یا ‎--retest.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
