import { TEMPLATE_SEVERITIES, type TemplateSeverity } from '../templates/types.js';

/** Least to most severe; `unknown` ranks lowest so it never trips a gate by itself. */
export const SEVERITY_ORDER: readonly TemplateSeverity[] = [
  'unknown',
  'info',
  'low',
  'medium',
  'high',
  'critical',
];

export function isSeverity(value: string): value is TemplateSeverity {
  return (TEMPLATE_SEVERITIES as readonly string[]).includes(value);
}

/**
 * The `--fail-on` gate of pipelines: how many severities are at or above the threshold.
 * @example countAtOrAbove(['low', 'high', 'critical'], 'high') // 2
 */
export function countAtOrAbove(severities: Iterable<TemplateSeverity>, threshold: TemplateSeverity): number {
  const floor = SEVERITY_ORDER.indexOf(threshold);
  let count = 0;
  for (const s of severities) if (SEVERITY_ORDER.indexOf(s) >= floor) count++;
  return count;
}
