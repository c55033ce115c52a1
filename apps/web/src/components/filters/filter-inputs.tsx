import { canAddTextFilter, canApplyDateRange, toDateParam } from '@didban/core';
import { useState } from 'react';
import { Button } from '../ui/button';

/** The filter menus' text boxes (scans and inventory alike). */
export const filterInputClass =
  'block w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-500 focus:outline-2 focus:outline-brand-500';

/** The inputs' words, already in the reader's language (each list has its own namespace). */
export type FilterInputWords = {
  textLabel: (label: string) => string;
  addText: string;
  dateFrom: string;
  dateTo: string;
  dateInvalid: string;
  apply: string;
};

/**
 * A text filter: Add is enabled only for a trimmed non-blank text (spec §4, §5); the box clears
 * after unless `onAdd` answers false (the choice was refused).
 */
export function TextFilterInput({
  label,
  words,
  onAdd,
}: {
  label: string;
  words: FilterInputWords;
  onAdd: (text: string) => boolean | undefined;
}) {
  const [text, setText] = useState('');
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!canAddTextFilter(text)) return;
        if (onAdd(text.trim()) !== false) setText('');
      }}
    >
      <label className="flex flex-col gap-1.5 text-sm text-zinc-300">
        {words.textLabel(label)}
        <input
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={filterInputClass}
          data-testid="filter-text"
        />
      </label>
      <Button type="submit" disabled={!canAddTextFilter(text)} className="self-end">
        {words.addText}
      </Button>
    </form>
  );
}

/** The created-date range: Apply needs both dates (spec §5), then the menu closes (spec §4). */
export function DateRangeInput({
  initial,
  words,
  onApply,
}: {
  initial: { after: string; before: string } | null;
  words: FilterInputWords;
  onApply: (after: string, before: string) => void;
}) {
  const [after, setAfter] = useState(initial?.after ?? '');
  const [before, setBefore] = useState(initial?.before ?? '');
  const invalid =
    (after !== '' && toDateParam(after) === null) ||
    (before !== '' && toDateParam(before) === null) ||
    (after !== '' && before !== '' && after > before);
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid && canApplyDateRange(after, before)) onApply(after, before);
      }}
    >
      <label className="flex flex-col gap-1.5 text-sm text-zinc-300">
        {words.dateFrom}
        <input
          type="date"
          value={after}
          onChange={(event) => setAfter(event.target.value)}
          className={filterInputClass}
          data-testid="filter-date-from"
        />
      </label>
      <label className="flex flex-col gap-1.5 text-sm text-zinc-300">
        {words.dateTo}
        <input
          type="date"
          value={before}
          onChange={(event) => setBefore(event.target.value)}
          className={filterInputClass}
          data-testid="filter-date-to"
        />
      </label>
      {invalid ? (
        <p role="alert" className="text-xs text-red-400">
          {words.dateInvalid}
        </p>
      ) : null}
      <Button type="submit" disabled={invalid || !canApplyDateRange(after, before)} className="self-end">
        {words.apply}
      </Button>
    </form>
  );
}
