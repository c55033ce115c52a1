import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Rows kept on screen while the next answer loads (TanStack's keepPreviousData) no longer match
 * what was asked (a new sort, page or filter): dim them and show a moving bar until the answer
 * arrives, so nobody reads the old rows as the result.
 */
export function StaleFrame({ stale, children }: { stale: boolean; children: ReactNode }) {
  const { t } = useTranslation('shared');
  return (
    <div className="relative" aria-busy={stale} data-stale={stale ? '' : undefined}>
      {stale ? (
        <div
          role="status"
          data-testid="rows-updating"
          className="absolute inset-x-0 -top-2 z-10 h-0.5 animate-pulse rounded bg-brand-500"
        >
          <span className="sr-only">{t('loading')}</span>
        </div>
      ) : null}
      <div className={`transition-opacity ${stale ? 'pointer-events-none opacity-50' : ''}`}>{children}</div>
    </div>
  );
}
