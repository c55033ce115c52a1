import {
  type AssetFilterKey,
  type AssetListAction,
  type AssetListState,
  applyFilterChoice,
} from '@didban/core';
import { useTranslation } from 'react-i18next';
import { DateRangeInput, TextFilterInput } from '../../../components/filters/filter-inputs';
import { type FilterBadge, FilterMenu } from '../../../components/filters/filter-menu';
import { useLang } from '../../../hooks/use-lang';
import { formatDate } from '../../../lib/format-date';
import { FILTER_TYPES, type FilterType } from './filter-keys';
import { OptionList } from './filter-panels';

/**
 * Spec §2 advanced filter bar of the inventory, drawn by the shared FilterMenu; this file only
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
  const lang = useLang();
  const label = (key: FilterType['key']) => t(`inventory.filters.keys.${key}`);
  const inputWords = {
    textLabel: (text: string) => t('inventory.filters.textLabel', { label: text }),
    addText: t('inventory.filters.addText'),
    dateFrom: t('inventory.filters.dateFrom'),
    dateTo: t('inventory.filters.dateTo'),
    dateInvalid: t('inventory.filters.dateInvalid'),
    apply: t('inventory.filters.apply'),
  };

  const badges: FilterBadge[] = [];
  for (const type of FILTER_TYPES) {
    if (type.key === 'date') continue;
    for (const value of state.filters[type.key] ?? []) {
      badges.push({
        id: `${type.key}:${value}`,
        text: `${label(type.key)}: ${value}`,
        remove: () => dispatch({ type: 'toggle_filter', key: type.key as AssetFilterKey, value }),
      });
    }
  }
  const date = state.filters.date;
  if (date) {
    const day = (d: string) => formatDate(`${d}T00:00:00`, lang);
    badges.push({
      id: 'date',
      text: `${label('date')}: ${day(date.after)} – ${day(date.before)}`,
      remove: () => dispatch({ type: 'clear_date' }),
    });
  }

  return (
    <FilterMenu
      testId="filter-bar"
      types={FILTER_TYPES}
      label={(type) => label(type.key)}
      words={{
        add: t('inventory.filters.add'),
        types: t('inventory.filters.types'),
        applied: t('inventory.filters.applied'),
        clearAll: t('inventory.filters.clearAll'),
        remove: (text) => t('inventory.filters.remove', { label: text }),
      }}
      badges={badges}
      onClearAll={() => dispatch({ type: 'clear_filters' })}
      renderOptions={(active, close) =>
        active.kind === 'select' ? (
          <OptionList
            key={active.key}
            field={active.key}
            label={label(active.key)}
            chosen={state.filters[active.key] ?? []}
            scope={scope}
            onToggle={(value) => {
              const outcome = applyFilterChoice({ kind: 'select', key: active.key, value });
              if (outcome.action) dispatch(outcome.action);
            }}
          />
        ) : active.kind === 'text' ? (
          <TextFilterInput
            key={active.key}
            label={label(active.key)}
            words={inputWords}
            onAdd={(text) => {
              const outcome = applyFilterChoice({ kind: 'text', key: active.key, text });
              if (outcome.action) dispatch(outcome.action);
              return outcome.clearInput;
            }}
          />
        ) : (
          <DateRangeInput
            initial={state.filters.date ?? null}
            words={inputWords}
            onApply={(after, before) => {
              const outcome = applyFilterChoice({ kind: 'date', after, before });
              if (outcome.action) dispatch(outcome.action);
              if (outcome.closeMenu) close();
            }}
          />
        )
      }
    />
  );
}
