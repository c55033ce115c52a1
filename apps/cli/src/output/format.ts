import { BREAKDOWN_SEVERITIES, type SeverityCounts } from '@didban/core';

/** `2026-11-21 16:05` (UTC, as the server sends it): short, sortable, the same on every machine. */
export const shortTime = (iso: string | null | undefined) => (iso ? iso.replace('T', ' ').slice(0, 16) : '-');

/** `C 1  H 0  M 2  L 0  I 5`: the five buckets of spec §1, most severe first. */
export const severityCountsText = (counts: SeverityCounts) =>
  BREAKDOWN_SEVERITIES.map((s) => `${s[0]!.toUpperCase()} ${counts[s]}`).join('  ');
