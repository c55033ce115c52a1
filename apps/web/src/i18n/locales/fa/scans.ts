import type { Translations } from '../en';

/** Persian strings of the scans namespace. */
export const scansFa: Translations['scans'] = {
  title: 'اسکن‌ها',
};
