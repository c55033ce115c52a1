import { createPoller, isTerminalScanStatus, type ScanHistoryStatus } from '@didban/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { usePoller } from '../../../hooks/use-poller';
import { api } from '../../../lib/api';

/**
 * Follows one scan run with core's poller (spec §4: every 5 s while scanId and historyID are
 * present) until it finishes, fails or is cancelled; then the scan lists and the home page refresh.
 */
export function useScanProgress(scanId: string, historyId: string | null) {
  const queryClient = useQueryClient();
  const poller = useMemo(
    () =>
      scanId && historyId
        ? createPoller<ScanHistoryStatus>({
            fetch: () => api.scans.historyStatus(scanId, historyId),
            isTerminal: (s) => isTerminalScanStatus(s.status),
          })
        : null,
    [scanId, historyId],
  );
  const snapshot = usePoller(poller);
  const done = snapshot?.status === 'done';
  useEffect(() => {
    if (!done) return;
    void queryClient.invalidateQueries({ queryKey: ['scans'] });
    void queryClient.invalidateQueries({ queryKey: ['home'] });
  }, [done, queryClient]);
  return snapshot;
}

/** The scan's name for the page title; read once, and quiet on failure (the status says enough). */
export function useScanName(scanId: string) {
  const scan = useQuery({
    queryKey: ['scans', 'progress-name', scanId],
    queryFn: () => api.scans.get(scanId),
    enabled: !!scanId,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
  return scan.data?.name ?? null;
}
