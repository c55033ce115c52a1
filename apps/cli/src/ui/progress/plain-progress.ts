import type { Poller, PollerSnapshot } from '@didban/core';
import type { Translate } from '../../i18n/translate.js';
import {
  countsLabel,
  elapsedMs,
  formatElapsed,
  monotonicElapsed,
  type ProgressSource,
  viewOf,
} from './progress-model.js';

/**
 * Progress as plain lines for CI logs and SSH sessions without a TTY: one line each time the
 * status or the counts change (not every poll), and one per new error. No cursor movement, so a
 * log file reads top to bottom. Resolves with the last snapshot when following ends.
 */
export function followPlain<T>(
  poller: Poller<T>,
  source: ProgressSource<T>,
  write: (line: string) => void,
  t: Translate,
  now: () => number = Date.now,
): Promise<PollerSnapshot<T>> {
  const since = now();
  const floor = monotonicElapsed();
  let lastLine = '';
  let lastError: string | undefined;
  return new Promise((resolve) => {
    const onChange = () => {
      const snapshot = poller.getSnapshot();
      const view = viewOf(snapshot, source);
      if (view.state) {
        const { status, done, total } = view.state;
        const counts = view.state.preparing ? t('progress.preparing') : countsLabel(done, total);
        const key = `${status} ${counts}`;
        if (key !== lastLine) {
          lastLine = key;
          const elapsed = formatElapsed(floor(elapsedMs(view.state, since, now())));
          write(`${source.label}: ${key} ${t('progress.elapsed', { elapsed })}`);
        }
      }
      if (view.error && view.error !== lastError && !view.finished) {
        write(`${source.label}: ${t('progress.error', { message: view.error })}`);
      }
      lastError = view.error;
      if (view.finished) {
        unsubscribe();
        resolve(snapshot);
      }
    };
    const unsubscribe = poller.subscribe(onChange);
    poller.start();
    onChange();
  });
}
