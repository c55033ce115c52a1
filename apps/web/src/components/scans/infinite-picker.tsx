import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useLang } from '../../hooks/use-lang';
import type { PickerItem } from '../../hooks/use-scan-pickers';
import { formatNumber } from '../../lib/format-date';
import { PickerList } from '../ui/picker-list';

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
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const pages = usePages(settled);
  const items = pages.data?.pages.flatMap((p) => p.results) ?? [];
  const chosen = new Set(selected.map((s) => s.id));

  const toggle = (item: PickerItem) =>
    onChange(chosen.has(item.id) ? selected.filter((s) => s.id !== item.id) : [...selected, item]);

  return (
    <PickerList
      label={
        <>
          {label}
          {selected.length ? (
            <span className="ms-2 text-xs font-normal text-zinc-500">
              {t('bulk.selected', { count: selected.length, n: formatNumber(selected.length, lang) })}
            </span>
          ) : null}
        </>
      }
      labelClassName="text-sm font-medium text-zinc-300"
      chips={selected.map((entry) => ({ entry, removeLabel: t('bulk.remove', { name: entry.name }) }))}
      search={search}
      onSearch={setSearch}
      placeholder={searchPlaceholder}
      items={items}
      checked={(itemId) => chosen.has(itemId)}
      onToggle={toggle}
      pages={pages}
      words={{ list: label, loading: t('bulk.loading'), noResults: t('bulk.noResults') }}
      testId={testId}
    />
  );
}
