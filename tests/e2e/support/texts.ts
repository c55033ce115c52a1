import type { Lang } from './browser';

/**
 * What a user reads on the pages under test, in both languages. Written out here (not imported
 * from the panel) so a changed wording is a visible, deliberate test change.
 */
export const TEXT = {
  fa: {
    signInTitle: 'ورود به دیدبان',
    signUpTitle: 'ساخت حساب دیدبان',
    toSignUp: 'یکی بسازید',
    username: 'نام کاربری',
    email: 'ایمیل',
    password: 'گذرواژه',
    confirmPassword: 'تکرار گذرواژه',
    signInButton: 'ورود',
    signUpButton: 'ساخت حساب',
    heroTitle: 'سطح حملهٔ خود را زیر نظر بگیرید',
    greeting: (name: string) => `\u2068${name}\u2069، خوش آمدید`,
    profileMenu: 'منوی حساب',
    signOut: 'خروج',
    switchLanguage: 'تغییر زبان به انگلیسی',
    settings: 'تنظیمات',
    feedback: 'بازخورد',
    feedbackSubject: 'موضوع',
    feedbackDetails: 'جزئیات',
    send: 'ارسال',
    feedbackSent: 'بازخورد با موفقیت ارسال شد.',
    notificationsTitle: 'اعلان‌ها',
    total: (n: string) => `همه: ${n}`,
    unseen: (n: string) => `خوانده‌نشده: ${n}`,
    markSeen: 'خوانده‌شده کن',
    markAllSeen: 'همه را خوانده‌شده کن',
    viewAll: 'دیدن همه',
    errorTitle: 'خطایی رخ داد',
    errorBody: 'انجام فرایند ممکن نشد. دوباره تلاش کنید یا با پشتیبانی تماس بگیرید.',
    profileTitle: 'نمایه',
    save: 'ذخیره',
    profileSaved: 'نمایه ذخیره شد.',
  },
  en: {
    signInTitle: 'Sign in to Didban',
    signUpTitle: 'Create your Didban account',
    toSignUp: 'Create one',
    username: 'Username',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm password',
    signInButton: 'Sign in',
    signUpButton: 'Create account',
    heroTitle: 'Watch over your attack surface',
    greeting: (name: string) => `Welcome, \u2068${name}\u2069`,
    profileMenu: 'Account menu',
    signOut: 'Sign out',
    switchLanguage: 'Switch language to Persian',
    settings: 'Settings',
    feedback: 'Feedback',
    feedbackSubject: 'Subject',
    feedbackDetails: 'Details',
    send: 'Send',
    feedbackSent: 'Feedback sent successfully.',
    notificationsTitle: 'Notifications',
    total: (n: string) => `Total: ${n}`,
    unseen: (n: string) => `Unseen: ${n}`,
    markSeen: 'Mark as seen',
    markAllSeen: 'Mark all as seen',
    viewAll: 'View all',
    errorTitle: 'An Error Occurred',
    errorBody: 'Could not complete the process. Please try again or contact support.',
    profileTitle: 'Profile',
    save: 'Save',
    profileSaved: 'Profile saved.',
  },
} satisfies Record<Lang, Record<string, unknown>>;

export const other = (lang: Lang): Lang => (lang === 'fa' ? 'en' : 'fa');

/** Digits as the page writes them: Persian digits in fa. */
export const digits = (n: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'fa' ? 'fa-IR' : 'en-US').format(n);
