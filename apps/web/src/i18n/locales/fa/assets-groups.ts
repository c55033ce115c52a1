import type { Translations } from '../en';
import type { assetsGroupsEn } from '../en/assets-groups';

/** Persian strings of the asset groups, group, loading and technologies pages (assets namespace). */
export const assetsGroupsFa: Pick<Translations['assets'], keyof typeof assetsGroupsEn> = {
  tabs: {
    groups: 'گروه‌های دارایی',
    inventory: 'فهرست دارایی‌ها',
    technologies: 'فناوری‌ها',
  },
};
