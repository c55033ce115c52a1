/** English strings of the scans namespace; fa/scans.ts has exactly the same keys. */
export const scansEn = {
  title: 'Scans',
} as const;
