import type { AssetOptionField } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterInputClass } from '../../../components/filters/filter-inputs';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useLang } from '../../../hooks/use-lang';
import { formatNumber } from '../../../lib/format-date';
import { useFilterOptions } from './use-inventory';

/**
 * A select filter's options with counts, searched with a 300 ms debounce (spec §9), at most
 * 20rem tall; choosing a chosen value removes it (spec §4).
 */
export function OptionList({
  field,
  label,
  chosen,
  scope,
  onToggle,
}: {
  field: AssetOptionField;
  label: string;
  chosen: string[];
  scope: Record<string, string>;
  onToggle: (value: string) => void;
}) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const options = useFilterOptions(field, settled, scope);
  return (
    <div className="flex flex-col gap-2">
      <input
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('inventory.filters.search', { label })}
        aria-label={t('inventory.filters.search', { label })}
        className={filterInputClass}
        data-testid="filter-option-search"
      />
      {options.isLoading ? (
        <p className="px-1 py-2 text-sm text-zinc-500">{t('inventory.filters.loading')}</p>
      ) : options.isError ? (
        <p className="px-1 py-2 text-sm text-red-300" role="alert">
          {t('inventory.filters.loadFailed')}
        </p>
      ) : !options.data?.length ? (
        <p className="px-1 py-2 text-sm text-zinc-500">{t('inventory.filters.noOptions')}</p>
      ) : (
        <ul className="flex max-h-80 flex-col gap-0.5 overflow-y-auto" aria-label={label}>
          {options.data.map((option) => {
            const on = chosen.includes(option.value);
            return (
              <li key={option.value}>
                <button
                  type="button"
                  role="menuitemcheckbox"
                  aria-checked={on}
                  onClick={() => onToggle(option.value)}
                  data-testid="filter-option"
                  data-value={option.value}
                  className={`flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-start text-sm hover:bg-zinc-800 ${
                    on ? 'text-white' : 'text-zinc-300'
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className={`inline-flex size-4 shrink-0 items-center justify-center rounded border ${
                      on ? 'border-brand-500 bg-brand-600' : 'border-zinc-600'
                    }`}
                  >
                    {on ? (
                      <svg viewBox="0 0 20 20" className="size-3" aria-hidden="true">
                        <path d="M4 10.5l4 4 8-9" fill="none" stroke="white" strokeWidth="2.4" />
                      </svg>
                    ) : null}
                  </span>
                  <span dir="auto" className="min-w-0 flex-1 truncate">
                    {option.value}
                  </span>
                  <span className="shrink-0 rounded bg-zinc-800 px-1.5 text-xs text-zinc-400 tabular-nums">
                    {formatNumber(option.count, lang)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
