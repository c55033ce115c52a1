import type { Lang } from './lang.js';

/** Alerts and integrations (issue 20): validation and error messages, spread into MESSAGES. */
export const ALERT_MESSAGES = {
  'alerts.name_required': { en: 'Name is required', fa: 'نام الزامی است' },
  'alerts.kind_invalid': { en: 'Choose a channel type', fa: 'نوع کانال را انتخاب کنید' },
  'alerts.language_invalid': { en: 'Language must be fa or en', fa: 'زبان باید fa یا en باشد' },
  'alerts.url_invalid': {
    en: 'Enter a valid http(s) address',
    fa: 'یک نشانی http(s) معتبر وارد کنید',
  },
  'alerts.token_required': { en: 'Token is required', fa: 'توکن الزامی است' },
  'alerts.chat_id_required': { en: 'Chat id is required', fa: 'شناسه گفتگو الزامی است' },
  'alerts.recipients_required': {
    en: 'Add at least one recipient',
    fa: 'دست‌کم یک گیرنده اضافه کنید',
  },
  'alerts.recipient_invalid': { en: 'Enter a valid email address', fa: 'یک نشانی ایمیل معتبر وارد کنید' },
  'alerts.project_required': { en: 'Project key is required', fa: 'کلید پروژه الزامی است' },
  'alerts.repo_invalid': {
    en: 'Repository must look like owner/name',
    fa: 'مخزن باید به شکل owner/name باشد',
  },
  'alerts.triggers_required': { en: 'Choose at least one trigger', fa: 'دست‌کم یک رویداد انتخاب کنید' },
  'alerts.trigger_invalid': { en: 'Unknown trigger', fa: 'رویداد ناشناخته است' },
  'alerts.severity_invalid': { en: 'Unknown severity', fa: 'شدت ناشناخته است' },
  'alerts.cert_days_range': {
    en: 'Days must be between 1 and 365',
    fa: 'تعداد روز باید بین ۱ و ۳۶۵ باشد',
  },
  'alerts.channels_required': { en: 'Choose at least one channel', fa: 'دست‌کم یک کانال انتخاب کنید' },
  'alerts.channel_unknown': {
    en: 'This channel does not exist in the current workspace.',
    fa: 'این کانال در فضای کاری فعلی وجود ندارد.',
  },
  'alerts.group_unknown': {
    en: 'This asset group does not exist in the current workspace.',
    fa: 'این گروه دارایی در فضای کاری فعلی وجود ندارد.',
  },
  'alerts.throttle_range': {
    en: 'Interval must be between 0 and 7 days',
    fa: 'فاصله باید بین ۰ تا ۷ روز باشد',
  },
  'alerts.digest_invalid': {
    en: 'Digest must be off, hourly or daily',
    fa: 'خلاصه باید خاموش، ساعتی یا روزانه باشد',
  },
  'alerts.destination_refused': {
    en: 'This address is in a network the server may not send to.',
    fa: 'این نشانی در شبکه‌ای است که سرور اجازه ارسال به آن را ندارد.',
  },
  'alerts.destination_own': {
    en: "This is the Didban server's own address: alerts are never sent to it.",
    fa: 'این نشانی خود سرور دیدبان است: هشدار هرگز به آن فرستاده نمی‌شود.',
  },
  'alerts.destination_resolves_refused': {
    en: 'This name points to an address in a network the server may not send to.',
    fa: 'این نام به نشانی‌ای در شبکه‌ای اشاره می‌کند که سرور اجازه ارسال به آن را ندارد.',
  },
  'alerts.secrets_reenter': {
    en: 'The destination changed: enter this secret again (stored secrets are never sent to a new destination).',
    fa: 'مقصد تغییر کرد: این رمز را دوباره وارد کنید (رمزهای ذخیره‌شده هرگز به مقصد تازه فرستاده نمی‌شوند).',
  },
  'alerts.tracker_hook_channel': {
    en: 'No Jira or GitHub alert channel has this webhook address.',
    fa: 'هیچ کانال هشدار جیرا یا گیت‌هاب این نشانی وب‌هوک را ندارد.',
  },
  'alerts.tracker_hook_no_secret': {
    en: 'This channel has no webhook secret yet: create one in the channel settings first.',
    fa: 'این کانال هنوز رمز وب‌هوک ندارد: نخست در تنظیمات کانال یکی بسازید.',
  },
  'alerts.tracker_hook_signature': {
    en: 'The webhook signature is missing or does not match the channel secret; nothing was changed.',
    fa: 'امضای وب‌هوک نیست یا با رمز کانال نمی‌خواند؛ چیزی تغییر نکرد.',
  },
  'alerts.tracker_hook_body': {
    en: 'The webhook body is not a JSON object; nothing was changed.',
    fa: 'بدنه وب‌هوک یک شیء JSON نیست؛ چیزی تغییر نکرد.',
  },
  'alerts.tracker_hook_unknown_issue': {
    en: 'This issue was not opened by this channel for a finding of its workspace; nothing was changed.',
    fa: 'این مسئله را این کانال برای یافته‌ای از فضای کاری خودش باز نکرده است؛ چیزی تغییر نکرد.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
