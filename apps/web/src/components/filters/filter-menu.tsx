import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { type ReactNode, useState } from 'react';

export type FilterBadge = { id: string; text: string; remove: () => void };

/** The bar's words, already in the reader's language (each list has its own namespace). */
export type FilterMenuWords = {
  add: string;
  types: string;
  applied: string;
  clearAll: string;
  remove: (label: string) => string;
};

/**
 * The one advanced filter bar (spec §2), shared by the scans list and the asset inventory: an
 * Add-filters menu with the filter types on the start side and the hovered type's options on the
 * end side; applied filters as removable badges; Clear all. Escape or a click outside closes the
 * menu (Headless UI's Popover does both). What a type's options are is the caller's business.
 */
export function FilterMenu<T extends { key: string }>({
  types,
  label,
  words,
  badges,
  onClearAll,
  renderOptions,
  testId,
}: {
  types: readonly T[];
  label: (type: T) => string;
  words: FilterMenuWords;
  badges: FilterBadge[];
  onClearAll: () => void;
  renderOptions: (active: T, close: () => void) => ReactNode;
  testId: string;
}) {
  const [active, setActive] = useState<T>(types[0]!);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid={testId}>
      <Popover className="relative">
        <PopoverButton
          className="inline-flex items-center gap-2 rounded-lg border border-dashed border-zinc-600 px-3 py-2 text-sm text-zinc-200 hover:bg-zinc-800"
          data-testid="add-filters"
        >
          <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
            <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="1.8" />
          </svg>
          {words.add}
        </PopoverButton>
        <PopoverPanel
          anchor="bottom start"
          className="z-50 flex w-[36rem] max-w-[calc(100vw-2rem)] rounded-xl border border-zinc-800 bg-zinc-900 shadow-2xl"
          data-testid="filter-menu"
        >
          {({ close }) => (
            <>
              <ul
                aria-label={words.types}
                className="flex max-h-[24rem] w-44 shrink-0 flex-col gap-0.5 overflow-y-auto border-e border-zinc-800 p-1"
              >
                {types.map((type) => (
                  <li key={type.key}>
                    <button
                      type="button"
                      onMouseEnter={() => setActive(type)}
                      onFocus={() => setActive(type)}
                      onClick={() => setActive(type)}
                      aria-pressed={active.key === type.key}
                      data-testid={`filter-type-${type.key}`}
                      className={`flex w-full items-center justify-between rounded-md px-3 py-2 text-start text-sm ${
                        active.key === type.key ? 'bg-zinc-800 text-white' : 'text-zinc-300 hover:bg-zinc-800'
                      }`}
                    >
                      {label(type)}
                      <svg viewBox="0 0 20 20" className="size-3.5 rtl:-scale-x-100" aria-hidden="true">
                        <path d="M8 5l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.8" />
                      </svg>
                    </button>
                  </li>
                ))}
              </ul>
              <div className="min-w-0 flex-1 p-3" data-testid="filter-options">
                {renderOptions(active, close)}
              </div>
            </>
          )}
        </PopoverPanel>
      </Popover>
      {badges.length ? (
        <ul className="flex flex-wrap items-center gap-2" aria-label={words.applied}>
          {badges.map((badge) => (
            <li
              key={badge.id}
              className="inline-flex items-center gap-1 rounded-full bg-brand-600/20 py-1 ps-3 pe-1 text-xs text-brand-100 ring-1 ring-brand-500/40"
              data-testid="filter-badge"
            >
              <span dir="auto">{badge.text}</span>
              <button
                type="button"
                onClick={badge.remove}
                aria-label={words.remove(badge.text)}
                className="rounded-full p-0.5 hover:bg-brand-500/30"
              >
                <svg viewBox="0 0 20 20" className="size-3.5" aria-hidden="true">
                  <path
                    d="M5 5l10 10M15 5L5 15"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={onClearAll}
              className="px-2 text-xs text-zinc-400 underline-offset-2 hover:text-zinc-200 hover:underline"
              data-testid="clear-filters"
            >
              {words.clearAll}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
