import {
  type AssetFilterKey,
  type AssetListAction,
  type AssetListState,
  applyFilterChoice,
} from '@didban/core';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../hooks/use-lang';
import { formatDate } from '../../../lib/format-date';
import { FILTER_TYPES, type FilterType } from './filter-keys';
import { DateFilter, OptionList, TextFilter } from './filter-panels';

/**
 * Spec §2 advanced filter bar: an Add-filters menu with the types on the start side and the
 * hovered type's options on the end side; applied filters as removable badges; Clear all.
 * Escape or a click outside closes the menu (Headless UI's Popover does both).
 */
export function FilterBar({
  state,
  scope,
  dispatch,
}: {
  state: AssetListState;
  /** Group and history the option values are counted in. */
  scope: Record<string, string>;
  dispatch: (action: AssetListAction) => void;
}) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  const [active, setActive] = useState<FilterType>(FILTER_TYPES[0]!);
  const label = (key: FilterType['key']) => t(`inventory.filters.keys.${key}`);

  const badges: { id: string; text: string; remove: () => void }[] = [];
  for (const type of FILTER_TYPES) {
    if (type.key === 'date') continue;
    for (const value of state.filters[type.key] ?? []) {
      badges.push({
        id: `${type.key}:${value}`,
        text: `${label(type.key)}: ${value}`,
        remove: () => dispatch({ type: 'toggle_filter', key: type.key as AssetFilterKey, value }),
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
    <div className="flex flex-wrap items-center gap-2" data-testid="filter-bar">
      <Popover className="relative">
        <PopoverButton
          className="inline-flex items-center gap-2 rounded-lg border border-dashed border-zinc-600 px-3 py-2 text-sm text-zinc-200 hover:bg-zinc-800"
          data-testid="add-filters"
        >
          <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
            <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="1.8" />
          </svg>
          {t('inventory.filters.add')}
        </PopoverButton>
        <PopoverPanel
          anchor="bottom start"
          className="z-50 flex w-[36rem] max-w-[calc(100vw-2rem)] rounded-xl border border-zinc-800 bg-zinc-900 shadow-2xl"
          data-testid="filter-menu"
        >
          {({ close }) => (
            <>
              <ul
                aria-label={t('inventory.filters.types')}
                className="flex w-44 shrink-0 flex-col gap-0.5 border-e border-zinc-800 p-1"
              >
                {FILTER_TYPES.map((type) => (
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
                  <OptionList
                    key={active.key}
                    field={active.key}
                    label={label(active.key)}
                    chosen={state.filters[active.key] ?? []}
                    scope={scope}
                    onToggle={(value) => {
                      const outcome = applyFilterChoice({ kind: 'select', key: active.key, value });
                      if (outcome.action) dispatch(outcome.action);
                    }}
                  />
                ) : active.kind === 'text' ? (
                  <TextFilter
                    key={active.key}
                    label={label(active.key)}
                    onAdd={(text) => {
                      const outcome = applyFilterChoice({ kind: 'text', key: active.key, text });
                      if (outcome.action) dispatch(outcome.action);
                      return outcome.clearInput;
                    }}
                  />
                ) : (
                  <DateFilter
                    initial={state.filters.date ?? null}
                    onApply={(after, before) => {
                      const outcome = applyFilterChoice({ kind: 'date', after, before });
                      if (outcome.action) dispatch(outcome.action);
                      if (outcome.closeMenu) close();
                    }}
                  />
                )}
              </div>
            </>
          )}
        </PopoverPanel>
      </Popover>
      {badges.length ? (
        <ul className="flex flex-wrap items-center gap-2" aria-label={t('inventory.filters.applied')}>
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
                aria-label={t('inventory.filters.remove', { label: badge.text })}
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
              {t('inventory.filters.clearAll')}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
