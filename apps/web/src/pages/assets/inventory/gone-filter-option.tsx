import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionList } from '../../../components/filters/option-list';

/**
 * The gone filter's one option (gone=true): the assets a re-discovery no longer found, which the
 * inventory otherwise leaves out. Fixed, so nothing is fetched or counted; the search box narrows
 * it by its own words as every option list's does.
 */
export function GoneFilterOption({
  label,
  chosen,
  onToggle,
}: {
  label: string;
  chosen: string[];
  onToggle: (value: string) => void;
}) {
  const { t } = useTranslation('assets');
  const [search, setSearch] = useState('');
  const text = t('inventory.filters.goneOnly');
  const shown = text.toLowerCase().includes(search.trim().toLowerCase());
  return (
    <OptionList
      label={label}
      search={search}
      onSearch={setSearch}
      words={{
        search: t('inventory.filters.search', { label }),
        loading: t('inventory.filters.loading'),
        loadFailed: t('inventory.filters.loadFailed'),
        noOptions: t('inventory.filters.noOptions'),
      }}
      loading={false}
      failed={false}
      items={shown ? [{ value: 'true', text, count: null }] : []}
      chosen={chosen}
      onToggle={(item) => onToggle(item.value)}
    />
  );
}
