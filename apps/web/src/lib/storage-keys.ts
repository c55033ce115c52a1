/** Browser-storage keys. `lang` is fixed by the spec (§1); the others are ours. */
export const STORAGE_KEYS = {
  lang: 'lang',
  auth: 'didban.auth',
  workspace: 'didban.workspace',
} as const;
