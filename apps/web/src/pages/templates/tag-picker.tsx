import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerList } from '../../components/ui/picker-list';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useTemplateTags } from './use-templates';

/** Tag filter: search (debounced 300 ms), pick several, pages of 10 loaded as the list scrolls. */
export function TagPicker({
  selected,
  onChange,
}: {
  selected: string[];
  onChange: (tags: string[]) => void;
}) {
  const { t } = useTranslation('templates');
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const tags = useTemplateTags(settled);
  const items = tags.data?.pages.flatMap((p) => p.results) ?? [];

  const toggle = (tag: string) =>
    onChange(selected.includes(tag) ? selected.filter((s) => s !== tag) : [...selected, tag]);

  return (
    <PickerList
      label={t('filters.tags')}
      labelClassName="text-xs font-medium text-zinc-400"
      chips={selected.map((tag) => ({
        entry: { id: tag, name: tag },
        removeLabel: t('filters.removeTag', { tag }),
      }))}
      search={search}
      onSearch={setSearch}
      placeholder={t('filters.tagSearch')}
      items={items}
      checked={(tag) => selected.includes(tag)}
      onToggle={(entry) => toggle(entry.id)}
      pages={tags}
      words={{ list: t('filters.tags'), loading: t('loading'), noResults: t('noResults') }}
      listTestId="tag-picker-list"
    />
  );
}
