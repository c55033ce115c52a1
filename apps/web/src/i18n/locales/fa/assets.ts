import type { Translations } from '../en';
import { assetsGroupsFa } from './assets-groups';
import { assetsInventoryFa } from './assets-inventory';

/** Persian strings of the assets namespace. */
export const assetsFa: Translations['assets'] = {
  title: 'دارایی‌ها',
  ...assetsGroupsFa,
  ...assetsInventoryFa,
};
