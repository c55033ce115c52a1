/**
 * The Add-filters menu's rules (spec §4, §5): what a date, text or select choice does.
 */
import type { AssetFilterKey } from './filters.js';
import type { AssetListAction } from './list-state.js';

/** Apply is enabled only when both dates are chosen. */
export function canApplyDateRange(
  after: string | null | undefined,
  before: string | null | undefined,
): boolean {
  return Boolean(after && before);
}

/** Add is enabled only when the trimmed text is not blank. */
export function canAddTextFilter(text: string): boolean {
  return text.trim().length > 0;
}

export type FilterMenuOutcome = {
  /** The reducer action to dispatch, or null when nothing applies. */
  action: AssetListAction | null;
  /** The menu closes after a date range applies. */
  closeMenu: boolean;
  /** The text input clears after a text filter is added. */
  clearInput: boolean;
};

const nothing: FilterMenuOutcome = { action: null, closeMenu: false, clearInput: false };

/**
 * What choosing in the filter menu does.
 * @example applyFilterChoice({ kind: 'text', key: 'host', text: '  api ' })
 * // { action: { type: 'toggle_filter', key: 'host', value: 'api' }, closeMenu: false, clearInput: true }
 */
export function applyFilterChoice(
  choice:
    | { kind: 'date'; after: string | null; before: string | null }
    | { kind: 'text'; key: AssetFilterKey; text: string }
    | { kind: 'select'; key: AssetFilterKey; value: string },
  disabled = false,
): FilterMenuOutcome {
  if (disabled) return nothing;
  switch (choice.kind) {
    case 'date':
      if (!canApplyDateRange(choice.after, choice.before)) return nothing;
      return {
        action: { type: 'set_date', after: choice.after!, before: choice.before! },
        closeMenu: true,
        clearInput: false,
      };
    case 'text':
      if (!canAddTextFilter(choice.text)) return nothing;
      return {
        action: { type: 'toggle_filter', key: choice.key, value: choice.text.trim() },
        closeMenu: false,
        clearInput: true,
      };
    case 'select':
      return {
        action: { type: 'toggle_filter', key: choice.key, value: choice.value },
        closeMenu: false,
        clearInput: false,
      };
  }
}
