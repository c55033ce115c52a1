import type { Severity, SeverityGroup } from '@didban/core';

/**
 * Severities as numbers, so lists order "most severe first" on an index (vulnerabilities.severity_rank).
 * Low and above are the Vulnerabilities tab; info and unknown the Exposures tab.
 */
export const SEVERITY_RANK: Record<Severity, number> = {
  critical: 5,
  high: 4,
  medium: 3,
  low: 2,
  info: 1,
  unknown: 0,
};

/** Lowest rank of the Vulnerabilities tab (low). */
export const VULNERABILITY_MIN_RANK = SEVERITY_RANK.low;

export const severityGroupRanks = (group: SeverityGroup): number[] =>
  group === 'vulnerabilities' ? [2, 3, 4, 5] : [0, 1];
