import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useTemplateTags } from './use-templates';

/** Spec §9 picker: next page within 50 px of the bottom, list at most 200 px high. */
const NEAR_BOTTOM_PX = 50;

/** Tag filter: search (debounced 300 ms), pick several, pages of 10 loaded as the list scrolls. */
export function TagPicker({
  selected,
  onChange,
}: {
  selected: string[];
  onChange: (tags: string[]) => void;
}) {
  const { t } = useTranslation('templates');
  const id = useId();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const tags = useTemplateTags(settled);
  const items = tags.data?.pages.flatMap((p) => p.results) ?? [];

  const toggle = (tag: string) =>
    onChange(selected.includes(tag) ? selected.filter((s) => s !== tag) : [...selected, tag]);

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-zinc-400">
        {t('filters.tags')}
      </label>
      {selected.length ? (
        <div className="flex flex-wrap gap-1">
          {selected.map((tag) => (
            <button
              key={tag}
              type="button"
              onClick={() => toggle(tag)}
              aria-label={t('filters.removeTag', { tag })}
              className="rounded-md bg-brand-600/20 px-2 py-0.5 text-xs text-brand-200 hover:bg-brand-600/40"
            >
              {tag} ×
            </button>
          ))}
        </div>
      ) : null}
      <input
        id={id}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t('filters.tagSearch')}
        className="block w-full rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-1.5 text-sm text-zinc-100 placeholder:text-zinc-500"
      />
      <ul
        aria-label={t('filters.tags')}
        data-testid="tag-picker-list"
        className="max-h-[200px] overflow-y-auto rounded-lg border border-zinc-800 bg-zinc-950"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (
            el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX &&
            tags.hasNextPage &&
            !tags.isFetchingNextPage
          )
            void tags.fetchNextPage();
        }}
      >
        {items.map((tag) => (
          <li key={tag.id}>
            <label className="flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm text-zinc-200 hover:bg-zinc-900">
              <input type="checkbox" checked={selected.includes(tag.id)} onChange={() => toggle(tag.id)} />
              <span>{tag.name}</span>
            </label>
          </li>
        ))}
        {tags.isFetching ? <li className="px-3 py-1.5 text-xs text-zinc-500">{t('loading')}</li> : null}
        {!tags.isFetching && items.length === 0 ? (
          <li className="px-3 py-1.5 text-xs text-zinc-500">{t('noResults')}</li>
        ) : null}
      </ul>
    </div>
  );
}
