import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogLayers } from '../../lib/dialog-layers';
import { type SnackbarLevel, snackbarStore } from '../../lib/snackbar-store';

const LEVEL_CLASS: Record<SnackbarLevel, string> = {
  success: 'border-emerald-500/50 bg-emerald-950 text-emerald-100',
  error: 'border-red-500/50 bg-red-950 text-red-100',
  warning: 'border-amber-500/50 bg-amber-950 text-amber-100',
  info: 'border-sky-500/50 bg-sky-950 text-sky-100',
};

/**
 * Spec §9 snackbars, stacked at the bottom end corner (bottom-left in Persian). The page's copy
 * steps aside while a dialog is open: the dialog draws its own (`inDialog`), above its overlay.
 */
export function Snackbars({ inDialog = false }: { inDialog?: boolean }) {
  const items = useSyncExternalStore(snackbarStore.subscribe, snackbarStore.getSnapshot);
  const dialogs = useSyncExternalStore(dialogLayers.subscribe, dialogLayers.count);
  const { t } = useTranslation('shared');
  if (!inDialog && dialogs > 0) return null;
  return (
    <section
      aria-live="polite"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-[200] flex flex-col items-end gap-2 sm:inset-x-auto sm:end-4"
    >
      {items.map((item) => (
        <div
          key={item.id}
          role={item.level === 'error' ? 'alert' : 'status'}
          data-level={item.level}
          data-testid="snackbar"
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${LEVEL_CLASS[item.level]}`}
        >
          <span className="sr-only">{t(`snackbar.${item.level}`)}: </span>
          <p className="flex-1" data-testid="snackbar-message">
            {item.message}
          </p>
          <button
            type="button"
            onClick={() => snackbarStore.dismiss(item.id)}
            className="rounded p-0.5 opacity-70 hover:opacity-100"
            aria-label={t('snackbar.dismiss')}
          >
            <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </section>
  );
}
