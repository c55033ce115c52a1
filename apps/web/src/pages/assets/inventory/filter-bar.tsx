import {
  type AssetFilterKey,
  type AssetListAction,
  type AssetListState,
  applyFilterChoice,
} from '@didban/core';
import { useTranslation } from 'react-i18next';
import { ListFilterBar } from '../../../components/filters/filter-bar';
import { FILTER_TYPES, type FilterType } from './filter-keys';
import { OptionList } from './filter-panels';
import { GoneFilterOption } from './gone-filter-option';

/**
 * Spec §2 advanced filter bar of the inventory, drawn by the shared ListFilterBar; this file only
 * knows the asset filter types, words and rules (core's applyFilterChoice).
 */
export function FilterBar({
  state,
  scope,
  dispatch,
}: {
  state: AssetListState;
  /** Group and history the option values are counted in. */
  scope: Record<string, string>;
  dispatch: (action: AssetListAction) => void;
}) {
  const { t } = useTranslation('assets');
  const label = (key: FilterType['key']) => t(`inventory.filters.keys.${key}`);
  // Each choice goes through core's rules, which say what to dispatch and whether inputs reset.
  const choose = (choice: Parameters<typeof applyFilterChoice>[0]) => {
    const outcome = applyFilterChoice(choice);
    if (outcome.action) dispatch(outcome.action);
    return outcome;
  };
  return (
    <ListFilterBar
      testId="filter-bar"
      types={FILTER_TYPES}
      word={(name, label = '') => t(`inventory.filters.${name}`, { label })}
      label={label}
      applied={state.filters}
      // gone=true reads as what it shows, not as "true".
      shown={(key, value) => (key === 'gone' ? t('inventory.filters.goneOnly') : value)}
      date={state.filters.date}
      onRemove={(key, value) => dispatch({ type: 'toggle_filter', key: key as AssetFilterKey, value })}
      onClearDate={() => dispatch({ type: 'clear_date' })}
      onClearAll={() => dispatch({ type: 'clear_filters' })}
      renderSelect={(active) =>
        active.key === 'gone' ? (
          <GoneFilterOption
            label={label(active.key)}
            chosen={state.filters.gone ?? []}
            onToggle={(value) => choose({ kind: 'select', key: 'gone', value })}
          />
        ) : active.kind === 'select' ? (
          <OptionList
            key={active.key}
            field={active.key}
            label={label(active.key)}
            chosen={state.filters[active.key] ?? []}
            scope={scope}
            onToggle={(value) => choose({ kind: 'select', key: active.key, value })}
          />
        ) : null
      }
      onText={(key, text) => choose({ kind: 'text', key: key as AssetFilterKey, text }).clearInput}
      onDate={(after, before) => choose({ kind: 'date', after, before }).closeMenu}
    />
  );
}
