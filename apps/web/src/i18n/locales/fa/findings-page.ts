import type { findingsPageEn } from '../en/findings-page';

/** Persian strings of the Findings page (en/findings-page.ts has the same keys). */
export const findingsPageFa: { readonly [K in keyof typeof findingsPageEn]: string } = {
  title: 'یافته‌ها',
  intro: 'همهٔ یافته‌های این فضای کاری، در همهٔ اسکن‌ها: فیلتر کنید، گروهی رسیدگی کنید، خروجی بگیرید.',
  listTitle: 'همهٔ یافته‌ها',
  unresolved: 'باز یا در حال رسیدگی',
  mine: 'واگذارشده به من',
};
