import { assetsGroupsEn } from './assets-groups';
import { assetsInventoryEn } from './assets-inventory';
/** English strings of the assets namespace; fa/assets.ts has exactly the same keys. */
export const assetsEn = {
  title: 'Assets',
  ...assetsGroupsEn,
  ...assetsInventoryEn,
} as const;
