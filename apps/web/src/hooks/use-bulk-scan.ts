import { type BulkScanInput, startBulkScan } from '@didban/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import { useLang } from './use-lang';

/**
 * Starts a bulk scan (spec §7 `POST panel/scans/bulk-create/`, then the history lookup when the
 * answer has none) and refreshes the scan and asset-group data afterwards (spec §7). The caller
 * words success and failure (spec §8), since the modal also shows the failure inline.
 */
export function useStartBulkScan() {
  const queryClient = useQueryClient();
  const lang = useLang();
  return useMutation({
    mutationFn: (body: BulkScanInput) => startBulkScan(api.scans, body, lang),
    // Not awaited: the page moves on to the progress page while the lists refresh.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['scans'] });
      // Asset groups, their status and the inventory all sit under ['assets'].
      void queryClient.invalidateQueries({ queryKey: ['assets'] });
      void queryClient.invalidateQueries({ queryKey: ['home'] });
    },
  });
}
