import { canAddTextFilter, canApplyDateRange, toDateParam } from '@didban/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { filterInputClass } from './filter-option-list';

/** A text filter: Add is enabled only for a trimmed non-blank text, and the box clears after (spec §4, §5). */
export function TextFilterInput({ label, onAdd }: { label: string; onAdd: (text: string) => void }) {
  const { t } = useTranslation('scans');
  const [text, setText] = useState('');
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!canAddTextFilter(text)) return;
        onAdd(text.trim());
        setText('');
      }}
    >
      <label className="flex flex-col gap-1.5 text-sm text-zinc-300">
        {t('filters.textLabel', { label })}
        <input
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={filterInputClass}
          data-testid="filter-text"
        />
      </label>
      <Button type="submit" disabled={!canAddTextFilter(text)} className="self-end">
        {t('filters.addText')}
      </Button>
    </form>
  );
}

/** The created-date range: Apply needs both dates (spec §5), then the menu closes (spec §4). */
export function DateRangeInput({
  initial,
  onApply,
}: {
  initial: { after: string; before: string } | null;
  onApply: (after: string, before: string) => void;
}) {
  const { t } = useTranslation('scans');
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
        {t('filters.dateFrom')}
        <input
          type="date"
          value={after}
          onChange={(event) => setAfter(event.target.value)}
          className={filterInputClass}
          data-testid="filter-date-from"
        />
      </label>
      <label className="flex flex-col gap-1.5 text-sm text-zinc-300">
        {t('filters.dateTo')}
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
          {t('filters.dateInvalid')}
        </p>
      ) : null}
      <Button type="submit" disabled={invalid || !canApplyDateRange(after, before)} className="self-end">
        {t('filters.apply')}
      </Button>
    </form>
  );
}
