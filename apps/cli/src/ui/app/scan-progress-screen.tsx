import { scanOutcome } from '@didban/core';
import { Box, Text } from 'ink';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Translate } from '../../i18n/translate.js';
import { scanSource } from '../../services/scan-follow.js';
import { ProgressView } from '../progress/progress-view.js';
import { ScreenFrame } from './screen-frame.js';
import type { StartedScan, UiData } from './ui-data.js';
import { useKeys } from './use-keys.js';

/**
 * Follows a run with the same view as `scans follow`; when it ends, its outcome (with findings).
 * Leaving stops following, never the scan.
 */
export function ScanProgressScreen(props: {
  data: UiData;
  t: Translate;
  started: StartedScan;
  onBack: () => void;
}) {
  const { data, t, started } = props;
  const poller = useMemo(() => data.poller(started.scan.id, started.history.id), [data, started]);
  const source = useMemo(() => scanSource(started.scan.name, started.history), [started]);
  const snapshot = useSyncExternalStore(poller.subscribe, poller.getSnapshot);

  useEffect(() => {
    poller.start();
    return () => poller.stop();
  }, [poller]);

  const outcome = snapshot.status === 'done' && snapshot.data ? scanOutcome(snapshot.data.status) : null;
  // The last poll read the run itself: its findings and error.
  const final = snapshot.data?.ended;

  useKeys((input, key) => {
    if (input === 'q' || key.escape) props.onBack();
  });

  const name = started.scan.name;
  const summary = !outcome
    ? undefined
    : outcome === 'complete'
      ? t('notify.scan_finished', { name, ...(final ?? started.history).findings })
      : outcome === 'failed'
        ? t('notify.scan_failed', { name, error: final?.error ?? '-' })
        : outcome === 'cancelled'
          ? t('scans.cancelled', { name })
          : undefined;
  return (
    <ScreenFrame
      title={`${started.scan.id} / ${started.history.id}`}
      // Once the run is over there is nothing that "goes on".
      keys={t(outcome ? 'ui.keys_progress_done' : 'ui.keys_progress')}
    >
      <Box flexDirection="column">
        <ProgressView poller={poller} source={source} t={t} />
        {summary ? (
          <Text color={outcome === 'complete' ? 'green' : 'red'} wrap="wrap">
            {summary}
          </Text>
        ) : null}
      </Box>
    </ScreenFrame>
  );
}
