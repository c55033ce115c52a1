import type { assetsGroupsEn } from './assets-groups';
import { assetsInventoryEn } from './assets-inventory';
/** English strings of the assets namespace; fa/assets.ts has exactly the same keys. */
// The asset group pages' strings (assets-groups.ts) are typed here but downloaded with those pages
// (pages/assets/load-group-strings.ts), so the sign-in bundle does not carry them.
export const assetsEn = {
  title: 'Assets',
  ...assetsInventoryEn,
} as const as { readonly title: 'Assets' } & typeof assetsInventoryEn & typeof assetsGroupsEn;
