import type { ScanFilterOption } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useScanFilterValues } from '../../../pages/scans/use-scans';
import { OptionList } from '../../filters/option-list';
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
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const options = useScanFilterValues(field, settled);
  const fallback = options.isError && hasSampleValues(field);
  const items = fallback ? sampleFilterOptions(field, settled) : (options.data ?? []);

  return (
    <OptionList
      label={label}
      search={search}
      onSearch={setSearch}
      words={{
        search: t('filters.search', { label }),
        loading: t('filters.loading'),
        loadFailed: t('filters.loadFailed'),
        noOptions: t('filters.noOptions'),
      }}
      loading={options.isLoading}
      failed={options.isError && !fallback}
      note={
        fallback ? (
          <p className="px-1 text-xs text-amber-300" data-testid="filter-sample-note">
            {t('filters.sample')}
          </p>
        ) : null
      }
      items={items.map((option) => ({
        value: option.value,
        // Statuses read in the reader's language; groups and templates by their label.
        text:
          field === 'status'
            ? t(`status.${option.value as 'running'}`, option.value)
            : (option.label ?? option.value),
        // Sample values were not counted.
        count: fallback ? null : option.count,
      }))}
      chosen={chosen}
      onToggle={(item) => {
        const option = items.find((o) => o.value === item.value)!;
        onToggle({ ...option, label: item.text });
      }}
    />
  );
}
