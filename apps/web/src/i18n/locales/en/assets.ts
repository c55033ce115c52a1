/** English strings of the assets namespace; fa/assets.ts has exactly the same keys. */
export const assetsEn = {
  title: 'Assets',
} as const;
