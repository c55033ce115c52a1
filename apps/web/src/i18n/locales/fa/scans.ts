import type { Translations } from '../en';
import { scansListFa } from './scans-list';
import { scansRunFa } from './scans-run';

/** Persian strings of the scans namespace. */
export const scansFa: Translations['scans'] = {
  ...scansRunFa,
  ...scansListFa,
  title: 'اسکن‌ها',
};
