import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Rows kept on screen while the next answer loads (TanStack's keepPreviousData) no longer match
 * what was asked (a new sort, page or filter): they pulse dimmed like skeleton rows, under a
 * moving bar and an "Updating…" label, until the answer arrives, so nobody reads the old rows as
 * the result.
 */
export function StaleFrame({ stale, children }: { stale: boolean; children: ReactNode }) {
  const { t } = useTranslation('shared');
  return (
    <div className="relative" aria-busy={stale} data-stale={stale ? '' : undefined}>
      {stale ? (
        <div role="status" data-testid="rows-updating" className="absolute inset-x-0 -top-2 z-10">
          <div className="h-0.5 animate-pulse rounded bg-brand-500" />
          <span className="absolute start-1/2 top-3 -translate-x-1/2 rounded-full bg-zinc-900/95 px-3 py-1 text-xs text-zinc-200 shadow ring-1 ring-zinc-700 rtl:translate-x-1/2">
            {t('updating')}
          </span>
        </div>
      ) : null}
      <div className={`transition-opacity ${stale ? 'pointer-events-none animate-pulse opacity-40' : ''}`}>
        {children}
      </div>
    </div>
  );
}
