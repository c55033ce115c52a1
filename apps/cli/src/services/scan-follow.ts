import {
  type ApiClient,
  ApiError,
  createPoller,
  isScanPreparing,
  isTerminalScanStatus,
  type Lang,
  type Poller,
  type PollerSnapshot,
  type Scan,
  type ScanHistory,
  type ScanHistoryStatus,
  scanOutcome,
} from '@didban/core';
import type { Context } from '../context.js';
import { CliError, EXIT, type ExitCode } from '../errors.js';
import { label } from '../output/labels.js';
import { followProgress } from '../ui/progress/follow-progress.js';
import { followPlain } from '../ui/progress/plain-progress.js';
import type { ProgressSource } from '../ui/progress/progress-model.js';

/** Spec §4: the progress page polls a run's status every 5 seconds. */
export const SCAN_POLL_MS = 5_000;

/**
 * A run of a scan, by id or (without one) the latest. Unknown scans answer 404 from the server
 * (its own message); an unknown run id or a scan that never ran is ours to say.
 */
export async function resolveHistory(
  api: ApiClient,
  scanId: string,
  historyId?: string,
): Promise<{ scan: Scan; history: ScanHistory }> {
  const scan = await api.scans.get(scanId).catch((error: unknown) => {
    // The server's "Not found." does not say what was not found.
    if (error instanceof ApiError && error.status === 404)
      throw new CliError('error.unknown_scan', { id: scanId });
    throw error;
  });
  if (!historyId) {
    if (!scan.latest_history) throw new CliError('error.scan_never_ran', { id: scanId });
    return { scan, history: scan.latest_history };
  }
  const history = await findHistory(api, scanId, historyId);
  if (!history) throw new CliError('error.unknown_history', { history: historyId, scan: scanId });
  return { scan, history };
}

/** Pages through a scan's runs (newest first) until the one asked for; recent runs come first. */
export async function findHistory(api: ApiClient, scanId: string, historyId: string) {
  for (let page: number | null = 1; page !== null; ) {
    const list = await api.scans.histories(scanId, { page, page_size: 50 });
    const hit = list.results.find((h) => h.id === historyId);
    if (hit) return hit;
    page = list.next_page !== null && list.next_page > page ? list.next_page : null;
  }
  return undefined;
}

/**
 * A poll answer: the run's status, and once it is over the run itself (its findings, error and
 * finish time, which the status answer does not carry).
 */
export type RunProgress = ScanHistoryStatus & { ended?: ScanHistory };

/**
 * A poller over `GET …/histories/{h}/status`, stopping at finished, failed or cancelled; the
 * last poll also reads the run, so the outcome and the final elapsed time are the server's.
 */
export function scanPoller(api: ApiClient, scanId: string, historyId: string, intervalMs = SCAN_POLL_MS) {
  return createPoller<RunProgress>({
    fetch: async () => {
      const status = await api.scans.historyStatus(scanId, historyId);
      if (!isTerminalScanStatus(status.status)) return status;
      return { ...status, ended: await findHistory(api, scanId, historyId).catch(() => undefined) };
    },
    isTerminal: (s) => isTerminalScanStatus(s.status),
    intervalMs,
  });
}

const time = (iso: string | null | undefined) => {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(ms) ? null : ms;
};

/** What the progress view shows of a run: status, [done/total] (N/A until split), elapsed. */
export function scanSource(
  name: string,
  history: ScanHistory,
  lang: Lang = 'en',
): ProgressSource<RunProgress> {
  return {
    label: name,
    toState: (s) => ({
      status: label(lang, s.status),
      done: s.tasks_done,
      total: s.total_task,
      preparing: isScanPreparing(s),
      startedAt: time(s.ended?.started_at ?? history.started_at ?? history.created_at),
      finishedAt: time(s.ended?.finished_at),
    }),
  };
}

/**
 * A poll answer that will never get better (the scan was deleted, the session ended, the
 * workspace was left): following stops and the error is reported, instead of retrying for ever.
 */
export const isFatalPollError = (error: ApiError | undefined) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404);

/** Stops the poller on a fatal answer; the error is read from the final snapshot. */
export function stopOnFatal<T>(poller: Poller<T>): () => void {
  return poller.subscribe(() => {
    if (isFatalPollError(poller.getSnapshot().error)) poller.stop();
  });
}

export type FollowResult = { exitCode: ExitCode; snapshot: PollerSnapshot<RunProgress> };

/**
 * Follow a run until it ends (Ink view on a terminal, plain lines otherwise, or plain lines on
 * stderr when stdout carries JSON), then print its outcome. Ctrl+C stops following and leaves
 * the scan running. Exit code: 0 finished, 4 failed or cancelled, 5 timed out, 130 interrupted.
 */
export async function followScan(
  ctx: Context,
  scan: Pick<Scan, 'id' | 'name'>,
  history: ScanHistory,
  options: { linesTo?: 'stdout' | 'stderr'; intervalMs?: number; timeoutMs?: number } = {},
): Promise<FollowResult> {
  const api = ctx.api();
  const poller = scanPoller(api, scan.id, history.id, options.intervalMs);
  const source = scanSource(scan.name, history, ctx.lang);
  let interrupted = false;
  let timedOut = false;
  const offInterrupt = ctx.io.onInterrupt?.(() => {
    interrupted = true;
    poller.stop();
  });
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          poller.stop();
        }, options.timeoutMs);
  const offFatal = stopOnFatal(poller);
  let snapshot: PollerSnapshot<RunProgress>;
  try {
    snapshot =
      options.linesTo === 'stderr'
        ? await followPlain(poller, source, ctx.err, ctx.t)
        : await followProgress(ctx, poller, source);
  } finally {
    offFatal();
    offInterrupt?.();
    clearTimeout(timer);
    poller.stop();
  }
  const say = options.linesTo === 'stderr' ? ctx.err : ctx.out;
  if (interrupted) {
    say(ctx.t('scans.stopped_following', { scan: scan.id, history: history.id }));
    return { exitCode: EXIT.interrupted, snapshot };
  }
  if (timedOut) {
    // No finished run to gate on in time: its own code (5), the scan goes on.
    ctx.err(
      ctx.t('scans.follow_timeout', {
        seconds: Math.round((options.timeoutMs ?? 0) / 1000),
        scan: scan.id,
        history: history.id,
      }),
    );
    return { exitCode: EXIT.timedOut, snapshot };
  }
  if (snapshot.status !== 'done' && snapshot.error) throw snapshot.error;
  const status = snapshot.data?.status;
  const outcome = status ? scanOutcome(status) : null;
  const ended = snapshot.data?.ended;
  if (outcome === 'complete') {
    say(ctx.t('notify.scan_finished', { name: scan.name, ...(ended?.findings ?? history.findings) }));
    return { exitCode: EXIT.ok, snapshot };
  }
  if (outcome === 'failed') say(ctx.t('notify.scan_failed', { name: scan.name, error: ended?.error ?? '-' }));
  else say(ctx.t('scans.cancelled', { name: scan.name }));
  // Not a gate: the run did not end, so there is nothing to gate on (exit 1 stays "gate tripped").
  return { exitCode: EXIT.scanNotFinished, snapshot };
}
