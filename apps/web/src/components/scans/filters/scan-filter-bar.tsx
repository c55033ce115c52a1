import type { ScanFilterKey } from '@didban/core';
import { useTranslation } from 'react-i18next';
import {
  filterLabelKey,
  type ScanListAction,
  type ScanListState,
} from '../../../pages/scans/scan-list-state';
import { ListFilterBar } from '../../filters/filter-bar';
import { FilterOptionList } from './filter-option-list';
import { SCAN_FILTER_TYPES } from './scan-filter-keys';

/**
 * The scan filter panel, with the asset filter bar's keys and rules (spec §2, §4), drawn by the
 * shared ListFilterBar; this file only knows the scans' filter types, words and actions.
 */
export function ScanFilterBar({
  state,
  dispatch,
}: {
  state: ScanListState;
  dispatch: (action: ScanListAction) => void;
}) {
  const { t } = useTranslation('scans');
  const label = (key: ScanFilterKey | 'date') => t(`filters.keys.${key}`);
  return (
    <ListFilterBar
      testId="scan-filter-bar"
      types={SCAN_FILTER_TYPES}
      word={(name, label = '') => t(`filters.${name}`, { label })}
      label={label}
      applied={state.filters}
      // Group and template ids read as the labels their options carried.
      shown={(key, value) => state.labels[filterLabelKey(key as ScanFilterKey, value)] ?? value}
      date={state.filters.date}
      onRemove={(key, value) => dispatch({ type: 'toggle_filter', key: key as ScanFilterKey, value })}
      onClearDate={() => dispatch({ type: 'clear_date' })}
      onClearAll={() => dispatch({ type: 'clear_filters' })}
      renderSelect={(active) =>
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
        ) : null
      }
      onText={(key, value) => {
        dispatch({ type: 'toggle_filter', key: key as ScanFilterKey, value });
        return true;
      }}
      onDate={(after, before) => {
        dispatch({ type: 'set_date', after, before });
        return true;
      }}
    />
  );
}
