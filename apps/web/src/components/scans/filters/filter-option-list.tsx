import type { ScanFilterOption } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useLang } from '../../../hooks/use-lang';
import { formatNumber } from '../../../lib/format-date';
import { useScanFilterValues } from '../../../pages/scans/use-scans';
import { filterInputClass } from '../../filters/filter-inputs';
import { hasSampleValues, sampleFilterOptions } from './sample-filter-values';

/**
 * A select filter's options with counts, searched with a 300 ms debounce (spec §9), at most 20rem
 * tall; choosing a chosen value removes it (spec §4). When loading fails, the keys of spec §8 fall
 * back to built-in sample values filtered by the search text; the others say it failed.
 */
export function FilterOptionList({
  field,
  label,
  chosen,
  onToggle,
}: {
  field: string;
  label: string;
  chosen: string[];
  onToggle: (option: ScanFilterOption) => void;
}) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const options = useScanFilterValues(field, settled);
  const fallback = options.isError && hasSampleValues(field);
  const items = fallback ? sampleFilterOptions(field, settled) : (options.data ?? []);

  return (
    <div className="flex flex-col gap-2">
      <input
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('filters.search', { label })}
        aria-label={t('filters.search', { label })}
        className={filterInputClass}
        data-testid="filter-option-search"
      />
      {fallback ? (
        <p className="px-1 text-xs text-amber-300" data-testid="filter-sample-note">
          {t('filters.sample')}
        </p>
      ) : null}
      {options.isLoading ? (
        <p className="px-1 py-2 text-sm text-zinc-500">{t('filters.loading')}</p>
      ) : options.isError && !fallback ? (
        <p className="px-1 py-2 text-sm text-red-300" role="alert">
          {t('filters.loadFailed')}
        </p>
      ) : items.length === 0 ? (
        <p className="px-1 py-2 text-sm text-zinc-500">{t('filters.noOptions')}</p>
      ) : (
        <ul className="flex max-h-80 flex-col gap-0.5 overflow-y-auto" aria-label={label}>
          {items.map((option) => {
            const on = chosen.includes(option.value);
            const text =
              field === 'status'
                ? t(`status.${option.value as 'running'}`, option.value)
                : (option.label ?? option.value);
            return (
              <li key={option.value}>
                <button
                  type="button"
                  role="menuitemcheckbox"
                  aria-checked={on}
                  onClick={() => onToggle({ ...option, label: text })}
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
                    {text}
                  </span>
                  {fallback ? null : (
                    <span className="shrink-0 rounded bg-zinc-800 px-1.5 text-xs text-zinc-400 tabular-nums">
                      {formatNumber(option.count, lang)}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
