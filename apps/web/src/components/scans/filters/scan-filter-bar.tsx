import type { ScanFilterKey } from '@didban/core';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../hooks/use-lang';
import { formatDate } from '../../../lib/format-date';
import {
  filterLabelKey,
  type ScanListAction,
  type ScanListState,
} from '../../../pages/scans/scan-list-state';
import { DateRangeInput, TextFilterInput } from './filter-inputs';
import { FilterOptionList } from './filter-option-list';
import { SCAN_FILTER_TYPES, type ScanFilterType } from './scan-filter-keys';

/**
 * The scan filter panel, with the asset filter bar's keys and rules (spec §2, §4): an Add-filters
 * menu with the types on the start side and the hovered type's options on the end side; applied
 * filters as removable badges; Clear all. Escape or a click outside closes the menu.
 */
export function ScanFilterBar({
  state,
  dispatch,
}: {
  state: ScanListState;
  dispatch: (action: ScanListAction) => void;
}) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const [active, setActive] = useState<ScanFilterType>(SCAN_FILTER_TYPES[0]!);
  const label = (key: ScanFilterKey | 'date') => t(`filters.keys.${key}`);

  const badges: { id: string; text: string; remove: () => void }[] = [];
  for (const type of SCAN_FILTER_TYPES) {
    if (type.key === 'date') continue;
    const key = type.key;
    for (const value of state.filters[key] ?? []) {
      const shown = state.labels[filterLabelKey(key, value)] ?? value;
      badges.push({
        id: `${key}:${value}`,
        text: `${label(key)}: ${shown}`,
        remove: () => dispatch({ type: 'toggle_filter', key, value }),
      });
    }
  }
  const date = state.filters.date;
  if (date) {
    badges.push({
      id: 'date',
      text: `${label('date')}: ${formatDate(`${date.after}T00:00:00`, lang)} – ${formatDate(`${date.before}T00:00:00`, lang)}`,
      remove: () => dispatch({ type: 'clear_date' }),
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="scan-filter-bar">
      <Popover className="relative">
        <PopoverButton
          className="inline-flex items-center gap-2 rounded-lg border border-dashed border-zinc-600 px-3 py-2 text-sm text-zinc-200 hover:bg-zinc-800"
          data-testid="add-filters"
        >
          <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
            <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="1.8" />
          </svg>
          {t('filters.add')}
        </PopoverButton>
        <PopoverPanel
          anchor="bottom start"
          className="z-50 flex w-[36rem] max-w-[calc(100vw-2rem)] rounded-xl border border-zinc-800 bg-zinc-900 shadow-2xl"
          data-testid="filter-menu"
        >
          {({ close }) => (
            <>
              <ul
                aria-label={t('filters.types')}
                className="flex max-h-[24rem] w-44 shrink-0 flex-col gap-0.5 overflow-y-auto border-e border-zinc-800 p-1"
              >
                {SCAN_FILTER_TYPES.map((type) => (
                  <li key={type.key}>
                    <button
                      type="button"
                      onMouseEnter={() => setActive(type)}
                      onFocus={() => setActive(type)}
                      onClick={() => setActive(type)}
                      aria-pressed={active.key === type.key}
                      data-testid={`filter-type-${type.key}`}
                      className={`flex w-full items-center justify-between rounded-md px-3 py-2 text-start text-sm ${
                        active.key === type.key ? 'bg-zinc-800 text-white' : 'text-zinc-300 hover:bg-zinc-800'
                      }`}
                    >
                      {label(type.key)}
                      <svg viewBox="0 0 20 20" className="size-3.5 rtl:-scale-x-100" aria-hidden="true">
                        <path d="M8 5l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.8" />
                      </svg>
                    </button>
                  </li>
                ))}
              </ul>
              <div className="min-w-0 flex-1 p-3" data-testid="filter-options">
                {active.kind === 'select' ? (
                  <FilterOptionList
                    key={active.key}
                    field={active.key}
                    label={label(active.key)}
                    chosen={state.filters[active.key] ?? []}
                    onToggle={(option) =>
                      dispatch({
                        type: 'toggle_filter',
                        key: active.key,
                        value: option.value,
                        label: option.label,
                      })
                    }
                  />
                ) : active.kind === 'text' ? (
                  <TextFilterInput
                    key={active.key}
                    label={label(active.key)}
                    onAdd={(text) => dispatch({ type: 'toggle_filter', key: active.key, value: text })}
                  />
                ) : (
                  <DateRangeInput
                    initial={state.filters.date ?? null}
                    onApply={(after, before) => {
                      dispatch({ type: 'set_date', after, before });
                      close();
                    }}
                  />
                )}
              </div>
            </>
          )}
        </PopoverPanel>
      </Popover>
      {badges.length ? (
        <ul className="flex flex-wrap items-center gap-2" aria-label={t('filters.applied')}>
          {badges.map((badge) => (
            <li
              key={badge.id}
              className="inline-flex items-center gap-1 rounded-full bg-brand-600/20 py-1 ps-3 pe-1 text-xs text-brand-100 ring-1 ring-brand-500/40"
              data-testid="filter-badge"
            >
              <span dir="auto">{badge.text}</span>
              <button
                type="button"
                onClick={badge.remove}
                aria-label={t('filters.remove', { label: badge.text })}
                className="rounded-full p-0.5 hover:bg-brand-500/30"
              >
                <svg viewBox="0 0 20 20" className="size-3.5" aria-hidden="true">
                  <path
                    d="M5 5l10 10M15 5L5 15"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={() => dispatch({ type: 'clear_filters' })}
              className="px-2 text-xs text-zinc-400 underline-offset-2 hover:text-zinc-200 hover:underline"
              data-testid="clear-filters"
            >
              {t('filters.clearAll')}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
