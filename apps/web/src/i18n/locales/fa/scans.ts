import type { Translations } from '../en';
import { scansListFa } from './scans-list';

/** Persian strings of the scans namespace. */
// The bulk scan modal's and progress page's strings (fa/scans-run.ts) come with those components,
// as in en/scans.ts.
export const scansFa = {
  ...scansListFa,
  title: 'اسکن‌ها',
} satisfies Omit<Translations['scans'], 'bulk' | 'progress'> as Translations['scans'];
