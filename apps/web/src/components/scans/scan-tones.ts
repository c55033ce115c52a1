import type { ScanListStatus, Severity, VulnerabilityStatus } from '@didban/core';
import type { Tone } from '../../lib/status-tone';

/** Badge colours of a scan's status: in flight blue, finished green, failed red, cancelled amber. */
export const SCAN_STATUS_TONES: Record<ScanListStatus, Tone> = {
  initializing: 'info',
  running: 'info',
  finished: 'success',
  failed: 'error',
  cancelled: 'warning',
  scheduled: 'neutral',
  not_started: 'neutral',
};

/** Triage: open is a problem, in progress is being handled, fixed is done, the rest is set aside. */
export const VULN_STATUS_TONES: Record<VulnerabilityStatus, Tone> = {
  open: 'error',
  in_progress: 'warning',
  fixed: 'success',
  false_positive: 'neutral',
  accepted_risk: 'info',
};

/** Severity chips: their own palette, so critical and high read differently. */
export const SEVERITY_CLASS: Record<Severity, string> = {
  critical: 'bg-fuchsia-500/15 text-fuchsia-300 ring-fuchsia-500/40',
  high: 'bg-red-500/15 text-red-300 ring-red-500/40',
  medium: 'bg-amber-500/15 text-amber-300 ring-amber-500/40',
  low: 'bg-sky-500/15 text-sky-300 ring-sky-500/40',
  info: 'bg-zinc-500/15 text-zinc-300 ring-zinc-500/40',
  unknown: 'bg-zinc-500/15 text-zinc-400 ring-zinc-500/40',
};
