import type { Lang } from './lang.js';

/**
 * Messages of account security (issue 35): password change and reset, signing out, per-account
 * sign-in throttling, password rules beyond the common list, an address reclaimed by its
 * verified owner. Spread into MESSAGES.
 */
export const ACCOUNT_SECURITY_MESSAGES = {
  'auth.password_blank': {
    en: 'A password cannot be only spaces.',
    fa: 'گذرواژه نمی‌تواند فقط فاصله باشد.',
  },
  'auth.password_like_account': {
    en: 'The password must not be your username, your email or the name of this service. Choose another.',
    fa: 'گذرواژه نباید نام کاربری، ایمیل شما یا نام این سرویس باشد. گذرواژهٔ دیگری انتخاب کنید.',
  },
  'auth.old_password_required': {
    en: 'Enter your current password.',
    fa: 'گذرواژهٔ فعلی را وارد کنید.',
  },
  'auth.new_password_same': {
    en: 'The new password must differ from the current one.',
    fa: 'گذرواژهٔ تازه باید با گذرواژهٔ فعلی فرق داشته باشد.',
  },
  'errors.old_password_wrong': {
    en: 'The current password is wrong.',
    fa: 'گذرواژهٔ فعلی نادرست است.',
  },
  'errors.no_password_set': {
    en: 'This account has no password yet (it signs in with GitHub). Use “Forgot password” to set one.',
    fa: 'این حساب هنوز گذرواژه ندارد (با گیت‌هاب وارد می‌شود). برای تعیین گذرواژه از «فراموشی گذرواژه» استفاده کنید.',
  },
  'errors.reset_link_invalid': {
    en: 'This reset link is invalid, has expired or was already used. Ask for a new one.',
    fa: 'این پیوند بازنشانی نامعتبر، منقضی یا پیش‌تر استفاده شده است. پیوند تازه‌ای بخواهید.',
  },
  'errors.account_locked': {
    en: 'Too many wrong passwords for this account. Try again in {minutes} minutes, or reset your password.',
    fa: 'برای این حساب گذرواژهٔ نادرست بیش از حد وارد شده است. {minutes} دقیقهٔ دیگر دوباره تلاش کنید یا گذرواژه را بازنشانی کنید.',
  },
  'errors.database_unavailable': {
    en: 'The service is briefly unavailable. Try again in a few seconds.',
    fa: 'سرویس لحظاتی در دسترس نیست. چند ثانیهٔ دیگر دوباره تلاش کنید.',
  },
  'notify.login_locked': {
    en: 'Sign-in to your account was locked for {minutes} minutes after {count} wrong passwords. If this was not you, change your password.',
    fa: 'ورود به حساب شما پس از {count} گذرواژهٔ نادرست برای {minutes} دقیقه قفل شد. اگر شما نبودید، گذرواژه را تغییر دهید.',
  },
  'notify.email_reclaimed': {
    en: 'The address {email} was reclaimed by its verified owner and removed from this account. Set a new address in your profile.',
    fa: 'نشانی {email} را صاحب تأییدشدهٔ آن پس گرفت و از این حساب برداشته شد. در نمایه نشانی تازه‌ای تعیین کنید.',
  },
  'activity.account.email_reclaimed': {
    en: '{actor} proved to own the address {email} and reclaimed it; the unverified account {target} lost it.',
    fa: '{actor} مالکیت نشانی {email} را ثابت کرد و آن را پس گرفت؛ حساب تأییدنشدهٔ {target} آن را از دست داد.',
  },
  'activity.account.reset_reclaimed': {
    en: 'A password-reset link opened from {email} proved the address: the password was replaced and every earlier session of {actor} signed out.',
    fa: 'پیوند بازنشانی گذرواژه که از {email} باز شد نشانی را ثابت کرد: گذرواژه عوض شد و همهٔ نشست‌های پیشین {actor} پایان یافت.',
  },
  'mail.reset_subject': {
    en: 'Reset your Didban password',
    fa: 'بازنشانی گذرواژهٔ دیدبان',
  },
  'mail.reset_body': {
    en: 'Hello {username},\n\nSomeone (hopefully you) asked to reset the password of your Didban account. Open this link to choose a new password:\n\n{link}\n\nThe link works once, for {minutes} minutes. If you did not ask for it, ignore this message: your password stays as it is.\n\nDidban',
    fa: '{username} عزیز، سلام\n\nکسی (امیدواریم خود شما) خواسته است گذرواژهٔ حساب دیدبان شما بازنشانی شود. برای انتخاب گذرواژهٔ تازه این پیوند را باز کنید:\n\n{link}\n\nاین پیوند یک بار و تا {minutes} دقیقه کار می‌کند. اگر شما درخواستش نکرده‌اید، این پیام را نادیده بگیرید: گذرواژهٔ شما تغییر نمی‌کند.\n\nدیدبان',
  },
  'mail.locked_subject': {
    en: 'Sign-in to your Didban account was locked',
    fa: 'ورود به حساب دیدبان شما قفل شد',
  },
  'mail.locked_body': {
    en: 'Hello {username},\n\nAfter {count} wrong passwords, sign-in to your Didban account is locked for {minutes} minutes. If this was not you, someone is guessing your password: change it, or reset it here:\n\n{link}\n\nDidban',
    fa: '{username} عزیز، سلام\n\nپس از {count} گذرواژهٔ نادرست، ورود به حساب دیدبان شما برای {minutes} دقیقه قفل است. اگر شما نبودید، کسی در حال حدس زدن گذرواژهٔ شماست: آن را تغییر دهید یا از این‌جا بازنشانی کنید:\n\n{link}\n\nدیدبان',
  },
} as const satisfies Record<string, Record<Lang, string>>;
