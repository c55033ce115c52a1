import type { Lang } from '@didban/core';

/**
 * The forgot-password and reset pages' words, fa and en (issue 35). Kept with those pages, not in
 * the language file the sign-in route downloads (its size budget, docs/benchmarks.md).
 */
const TEXT = {
  'forgot.title': {
    en: 'Forgot your password?',
    fa: 'گذرواژه را فراموش کرده‌اید؟',
  },
  'forgot.subtitle': {
    en: 'Enter the email address of your account. We will send a link to choose a new password.',
    fa: 'نشانی ایمیل حساب خود را وارد کنید. پیوندی برای انتخاب گذرواژهٔ تازه می‌فرستیم.',
  },
  'forgot.submit': {
    en: 'Send the link',
    fa: 'فرستادن پیوند',
  },
  'forgot.submitting': {
    en: 'Sending…',
    fa: 'در حال فرستادن…',
  },
  'forgot.sentTitle': {
    en: 'Check your email',
    fa: 'ایمیل خود را ببینید',
  },
  'forgot.sentBody': {
    en: 'If an account uses this address, a link to choose a new password is on its way to:',
    fa: 'اگر حسابی با این نشانی باشد، پیوندی برای انتخاب گذرواژهٔ تازه به این نشانی فرستاده می‌شود:',
  },
  'forgot.sentHint': {
    en: 'The link works once, for 30 minutes. Nothing arrived? Look in the spam folder, or ask again in a few minutes.',
    fa: 'پیوند یک بار و تا ۳۰ دقیقه کار می‌کند. چیزی نرسید؟ پوشهٔ هرزنامه را ببینید یا چند دقیقهٔ دیگر دوباره درخواست کنید.',
  },
  'forgot.back': {
    en: 'Back to sign in',
    fa: 'بازگشت به ورود',
  },
  'reset.title': {
    en: 'Choose a new password',
    fa: 'گذرواژهٔ تازه را انتخاب کنید',
  },
  'reset.subtitle': {
    en: 'After this, every session of your account is signed out, and you are signed in here.',
    fa: 'پس از این، همهٔ نشست‌های حساب شما پایان می‌یابد و همین‌جا وارد می‌شوید.',
  },
  'reset.newPassword': {
    en: 'New password',
    fa: 'گذرواژهٔ تازه',
  },
  'reset.submit': {
    en: 'Set the new password',
    fa: 'ثبت گذرواژهٔ تازه',
  },
  'reset.submitting': {
    en: 'Saving…',
    fa: 'در حال ذخیره…',
  },
  'reset.done': {
    en: 'Your password was changed. Every other session was signed out.',
    fa: 'گذرواژهٔ شما عوض شد. همهٔ نشست‌های دیگر پایان یافت.',
  },
  'reset.deadTitle': {
    en: 'This link cannot be used',
    fa: 'این پیوند قابل استفاده نیست',
  },
  'reset.missing': {
    en: 'This address has no reset code. Open the whole link from the email.',
    fa: 'این نشانی کد بازنشانی ندارد. کل پیوند ایمیل را باز کنید.',
  },
  'reset.askNew': {
    en: 'Ask for a new link',
    fa: 'درخواست پیوند تازه',
  },
} as const;

export type PasswordTextKey = keyof typeof TEXT;
export const passwordText = (lang: Lang) => (key: PasswordTextKey) => TEXT[key][lang];
