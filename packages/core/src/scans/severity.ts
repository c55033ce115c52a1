import { SEVERITY_ORDER } from '../cli/severity-gate.js';
import {
  BREAKDOWN_SEVERITIES,
  type BreakdownSeverity,
  SEVERITIES,
  type Severity,
  type SeverityCounts,
} from '../contract/scans.js';

/**
 * Severity helpers shared by the server, the panel and the CLI: breakdowns show the five of spec §1
 * with 'unknown' counted as info. The `--fail-on` gate itself is cli/severity-gate.ts.
 */

const rank = (severity: Severity) => SEVERITY_ORDER.indexOf(severity);

/** Any text a template gave as severity, as one of ours; unrecognised values are 'unknown'. */
export function normalizeSeverity(value: string | null | undefined): Severity {
  const lower = (value ?? '').trim().toLowerCase();
  return (SEVERITIES as readonly string[]).includes(lower) ? (lower as Severity) : 'unknown';
}

/** The breakdown bucket of a severity: unknown folds into info. */
export const breakdownSeverity = (severity: Severity): BreakdownSeverity =>
  severity === 'unknown' ? 'info' : severity;

export const emptySeverityCounts = (): SeverityCounts => ({
  critical: 0,
  high: 0,
  medium: 0,
  low: 0,
  info: 0,
});

/** Count severities into the five buckets. */
export function countSeverities(severities: Iterable<Severity>): SeverityCounts {
  const counts = emptySeverityCounts();
  for (const severity of severities) counts[breakdownSeverity(severity)] += 1;
  return counts;
}

/** Most severe first; for sorting lists. */
export const compareSeverity = (a: Severity, b: Severity) => rank(b) - rank(a);

/** The severities at or above a threshold, e.g. a `severity=` filter for `--fail-on high`. */
export const severitiesAtLeast = (threshold: Severity): Severity[] =>
  SEVERITIES.filter((s) => rank(s) >= rank(threshold));

/** The Vulnerabilities tab shows low and above; the Exposures tab shows info (and unknown). */
export const isExposure = (severity: Severity) => severity === 'info' || severity === 'unknown';

export const totalOf = (counts: SeverityCounts) =>
  BREAKDOWN_SEVERITIES.reduce((sum, key) => sum + counts[key], 0);
