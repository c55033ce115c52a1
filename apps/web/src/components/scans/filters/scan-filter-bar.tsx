import type { ScanFilterKey } from '@didban/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../hooks/use-lang';
import { formatDate } from '../../../lib/format-date';
import {
  filterLabelKey,
  type ScanListAction,
  type ScanListState,
} from '../../../pages/scans/scan-list-state';
import { DateRangeInput, TextFilterInput } from '../../filters/filter-inputs';
import { type FilterBadge, FilterMenu } from '../../filters/filter-menu';
import { FilterOptionList } from './filter-option-list';
import { SCAN_FILTER_TYPES } from './scan-filter-keys';

/**
 * The scan filter panel, with the asset filter bar's keys and rules (spec §2, §4), drawn by the
 * shared FilterMenu; this file only knows the scans' filter types, words and actions.
 */
export function ScanFilterBar({
  state,
  dispatch,
}: {
  state: ScanListState;
  dispatch: (action: ScanListAction) => void;
}) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  const label = (key: ScanFilterKey | 'date') => t(`filters.keys.${key}`);
  const inputWords = {
    textLabel: (text: string) => t('filters.textLabel', { label: text }),
    addText: t('filters.addText'),
    dateFrom: t('filters.dateFrom'),
    dateTo: t('filters.dateTo'),
    dateInvalid: t('filters.dateInvalid'),
    apply: t('filters.apply'),
  };

  const badges: FilterBadge[] = [];
  for (const type of SCAN_FILTER_TYPES) {
    if (type.key === 'date') continue;
    const key = type.key;
    for (const value of state.filters[key] ?? []) {
      const shown = state.labels[filterLabelKey(key, value)] ?? value;
      badges.push({
        id: `${key}:${value}`,
        text: `${label(key)}: ${shown}`,
        remove: () => dispatch({ type: 'toggle_filter', key, value }),
      });
    }
  }
  const date = state.filters.date;
  if (date) {
    badges.push({
      id: 'date',
      text: `${label('date')}: ${formatDate(`${date.after}T00:00:00`, lang)} – ${formatDate(`${date.before}T00:00:00`, lang)}`,
      remove: () => dispatch({ type: 'clear_date' }),
    });
  }

  return (
    <FilterMenu
      testId="scan-filter-bar"
      types={SCAN_FILTER_TYPES}
      label={(type) => label(type.key)}
      words={{
        add: t('filters.add'),
        types: t('filters.types'),
        applied: t('filters.applied'),
        clearAll: t('filters.clearAll'),
        remove: (text) => t('filters.remove', { label: text }),
      }}
      badges={badges}
      onClearAll={() => dispatch({ type: 'clear_filters' })}
      renderOptions={(active, close) =>
        active.kind === 'select' ? (
          <FilterOptionList
            key={active.key}
            field={active.key}
            label={label(active.key)}
            chosen={state.filters[active.key] ?? []}
            onToggle={(option) =>
              dispatch({ type: 'toggle_filter', key: active.key, value: option.value, label: option.label })
            }
          />
        ) : active.kind === 'text' ? (
          <TextFilterInput
            key={active.key}
            label={label(active.key)}
            words={inputWords}
            onAdd={(text) => {
              dispatch({ type: 'toggle_filter', key: active.key, value: text });
              return true;
            }}
          />
        ) : (
          <DateRangeInput
            initial={state.filters.date ?? null}
            words={inputWords}
            onApply={(after, before) => {
              dispatch({ type: 'set_date', after, before });
              close();
            }}
          />
        )
      }
    />
  );
}
