import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * The home page's live numbers (`GET panel/dashboard/`). Refetched every 10 s while the page is
 * open, so a running scan's progress and new findings show up without a reload; scan and
 * bulk-scan actions also invalidate ['home'].
 */
export const DASHBOARD_REFRESH_MS = 10_000;

export function useDashboard() {
  return useQuery({
    queryKey: ['home', 'dashboard'],
    queryFn: () => api.scans.dashboard(),
    refetchInterval: DASHBOARD_REFRESH_MS,
    staleTime: 0,
  });
}
