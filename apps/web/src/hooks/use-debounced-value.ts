import { LIMITS } from '@didban/core';
import { useEffect, useState } from 'react';

/**
 * The value after it has stopped changing for `delayMs`. Spec §9 delays live in core's LIMITS:
 * `scanSearchDebounceMs` (500) for the scan search, `filterSearchDebounceMs` (300) for filters
 * and pickers.
 */
export function useDebouncedValue<T>(value: T, delayMs: number = LIMITS.filterSearchDebounceMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
