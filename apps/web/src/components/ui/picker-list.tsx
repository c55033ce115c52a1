import { type ReactNode, useId } from 'react';

/** Spec §9 pickers: the next page loads within 50 px of the bottom; the list is at most 200 px high. */
const NEAR_BOTTOM_PX = 50;

export type PickerEntry = { id: string; name: string };

/** What the list needs of a TanStack infinite query. */
type Pages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => unknown;
};

/**
 * The one paged multi-select (bulk scan pickers, the templates tag filter): a label, the chosen
 * entries as removable chips, a search box and a check list that loads the next page as it nears
 * its end. Where the pages come from and what a choice means is the caller's.
 */
export function PickerList({
  label,
  labelClassName,
  chips,
  search,
  onSearch,
  placeholder,
  items,
  checked,
  onToggle,
  pages,
  words,
  testId,
  listTestId,
}: {
  /** The label, and anything read with it (e.g. "3 selected"). */
  label: ReactNode;
  labelClassName: string;
  chips: { entry: PickerEntry; removeLabel: string }[];
  search: string;
  onSearch: (text: string) => void;
  placeholder: string;
  items: PickerEntry[];
  checked: (id: string) => boolean;
  onToggle: (entry: PickerEntry) => void;
  pages: Pages;
  words: { list: string; loading: string; noResults: string };
  testId?: string;
  listTestId?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5" data-testid={testId}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {chips.length ? (
        <div className="flex flex-wrap gap-1">
          {chips.map(({ entry, removeLabel }) => (
            <button
              key={entry.id}
              type="button"
              onClick={() => onToggle(entry)}
              aria-label={removeLabel}
              className="max-w-full truncate rounded-md bg-brand-600/20 px-2 py-0.5 text-xs text-brand-200 hover:bg-brand-600/40"
            >
              {entry.name} ×
            </button>
          ))}
        </div>
      ) : null}
      <input
        id={id}
        type="search"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        placeholder={placeholder}
        className="block w-full rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-1.5 text-sm text-zinc-100 placeholder:text-zinc-500"
      />
      <ul
        aria-label={words.list}
        data-testid={listTestId}
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
              <input type="checkbox" checked={checked(item.id)} onChange={() => onToggle(item)} />
              <span className="truncate" dir="auto">
                {item.name}
              </span>
            </label>
          </li>
        ))}
        {pages.isFetching ? <li className="px-3 py-1.5 text-xs text-zinc-500">{words.loading}</li> : null}
        {!pages.isFetching && items.length === 0 ? (
          <li className="px-3 py-1.5 text-xs text-zinc-500">{words.noResults}</li>
        ) : null}
      </ul>
    </div>
  );
}
