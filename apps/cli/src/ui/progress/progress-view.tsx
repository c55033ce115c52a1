import type { Poller } from '@didban/core';
import { Box, Text } from 'ink';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Translate } from '../../i18n/translate.js';
import {
  elapsedMs,
  formatElapsed,
  monotonicElapsed,
  type ProgressSource,
  progressBar,
  viewOf,
} from './progress-model.js';

export type ProgressViewProps<T> = {
  poller: Poller<T>;
  source: ProgressSource<T>;
  t: Translate;
  /** Injected so tests drive the clock with fake timers. */
  now?: () => number;
  /** When following began: the elapsed fallback when the server gives no start time. */
  since?: number;
};

/**
 * The terminal progress screen: label and status, a [done/total] bar and the elapsed time, which
 * ticks every second between polls. It binds to core's poller like the panel does
 * (useSyncExternalStore), so both UIs read one polling model.
 */
export function ProgressView<T>({ poller, source, t, now = Date.now, since }: ProgressViewProps<T>) {
  const snapshot = useSyncExternalStore(poller.subscribe, poller.getSnapshot);
  const [startedFollowing] = useState(() => since ?? now());
  const [floor] = useState(monotonicElapsed);
  const view = viewOf(snapshot, source);
  const [clock, setClock] = useState(now);
  useEffect(() => {
    if (view.finished) return;
    const id = setInterval(() => setClock(now()), 1000);
    return () => clearInterval(id);
  }, [view.finished, now]);

  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>{source.label}</Text>
        {view.state ? `  ${view.state.status}` : `  ${t('progress.waiting')}`}
      </Text>
      {view.state ? (
        <Text>
          {view.state.preparing ? t('progress.preparing') : progressBar(view.state.done, view.state.total)}
          {'  '}
          {t('progress.elapsed', {
            elapsed: formatElapsed(floor(elapsedMs(view.state, startedFollowing, clock))),
          })}
        </Text>
      ) : null}
      {view.error && !view.finished ? (
        <Text color="yellow">{t('progress.error', { message: view.error })}</Text>
      ) : null}
    </Box>
  );
}
