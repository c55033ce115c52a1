import type { PollerSnapshot } from '@didban/core';

/** What a progress view shows of whatever is being followed (a scan history, an enumeration). */
export type ProgressState = {
  status: string;
  done: number;
  /** null (or 0) while the total is not known yet: shown as N/A, as the panel does (spec §2). */
  total: number | null;
  /** Nothing done yet (a scan run before its first task): shown as "preparing", not `[0/4]`. */
  preparing?: boolean;
  /** When the work started, per the server; when unknown, elapsed counts from when following began. */
  startedAt?: number | null;
  /** When it ended, so elapsed stops at the real duration. */
  finishedAt?: number | null;
};

export type ProgressSource<T> = {
  label: string;
  toState: (data: T) => ProgressState;
};

/** `1h 02m 03s`, `2m 05s`, `7s`: short and stable width for a status line. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h}h ${pad(m)}m ${pad(s)}s`;
  if (m > 0) return `${m}m ${pad(s)}s`;
  return `${s}s`;
}

/** `[████░░░░] 3/8`, or `N/A` while the total is unknown (null or 0), never dividing by zero. */
export function progressBar(done: number, total: number | null, width = 20): string {
  if (total === null || total <= 0) return 'N/A';
  const ratio = Math.min(1, Math.max(0, done / total));
  const filled = Math.round(ratio * width);
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${done}/${total}`;
}

/** `[3/8]` for a plain line, or `N/A` while the total is unknown (core's progressLabel). */
export const countsLabel = (done: number, total: number | null) =>
  total === null || total <= 0 ? 'N/A' : `[${done}/${total}]`;

export function elapsedMs(state: ProgressState, followingSince: number, now: number): number {
  const start = state.startedAt ?? followingSince;
  return (state.finishedAt ?? now) - start;
}

/**
 * Elapsed time that never runs backwards. The start the server reports can move (created, then
 * started once a worker took the run) and its clock is not ours, so `elapsed 5s` was followed by
 * a final `elapsed 1s`; what was shown stays the floor.
 */
export function monotonicElapsed(): (ms: number) => number {
  let shown = 0;
  return (ms) => {
    shown = Math.max(shown, ms);
    return shown;
  };
}

/** The view's input, derived from the poller's snapshot. */
export function viewOf<T>(snapshot: PollerSnapshot<T>, source: ProgressSource<T>) {
  return {
    state: snapshot.data === undefined ? undefined : source.toState(snapshot.data),
    error: snapshot.error?.message,
    finished: snapshot.status === 'done' || snapshot.status === 'stopped',
  };
}
