import type { Poller, PollerSnapshot } from '@didban/core';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * Runs one of core's pollers while the component is on screen and hands back its latest
 * snapshot (null without a poller). Make the poller with useMemo, so it lives as long as its inputs.
 */
export function usePoller<T>(poller: Poller<T> | null): PollerSnapshot<T> | null {
  useEffect(() => {
    poller?.start();
    return () => poller?.stop();
  }, [poller]);
  return useSyncExternalStore(
    (listener) => poller?.subscribe(listener) ?? (() => {}),
    () => poller?.getSnapshot() ?? null,
  );
}
