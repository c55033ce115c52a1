import { scansListEn } from './scans-list';
import type { scansRunEn } from './scans-run';
/** English strings of the scans namespace; fa/scans.ts has exactly the same keys. */
export const scansEn = {
  ...scansListEn,
  title: 'Scans',
} as const as typeof scansListEn & { readonly title: 'Scans' } & typeof scansRunEn;
// The bulk scan modal's and progress page's strings (scans-run.ts) are typed here but shipped with
// those components (components/scans/run-strings.ts), so the sign-in bundle does not carry them.
