/** English strings of the asset groups, group, loading and technologies pages (assets namespace). */
export const assetsGroupsEn = {
  tabs: {
    groups: 'Asset groups',
    inventory: 'Inventory',
    technologies: 'Technologies',
  },
} as const;
