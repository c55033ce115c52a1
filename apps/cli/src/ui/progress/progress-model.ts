import type { PollerSnapshot } from '@didban/core';

/** What a progress view shows of whatever is being followed (a scan history, an enumeration). */
export type ProgressState = {
  status: string;
  done: number;
  total: number;
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

/** `[████░░░░] 3/8`; an unknown total (0) draws an empty bar rather than dividing by zero. */
export function progressBar(done: number, total: number, width = 20): string {
  const ratio = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
  const filled = Math.round(ratio * width);
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${done}/${total}`;
}

export function elapsedMs(state: ProgressState, followingSince: number, now: number): number {
  const start = state.startedAt ?? followingSince;
  return (state.finishedAt ?? now) - start;
}

/** The view's input, derived from the poller's snapshot. */
export function viewOf<T>(snapshot: PollerSnapshot<T>, source: ProgressSource<T>) {
  return {
    state: snapshot.data === undefined ? undefined : source.toState(snapshot.data),
    error: snapshot.error?.message,
    finished: snapshot.status === 'done' || snapshot.status === 'stopped',
  };
}
