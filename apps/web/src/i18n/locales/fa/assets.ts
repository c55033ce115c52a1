import type { Translations } from '../en';

/** Persian strings of the assets namespace. */
export const assetsFa: Translations['assets'] = {
  title: 'دارایی‌ها',
};
