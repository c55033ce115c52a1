import type { Lang } from './lang.js';

/**
 * Messages of account hardening (issue 15): email verification, common passwords, GitHub
 * sign-in attaching only through verified emails, text PostgreSQL cannot store. Kept in their
 * own file and spread into MESSAGES.
 */
export const ACCOUNT_MESSAGES = {
  'auth.password_common': {
    en: 'This password is one of the most common ones and easy to guess. Choose another.',
    fa: 'این گذرواژه از رایج‌ترین گذرواژه‌هاست و به‌آسانی حدس زده می‌شود. گذرواژهٔ دیگری انتخاب کنید.',
  },
  'validation.unstorable_text': {
    en: 'Contains characters that cannot be stored (such as a NUL character). Remove them.',
    fa: 'نویسه‌هایی دارد که ذخیره نمی‌شوند (مانند نویسهٔ NUL). آن‌ها را حذف کنید.',
  },
  'errors.field_invalid': {
    en: '{field}: {message}',
    fa: '{field}: {message}',
  },
  'errors.email_verify_invalid': {
    en: 'This verification link is invalid or has expired. Ask for a new one from your profile.',
    fa: 'این پیوند تأیید نامعتبر یا منقضی است. از صفحهٔ نمایه پیوند تازه‌ای بخواهید.',
  },
  'errors.email_already_verified': {
    en: 'Your email address is already verified.',
    fa: 'نشانی ایمیل شما پیش‌تر تأیید شده است.',
  },
  'errors.github_email_unverified': {
    en: 'An account with this email exists, but its email has not been verified. Sign in with your password, verify your email from your profile, then use GitHub.',
    fa: 'حسابی با این ایمیل وجود دارد اما ایمیل آن تأیید نشده است. با گذرواژه وارد شوید، ایمیل خود را از صفحهٔ نمایه تأیید کنید و سپس از گیت‌هاب استفاده کنید.',
  },
  'errors.invitee_email_unverified': {
    en: 'The account with this email has not verified it yet, so it cannot be invited by email. Invite them by username, or ask them to verify their email first.',
    fa: 'حسابی که این ایمیل را دارد هنوز آن را تأیید نکرده است، پس با ایمیل دعوت نمی‌شود. با نام کاربری دعوتش کنید یا از او بخواهید نخست ایمیلش را تأیید کند.',
  },
  'activity.workers.revoked': {
    en: '{count} worker key(s) made by {target} were revoked as they left the team: {names}.',
    fa: '{count} کلید کارگزار ساختهٔ {target} با رفتنش از تیم باطل شد: {names}.',
  },
  'activity.workers.unknown_maker_kept': {
    en: '{count} worker key(s) of this team were made before Didban recorded who makes a key, so they were kept when {target} left: {names}. Revoke any that were theirs.',
    fa: '{count} کلید کارگزار این تیم پیش از آن ساخته شده که دیدبان سازندهٔ کلید را ثبت کند، پس با رفتن {target} باقی ماند: {names}. هر کدام را که از او بود باطل کنید.',
  },
  'mail.verify_subject': {
    en: 'Confirm your email address for Didban',
    fa: 'تأیید نشانی ایمیل در دیدبان',
  },
  'mail.verify_body': {
    en: 'Hello {username},\n\nOpen this link to confirm that {email} is your email address:\n\n{link}\n\nThe link works for {hours} hours. If you did not ask for it, ignore this message.\n\nDidban',
    fa: '{username} عزیز، سلام\n\nبرای تأیید این‌که {email} نشانی ایمیل شماست این پیوند را باز کنید:\n\n{link}\n\nاین پیوند تا {hours} ساعت کار می‌کند. اگر شما درخواستش نکرده‌اید، این پیام را نادیده بگیرید.\n\nدیدبان',
  },
} as const satisfies Record<string, Record<Lang, string>>;
