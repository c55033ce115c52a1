import { createPoller, DEFAULT_POLL_INTERVAL_MS, type EnumerationStatus } from '@didban/core';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { api } from '../../../lib/api';

/** A discovery ends in one of these; anything else is still under way. */
export const DISCOVERY_END = ['finished', 'failed', 'cancelled'] as const;
export const isDiscoveryOver = (status: string) => (DISCOVERY_END as readonly string[]).includes(status);

/** Follows a group's latest discovery through `enumeration-status` with core's poller, every 5 s. */
export function useDiscoveryFollow(groupId: string) {
  const poller = useMemo(
    () =>
      createPoller<EnumerationStatus>({
        fetch: () => api.assets.enumerationStatus(groupId),
        isTerminal: (s) => isDiscoveryOver(s.status),
        intervalMs: DEFAULT_POLL_INTERVAL_MS,
      }),
    [groupId],
  );
  useEffect(() => {
    poller.start();
    return () => poller.stop();
  }, [poller]);
  return useSyncExternalStore(poller.subscribe, poller.getSnapshot);
}
