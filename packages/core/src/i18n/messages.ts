import type { Lang } from './lang.js';

/**
 * Every message the server or a client may show for an error or a validation rule, in both
 * languages. Keys are stable identifiers; zod schemas carry keys as their messages and
 * `translate` turns them into text, so one rule yields the same words everywhere.
 */
export const MESSAGES = {
  // Generic validation (zod issue codes)
  'validation.required': { en: 'This field is required.', fa: 'این فیلد الزامی است.' },
  'validation.invalid_type': { en: 'Expected {expected}.', fa: 'مقدار باید از نوع {expected} باشد.' },
  'validation.too_small_string': {
    en: 'Must be at least {minimum} characters.',
    fa: 'باید دست‌کم {minimum} نویسه باشد.',
  },
  'validation.too_big_string': {
    en: 'Must be at most {maximum} characters.',
    fa: 'نباید بیش از {maximum} نویسه باشد.',
  },
  'validation.too_small': { en: 'Must be at least {minimum}.', fa: 'باید دست‌کم {minimum} باشد.' },
  'validation.too_big': { en: 'Must be at most {maximum}.', fa: 'نباید بیش از {maximum} باشد.' },
  'validation.invalid_format': { en: 'Invalid format.', fa: 'قالب نامعتبر است.' },
  'validation.invalid_value': { en: 'Invalid value.', fa: 'مقدار نامعتبر است.' },
  'validation.unrecognized_keys': { en: 'Unknown field.', fa: 'فیلد ناشناخته است.' },
  'validation.invalid': { en: 'Invalid input.', fa: 'ورودی نامعتبر است.' },

  // Sign-in and sign-up (spec §5)
  'auth.username_required': { en: 'Username is required', fa: 'نام کاربری الزامی است' },
  'auth.username_min': {
    en: 'Username must be at least 3 characters',
    fa: 'نام کاربری باید دست‌کم ۳ نویسه باشد',
  },
  'auth.username_max': {
    en: 'Username must be at most 150 characters',
    fa: 'نام کاربری نباید بیش از ۱۵۰ نویسه باشد',
  },
  'auth.username_chars': {
    en: 'Username may contain only letters, digits and . _ -',
    fa: 'نام کاربری فقط می‌تواند حرف، رقم و . _ - داشته باشد',
  },
  'auth.email_required': { en: 'Email is required', fa: 'ایمیل الزامی است' },
  'auth.email_invalid': { en: 'Enter a valid email address', fa: 'یک نشانی ایمیل معتبر وارد کنید' },
  'auth.password_required': { en: 'Password is required', fa: 'گذرواژه الزامی است' },
  'auth.password_min': {
    en: 'Password must be at least 6 characters',
    fa: 'گذرواژه باید دست‌کم ۶ نویسه باشد',
  },
  'auth.password_max': {
    en: 'Password must be at most 128 characters',
    fa: 'گذرواژه نباید بیش از ۱۲۸ نویسه باشد',
  },
  'auth.confirm_required': { en: 'Confirm password is required', fa: 'تکرار گذرواژه الزامی است' },
  'auth.confirm_mismatch': { en: 'Passwords do not match', fa: 'گذرواژه و تکرار آن یکسان نیستند' },

  // Feedback (spec §5)
  'feedback.title_required': { en: 'subject required', fa: 'موضوع الزامی است' },
  'feedback.description_required': { en: 'details required', fa: 'جزئیات الزامی است' },
  'feedback.title_max': {
    en: 'The subject is too long (200 characters at most).',
    fa: 'موضوع بیش از حد طولانی است (حداکثر ۲۰۰ نویسه).',
  },
  'feedback.description_max': {
    en: 'The details are too long (5000 characters at most).',
    fa: 'جزئیات بیش از حد طولانی است (حداکثر ۵۰۰۰ نویسه).',
  },

  // Errors the server answers with (spec §8 where it names them)
  'errors.invalid_credentials': {
    en: 'Invalid credentials. Please try again.',
    fa: 'اطلاعات ورود نادرست است. دوباره تلاش کنید.',
  },
  'errors.email_taken': {
    en: 'An account with this email already exists',
    fa: 'حسابی با این ایمیل از قبل وجود دارد',
  },
  'errors.username_taken': {
    en: 'An account with this username already exists',
    fa: 'حسابی با این نام کاربری از قبل وجود دارد',
  },
  'errors.registration_failed': {
    en: 'Registration failed. Please try again.',
    fa: 'ثبت‌نام انجام نشد. دوباره تلاش کنید.',
  },
  'errors.validation': { en: 'Some fields are not valid.', fa: 'برخی فیلدها معتبر نیستند.' },
  'errors.malformed_json': {
    en: 'The request body is not valid JSON.',
    fa: 'بدنهٔ درخواست JSON معتبری نیست.',
  },
  'errors.unsupported_media_type': {
    en: 'Unsupported content type.',
    fa: 'نوع محتوای درخواست پشتیبانی نمی‌شود.',
  },
  'errors.body_too_large': {
    en: 'The request body is too large.',
    fa: 'بدنهٔ درخواست بیش از حد بزرگ است.',
  },
  'errors.unauthenticated': {
    en: 'Authentication credentials were not provided.',
    fa: 'اطلاعات احراز هویت ارسال نشده است.',
  },
  'errors.token_invalid': {
    en: 'Your session is invalid or has expired. Please sign in again.',
    fa: 'نشست شما نامعتبر است یا منقضی شده است. دوباره وارد شوید.',
  },
  'errors.workspace_forbidden': {
    en: 'You are not a member of this workspace.',
    fa: 'شما عضو این فضای کاری نیستید.',
  },
  'errors.workspace_invalid': {
    en: 'The X-Workspace-ID header is not a valid workspace id.',
    fa: 'سرآیند X-Workspace-ID شناسهٔ معتبری برای فضای کاری نیست.',
  },
  'errors.forbidden': {
    en: 'You do not have permission to do this.',
    fa: 'شما اجازهٔ انجام این کار را ندارید.',
  },
  'errors.not_found': { en: 'Not found.', fa: 'پیدا نشد.' },
  'errors.route_not_found': {
    en: 'No such endpoint: {method} {url}',
    fa: 'چنین مسیری وجود ندارد: {method} {url}',
  },
  'errors.rate_limited': {
    en: 'Too many attempts. Try again in {seconds} seconds.',
    fa: 'تلاش‌ها بیش از حد مجاز است. {seconds} ثانیه دیگر دوباره تلاش کنید.',
  },
  'errors.internal': {
    en: 'Something went wrong on our side. Please try again.',
    fa: 'خطایی در سرور رخ داد. دوباره تلاش کنید.',
  },
  'errors.github_not_configured': {
    en: 'GitHub sign-in is not configured on this server.',
    fa: 'ورود با گیت‌هاب روی این سرور پیکربندی نشده است.',
  },
  'errors.github_failed': {
    en: 'GitHub login failed. Please try again.',
    fa: 'ورود با گیت‌هاب انجام نشد. دوباره تلاش کنید.',
  },
  'errors.github_state': {
    en: 'The GitHub sign-in link has expired or was tampered with. Please start again.',
    fa: 'پیوند ورود با گیت‌هاب منقضی یا دست‌کاری شده است. دوباره شروع کنید.',
  },
  'errors.github_no_email': {
    en: 'Your GitHub account has no verified email address.',
    fa: 'حساب گیت‌هاب شما هیچ ایمیل تأییدشده‌ای ندارد.',
  },
  'errors.redirect_not_allowed': {
    en: 'Only loopback redirect addresses (http://127.0.0.1:PORT/...) are allowed.',
    fa: 'فقط نشانی‌های بازگشت محلی (http://127.0.0.1:PORT/...) مجاز است.',
  },
  'errors.unknown': { en: 'An unknown error occurred', fa: 'خطای ناشناخته‌ای رخ داد' },
  'errors.network': {
    en: 'Network error: the server could not be reached.',
    fa: 'خطای شبکه: دسترسی به سرور ممکن نشد.',
  },
  // Workers, task queue and discovery (issue 4)
  'errors.worker_key_invalid': {
    en: 'The worker API key is missing, invalid or revoked.',
    fa: 'کلید API کارگر وارد نشده، نامعتبر است یا باطل شده است.',
  },
  'errors.lease_lost': {
    en: 'This task is no longer leased to this worker.',
    fa: 'این وظیفه دیگر در اختیار این کارگر نیست.',
  },
  'errors.task_cancelled': { en: 'The task was cancelled.', fa: 'این وظیفه لغو شده است.' },
  'errors.result_invalid': {
    en: 'A result in this batch is not valid.',
    fa: 'یکی از نتایج این دسته معتبر نیست.',
  },
  'errors.photo_missing': { en: 'Choose a photo to upload.', fa: 'یک عکس برای بارگذاری انتخاب کنید.' },
  'errors.photo_type': {
    en: 'The photo must be a PNG or JPG image.',
    fa: 'عکس باید یک تصویر PNG یا JPG باشد.',
  },
  'errors.photo_too_large': {
    en: 'The photo must be at most 2 MB.',
    fa: 'حجم عکس باید حداکثر ۲ مگابایت باشد.',
  },
  'workers.group_unknown': {
    en: 'This worker group does not exist.',
    fa: 'این گروه کارگر وجود ندارد.',
  },
  'notify.discovery_finished': {
    en: 'Discovery of {name} finished: {count} new asset(s).',
    fa: 'کشف دارایی‌های {name} تمام شد: {count} دارایی جدید.',
  },
  'notify.discovery_failed': {
    en: 'Discovery of {name} failed.',
    fa: 'کشف دارایی‌های {name} ناموفق بود.',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES, value);
}

/**
 * Text of a message in a language, with `{name}` placeholders filled.
 * @example translate('auth.password_min', 'en') // 'Password must be at least 6 characters'
 */
export function translate(key: MessageKey, lang: Lang, params: Record<string, unknown> = {}): string {
  const template: string = MESSAGES[key][lang];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
