import {
  ASSET_SORT_COLUMNS,
  type AssetListAction,
  type AssetListState,
  type AssetSortColumn,
} from '@didban/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';

const control =
  'rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-2 text-sm text-zinc-100 focus:outline-2 focus:outline-brand-500';

/** Search box, sort selector with its direction, and the card/table switch (spec §2 inventory). */
export function InventoryToolbar({
  state,
  dispatch,
}: {
  state: AssetListState;
  dispatch: (action: AssetListAction) => void;
}) {
  const { t } = useTranslation('assets');
  const [text, setText] = useState(state.search);
  const settled = useDebouncedValue(text);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change of the text searches
  useEffect(() => {
    if (settled !== state.search) dispatch({ type: 'search', value: settled });
  }, [settled]);
  // A reset (entering the page again) empties the box too.
  useEffect(() => {
    if (state.search === '') setText('');
  }, [state.search]);

  const descending = state.sort.direction === 'desc';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-label={t('inventory.searchLabel')}
        placeholder={t('inventory.searchPlaceholder')}
        className={`${control} min-w-56 flex-1`}
        data-testid="inventory-search"
      />
      <label className="flex items-center gap-2 text-sm text-zinc-400">
        {t('inventory.sortLabel')}
        <select
          value={state.sort.column}
          onChange={(event) => dispatch({ type: 'sort', column: event.target.value as AssetSortColumn })}
          className={control}
          data-testid="inventory-sort"
        >
          {ASSET_SORT_COLUMNS.map((column) => (
            <option key={column} value={column}>
              {t(`inventory.sort.${column}`)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        onClick={() => dispatch({ type: 'sort', column: state.sort.column })}
        className={`${control} inline-flex items-center gap-1 hover:bg-zinc-800`}
        aria-label={`${t('inventory.reverseOrder')}: ${t(descending ? 'inventory.descending' : 'inventory.ascending')}`}
        data-testid="inventory-sort-direction"
        data-direction={state.sort.direction}
      >
        <svg viewBox="0 0 20 20" className={`size-4 ${descending ? '' : 'rotate-180'}`} aria-hidden="true">
          <path d="M10 4v12M5 11l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
        {t(descending ? 'inventory.descending' : 'inventory.ascending')}
      </button>
      <fieldset className="flex rounded-lg border border-zinc-700 p-0.5">
        <legend className="sr-only">{t('inventory.viewLabel')}</legend>
        {(['card', 'table'] as const).map((view) => (
          <button
            key={view}
            type="button"
            aria-pressed={state.viewType === view}
            onClick={() => dispatch({ type: 'view', viewType: view })}
            className={`rounded-md px-3 py-1.5 text-sm ${
              state.viewType === view ? 'bg-zinc-700 text-white' : 'text-zinc-400 hover:text-zinc-200'
            }`}
          >
            {t(view === 'card' ? 'inventory.viewCard' : 'inventory.viewTable')}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
