import { type ScanHistoryStatus, type ScanStatus, TERMINAL_SCAN_STATUSES } from '../contract/scans.js';
import { formatNumber } from '../i18n/format.js';
import type { Lang } from '../i18n/lang.js';

/**
 * The scan progress page of spec §2/§4 as pure rules, shared by the panel's
 * /scans/{scanId}/loading page and the CLI's `scans follow`.
 */

export const SCAN_REDIRECT_DELAY_MS = 2_000;
export const SCAN_CANCEL_BUTTON_DELAY_MS = 1_000;

export const isTerminalScanStatus = (status: ScanStatus) => TERMINAL_SCAN_STATUSES.includes(status);

/** '[done/total]' in the reader's digits ('[۱/۲]' in fa), or 'N/A' while the total is unknown (spec §2). */
export function progressLabel(
  status: Pick<ScanHistoryStatus, 'tasks_done' | 'total_task'>,
  lang: Lang = 'en',
): string {
  return status.total_task === null || status.total_task <= 0
    ? 'N/A'
    : `[${formatNumber(status.tasks_done, lang)}/${formatNumber(status.total_task, lang)}]`;
}

/**
 * A run that has not finished a task yet (or whose tasks are not split yet): there is nothing to
 * count, so the panel and the CLI say "preparing" rather than `[0/4]` or N/A. A run that ended
 * is never preparing.
 */
export function isScanPreparing(
  status: Pick<ScanHistoryStatus, 'status' | 'tasks_done' | 'total_task'>,
): boolean {
  if (isTerminalScanStatus(status.status)) return false;
  return status.total_task === null || status.total_task <= 0 || status.tasks_done <= 0;
}

/** 0..1 for a progress bar, or null when the total is unknown. */
export function progressFraction(
  status: Pick<ScanHistoryStatus, 'tasks_done' | 'total_task'>,
): number | null {
  if (status.total_task === null || status.total_task <= 0) return null;
  return Math.min(1, Math.max(0, status.tasks_done / status.total_task));
}

/** Spec §2: every status other than initializing, finished, failed or cancelled may be cancelled. */
export const canCancelScan = (status: ScanStatus) => status === 'running';

/** Where the progress page goes after a terminal status (spec §4), or null to stay. */
export function scanRedirect(status: ScanStatus, scanId: string): { to: string; afterMs: number } | null {
  if (status === 'finished')
    return { to: `/scans/${encodeURIComponent(scanId)}`, afterMs: SCAN_REDIRECT_DELAY_MS };
  if (status === 'failed') return { to: '/scans', afterMs: SCAN_REDIRECT_DELAY_MS };
  return null;
}

/** The outcome message of a terminal status (analysis complete, scan failed, scan cancelled). */
export function scanOutcome(status: ScanStatus): 'complete' | 'failed' | 'cancelled' | null {
  if (status === 'finished') return 'complete';
  if (status === 'failed') return 'failed';
  if (status === 'cancelled') return 'cancelled';
  return null;
}
