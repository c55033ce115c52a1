import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useLang } from '../../hooks/use-lang';
import type { PickerItem } from '../../hooks/use-scan-pickers';
import { formatNumber } from '../../lib/format-date';

/** Spec §9 pickers: the next page loads within 50 px of the bottom; the list is at most 200 px high. */
const NEAR_BOTTOM_PX = 50;

type Pages = InfiniteData<{ results: PickerItem[]; next_page: number | null }>;

/**
 * A multi-select picker with a search box (debounced 300 ms) and a list that loads the next page
 * as it nears its end. Chosen items are kept with their names so chips read well after a search.
 */
export function InfinitePicker({
  label,
  searchPlaceholder,
  selected,
  onChange,
  usePages,
  testId,
}: {
  label: string;
  searchPlaceholder: string;
  selected: PickerItem[];
  onChange: (items: PickerItem[]) => void;
  usePages: (search: string) => UseInfiniteQueryResult<Pages>;
  testId: string;
}) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const id = useId();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const pages = usePages(settled);
  const items = pages.data?.pages.flatMap((p) => p.results) ?? [];
  const chosen = new Set(selected.map((s) => s.id));

  const toggle = (item: PickerItem) =>
    onChange(chosen.has(item.id) ? selected.filter((s) => s.id !== item.id) : [...selected, item]);

  return (
    <div className="flex flex-col gap-1.5" data-testid={testId}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-300">
        {label}
        {selected.length ? (
          <span className="ms-2 text-xs font-normal text-zinc-500">
            {t('bulk.selected', { count: selected.length, n: formatNumber(selected.length, lang) })}
          </span>
        ) : null}
      </label>
      {selected.length ? (
        <div className="flex flex-wrap gap-1">
          {selected.map((item) => (
            <button
              key={item.id}
              type="button"
              onClick={() => toggle(item)}
              aria-label={t('bulk.remove', { name: item.name })}
              className="max-w-full truncate rounded-md bg-brand-600/20 px-2 py-0.5 text-xs text-brand-200 hover:bg-brand-600/40"
            >
              {item.name} ×
            </button>
          ))}
        </div>
      ) : null}
      <input
        id={id}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={searchPlaceholder}
        className="block w-full rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-1.5 text-sm text-zinc-100 placeholder:text-zinc-500"
      />
      <ul
        aria-label={label}
        className="max-h-[200px] overflow-y-auto rounded-lg border border-zinc-800 bg-zinc-950"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (
            el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX &&
            pages.hasNextPage &&
            !pages.isFetchingNextPage
          )
            void pages.fetchNextPage();
        }}
      >
        {items.map((item) => (
          <li key={item.id}>
            <label className="flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm text-zinc-200 hover:bg-zinc-900">
              <input type="checkbox" checked={chosen.has(item.id)} onChange={() => toggle(item)} />
              <span className="truncate">{item.name}</span>
            </label>
          </li>
        ))}
        {pages.isFetching ? <li className="px-3 py-1.5 text-xs text-zinc-500">{t('bulk.loading')}</li> : null}
        {!pages.isFetching && items.length === 0 ? (
          <li className="px-3 py-1.5 text-xs text-zinc-500">{t('bulk.noResults')}</li>
        ) : null}
      </ul>
    </div>
  );
}
