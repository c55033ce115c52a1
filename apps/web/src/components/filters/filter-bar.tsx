import type { ReactNode } from 'react';
import { useLang } from '../../hooks/use-lang';
import { formatDate } from '../../lib/format-date';
import { DateRangeInput, TextFilterInput } from './filter-inputs';
import { type FilterBadge, FilterMenu } from './filter-menu';

/** A filter type of a list: picked from options, typed as text, or a created-date range. */
export type FilterBarType = { key: string; kind: 'select' | 'text' | 'date' };

/** The word names every list's `filters` block has (scans: `filters.*`, inventory: `inventory.filters.*`). */
export type FilterWordName =
  | 'add'
  | 'types'
  | 'applied'
  | 'clearAll'
  | 'remove'
  | 'textLabel'
  | 'addText'
  | 'dateFrom'
  | 'dateTo'
  | 'dateInvalid'
  | 'apply';

/**
 * The advanced filter bar of a list (spec §2): applied values and the date range as badges,
 * text and date inputs, all in the list's own words; the list says only what its types are, how
 * an option list looks, and what a choice does. Scans and the inventory both draw theirs with it.
 */
export function ListFilterBar<T extends FilterBarType>({
  testId,
  types,
  word,
  label,
  applied,
  shown = (_key, value) => value,
  date,
  onRemove,
  onClearDate,
  onClearAll,
  renderSelect,
  onText,
  onDate,
}: {
  testId: string;
  types: readonly T[];
  /** One of the list's filter words, e.g. `(name, label) => t(\`filters.${name}\`, { label })`. */
  word: (name: FilterWordName, label?: string) => string;
  label: (key: T['key']) => string;
  /** Applied filters per key: a list of values (the date range is `date`). */
  applied: Readonly<Record<string, unknown>>;
  /** How an applied value reads on its badge (ids may have a readable label). */
  shown?: (key: T['key'], value: string) => string;
  date: { after: string; before: string } | null | undefined;
  onRemove: (key: T['key'], value: string) => void;
  onClearDate: () => void;
  onClearAll: () => void;
  renderSelect: (active: T) => ReactNode;
  /** Answers whether the text box clears (false: the choice was refused). */
  onText: (key: T['key'], text: string) => boolean;
  /** Answers whether the menu closes. */
  onDate: (after: string, before: string) => boolean;
}) {
  const lang = useLang();
  const inputWords = {
    textLabel: (text: string) => word('textLabel', text),
    addText: word('addText'),
    dateFrom: word('dateFrom'),
    dateTo: word('dateTo'),
    dateInvalid: word('dateInvalid'),
    apply: word('apply'),
  };

  const badges: FilterBadge[] = [];
  for (const type of types) {
    if (type.kind === 'date') continue;
    const values = applied[type.key];
    if (!Array.isArray(values)) continue;
    for (const value of values as string[]) {
      badges.push({
        id: `${type.key}:${value}`,
        text: `${label(type.key)}: ${shown(type.key, value)}`,
        remove: () => onRemove(type.key, value),
      });
    }
  }
  if (date) {
    const day = (d: string) => formatDate(`${d}T00:00:00`, lang);
    const dateType = types.find((type) => type.kind === 'date');
    badges.push({
      id: 'date',
      text: `${dateType ? label(dateType.key) : ''}: ${day(date.after)} – ${day(date.before)}`,
      remove: onClearDate,
    });
  }

  return (
    <FilterMenu
      testId={testId}
      types={types}
      label={(type) => label(type.key)}
      words={{
        add: word('add'),
        types: word('types'),
        applied: word('applied'),
        clearAll: word('clearAll'),
        remove: (text) => word('remove', text),
      }}
      badges={badges}
      onClearAll={onClearAll}
      renderOptions={(active, close) =>
        active.kind === 'select' ? (
          renderSelect(active)
        ) : active.kind === 'text' ? (
          <TextFilterInput
            key={active.key}
            label={label(active.key)}
            words={inputWords}
            onAdd={(text) => onText(active.key, text)}
          />
        ) : (
          <DateRangeInput
            initial={date ?? null}
            words={inputWords}
            onApply={(after, before) => {
              if (onDate(after, before)) close();
            }}
          />
        )
      }
    />
  );
}
