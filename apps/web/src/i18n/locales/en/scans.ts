import { scansListEn } from './scans-list';
import { scansRunEn } from './scans-run';
/** English strings of the scans namespace; fa/scans.ts has exactly the same keys. */
export const scansEn = {
  ...scansRunEn,
  ...scansListEn,
  title: 'Scans',
} as const;
