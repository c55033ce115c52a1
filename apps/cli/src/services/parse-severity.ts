import { isSeverity, SEVERITY_ORDER, type TemplateSeverity } from '@didban/core';
import { usageError } from '../errors.js';

/** `--fail-on`: checked before any request, a bad value is a usage error (exit 2). */
export function parseSeverity(value: string): TemplateSeverity {
  const v = value.trim().toLowerCase();
  if (isSeverity(v) && v !== 'unknown') return v;
  throw usageError('usage.bad_severity', { value, allowed: SEVERITY_ORDER.slice(1).join(', ') });
}
