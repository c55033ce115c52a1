import i18next from 'i18next';

/**
 * i18next once started. The router resolves the first page's chunks while main.tsx still awaits
 * initI18n, and init replaces every resource, so strings are added only after it.
 */
export function whenInitialized(): Promise<void> {
  if (i18next.isInitialized) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      i18next.off('initialized', done);
      resolve();
    };
    i18next.on('initialized', done);
  });
}
