import type { Translations } from '../en';
import type { assetsGroupsEn } from '../en/assets-groups';
import { assetsInventoryFa } from './assets-inventory';

/** Persian strings of the assets namespace. */
// The asset group pages' strings (fa/assets-groups.ts) come with those pages, as in en/assets.ts.
export const assetsFa = {
  title: 'دارایی‌ها',
  ...assetsInventoryFa,
} satisfies Omit<Translations['assets'], keyof typeof assetsGroupsEn> as Translations['assets'];
