import type { EnumerationHistory } from '@didban/core';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { TONE_CLASS } from '../../../components/ui/status-badge';
import { useLang } from '../../../hooks/use-lang';
import { formatDateTime, formatNumber } from '../../../lib/format-date';
import { intlLocale } from '../../../lib/language';
import { formatDuration, signedCount } from './history-format';

/**
 * Spec §2 scan history dropdown: 'Latest scan (live data)' and each finished history by completion
 * date; hovering one shows its duration and signed new-asset count.
 */
export function HistoryMenu({
  histories,
  historyId,
  onChange,
}: {
  histories: EnumerationHistory[];
  historyId: string | null;
  onChange: (historyId: string | null) => void;
}) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  const current = histories.find((h) => h.id === historyId);
  const item =
    'group flex w-full flex-col gap-0.5 rounded-md px-3 py-2 text-start text-sm data-focus:bg-zinc-800';
  return (
    <Menu as="div" className="relative">
      <MenuButton
        className="inline-flex items-center gap-2 rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-2 text-sm hover:bg-zinc-800"
        data-testid="history-menu"
      >
        <span className="text-zinc-400">{t('inventory.history.label')}:</span>
        <span>
          {current?.completed_at ? formatDateTime(current.completed_at, lang) : t('inventory.history.live')}
        </span>
        <svg viewBox="0 0 20 20" className="size-4 text-zinc-400" aria-hidden="true">
          <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </MenuButton>
      {/* Headless UI's anchor writes an inline max-height (the room below) over max-h-60: the
          list was 267 px where spec §9 says 15rem. Its --anchor-max-height caps that value. */}
      <MenuItems
        anchor="bottom start"
        className="z-50 max-h-60 w-72 overflow-y-auto [--anchor-max-height:15rem] rounded-xl border border-zinc-800 bg-zinc-900 p-1 shadow-xl focus:outline-none"
      >
        <MenuItem>
          <button
            type="button"
            className={item}
            onClick={() => onChange(null)}
            aria-current={historyId === null}
          >
            {t('inventory.history.live')}
          </button>
        </MenuItem>
        {histories.length === 0 ? (
          <p className="px-3 py-2 text-xs text-zinc-500">{t('inventory.history.empty')}</p>
        ) : null}
        {histories.map((history) => {
          const count = signedCount(history.new_assets, (n) => formatNumber(n, lang));
          return (
            <MenuItem key={history.id}>
              <button
                type="button"
                className={item}
                onClick={() => onChange(history.id)}
                aria-current={historyId === history.id}
                data-testid="history-item"
                data-history-id={history.id}
              >
                <span>{formatDateTime(history.completed_at!, lang)}</span>
                {/* Shown while hovered or focused (spec §2). */}
                <span
                  className="hidden flex-wrap gap-2 text-xs text-zinc-400 group-hover:flex group-focus:flex group-data-focus:flex"
                  data-testid="history-hover"
                >
                  {history.duration !== null ? (
                    <span>
                      {t('inventory.history.duration', {
                        duration: formatDuration(history.duration, intlLocale(lang)),
                      })}
                    </span>
                  ) : null}
                  <span>
                    {t('inventory.history.newAssets')}{' '}
                    <span
                      dir="ltr"
                      data-tone={count.tone}
                      data-testid="history-new-assets"
                      className={`rounded px-1 ring-1 ring-inset ${TONE_CLASS[count.tone]}`}
                    >
                      {count.text}
                    </span>
                  </span>
                </span>
              </button>
            </MenuItem>
          );
        })}
      </MenuItems>
    </Menu>
  );
}
