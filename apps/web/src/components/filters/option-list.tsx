import type { ReactNode } from 'react';
import { useLang } from '../../hooks/use-lang';
import { formatNumber } from '../../lib/format-date';
import { filterInputClass } from './filter-inputs';

/** One option of a select filter as shown: its value, the text to read, and its count (null: not counted). */
export type OptionItem = { value: string; text: string; count: number | null };

/** The list's words, already in the reader's language. */
export type OptionListWords = { search: string; loading: string; loadFailed: string; noOptions: string };

/**
 * The one option list of a select filter (scans and inventory alike): a search box, then the
 * options with a check box and a count, at most 20rem tall; choosing a chosen value removes it
 * (spec §4). Where the options come from (and the search's debounce) is the caller's.
 */
export function OptionList({
  label,
  search,
  onSearch,
  words,
  loading,
  failed,
  note,
  items,
  chosen,
  onToggle,
}: {
  label: string;
  search: string;
  onSearch: (text: string) => void;
  words: OptionListWords;
  loading: boolean;
  failed: boolean;
  /** Shown between the search box and the options (e.g. "these are sample values"). */
  note?: ReactNode;
  items: OptionItem[];
  chosen: readonly string[];
  onToggle: (item: OptionItem) => void;
}) {
  const lang = useLang();
  return (
    <div className="flex flex-col gap-2">
      <input
        type="search"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        placeholder={words.search}
        aria-label={words.search}
        className={filterInputClass}
        data-testid="filter-option-search"
      />
      {note}
      {loading ? (
        <p className="px-1 py-2 text-sm text-zinc-500">{words.loading}</p>
      ) : failed ? (
        <p className="px-1 py-2 text-sm text-red-300" role="alert">
          {words.loadFailed}
        </p>
      ) : items.length === 0 ? (
        <p className="px-1 py-2 text-sm text-zinc-500">{words.noOptions}</p>
      ) : (
        <ul className="flex max-h-80 flex-col gap-0.5 overflow-y-auto" aria-label={label}>
          {items.map((item) => {
            const on = chosen.includes(item.value);
            return (
              <li key={item.value}>
                <button
                  type="button"
                  role="menuitemcheckbox"
                  aria-checked={on}
                  onClick={() => onToggle(item)}
                  data-testid="filter-option"
                  data-value={item.value}
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
                    {item.text}
                  </span>
                  {item.count === null ? null : (
                    <span className="shrink-0 rounded bg-zinc-800 px-1.5 text-xs text-zinc-400 tabular-nums">
                      {formatNumber(item.count, lang)}
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
