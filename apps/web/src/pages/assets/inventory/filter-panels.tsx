import type { AssetOptionField } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionList as SharedOptionList } from '../../../components/filters/option-list';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useFilterOptions } from './use-inventory';

/**
 * An inventory select filter's options with counts (within the group and history on screen),
 * searched with a 300 ms debounce (spec §9), drawn by the shared option list.
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
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const options = useFilterOptions(field, settled, scope);
  return (
    <SharedOptionList
      label={label}
      search={search}
      onSearch={setSearch}
      words={{
        search: t('inventory.filters.search', { label }),
        loading: t('inventory.filters.loading'),
        loadFailed: t('inventory.filters.loadFailed'),
        noOptions: t('inventory.filters.noOptions'),
      }}
      loading={options.isLoading}
      failed={options.isError}
      items={(options.data ?? []).map((o) => ({ value: o.value, text: o.value, count: o.count }))}
      chosen={chosen}
      onToggle={(item) => onToggle(item.value)}
    />
  );
}
