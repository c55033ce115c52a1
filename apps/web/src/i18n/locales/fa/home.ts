import type { Translations } from '../en';

/** Persian strings of the home namespace. */
// The dashboard strings (fa/home-dashboard.ts) come with the home page, as in en/home.ts.
export const homeFa = {
  hero: {
    title: 'سطح حملهٔ خود را زیر نظر بگیرید',
    body: 'دیدبان دامنه‌ها، میزبان‌ها و سرویس‌های شما را پیدا می‌کند و با قالب‌ها اسکنشان می‌کند؛ روی کارگزارهای خودتان یا کارگزار داخلی.',
    greeting: '{{name}}، خوش آمدید',
  },
  quickActions: {
    title: 'دسترسی سریع',
    scans: 'اجرای اسکن',
    scansBody: 'گروه‌های دارایی را با قالب‌ها اسکن کنید و نتیجه را دنبال کنید.',
    assets: 'مدیریت دارایی‌ها',
    assetsBody: 'دامنه‌ها و بازه‌های IP را گروه‌بندی کنید و ببینید چه چیزی رویشان اجرا می‌شود.',
    templates: 'نوشتن قالب',
    templatesBody: 'قالب‌های اسکن را ویرایش، بارگذاری و آزمایش کنید.',
    teams: 'کار تیمی',
    teamsBody: 'دیگران را دعوت کنید و فضای کاری مشترک داشته باشید.',
  },
} satisfies Omit<
  Translations['home'],
  'sla' | 'stats' | 'severity' | 'workersMap' | 'firstStep'
> as Translations['home'];
