import {
  LIMITS,
  type ScanListQuery,
  type VulnerabilityListQuery,
  type VulnerabilityStatus,
} from '@didban/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSkippedWildcardsNotice } from '../../components/scans/use-skipped-wildcards';
import { useMutationWithFeedback } from '../../hooks/use-mutation-feedback';
import { api } from '../../lib/api';

/** Query keys: everything under 'scans', so a bulk scan or a delete refreshes every scan view. */
export const SCAN_KEYS = {
  all: ['scans'] as const,
  list: (query: ScanListQuery) => ['scans', 'list', query] as const,
  statistics: ['scans', 'statistics'] as const,
  filterValues: (field: string, search: string) => ['scans', 'filter-values', field, search] as const,
  one: (scanId: string) => ['scans', 'one', scanId] as const,
  histories: (scanId: string, page: number) => ['scans', 'histories', scanId, page] as const,
  vulnerabilities: (scanId: string, historyId: string, query: VulnerabilityListQuery) =>
    ['scans', 'vulnerabilities', scanId, historyId, query] as const,
  /** The workspace's findings (the Findings page): under the same prefix, so triage refreshes it. */
  workspaceVulnerabilities: (query: VulnerabilityListQuery) =>
    ['scans', 'vulnerabilities', 'workspace', query] as const,
  vulnerability: (vulnId: string) => ['scans', 'vulnerability', vulnId] as const,
  affected: (vulnId: string) => ['scans', 'affected', vulnId] as const,
};

/** A scan in flight is looked at again every 5 s (spec §4 poll interval) while the page is open. */
const whileRunning = (running: boolean) => (running ? LIMITS.pollIntervalMs : false);

export function useScanList(query: ScanListQuery) {
  return useQuery({
    queryKey: SCAN_KEYS.list(query),
    queryFn: () => api.scans.list(query),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      whileRunning(
        !!q.state.data?.results.some((s) => s.status === 'running' || s.status === 'initializing'),
      ),
  });
}

export function useScanStatistics() {
  return useQuery({
    queryKey: SCAN_KEYS.statistics,
    queryFn: () => api.scans.statistics(),
    refetchInterval: (q) => whileRunning((q.state.data?.running ?? 0) > 0),
  });
}

/**
 * Options of one filter key (spec §9: cached 5 minutes). Silent: the panel words a failure itself
 * and may fall back to sample values (spec §8).
 */
export function useScanFilterValues(field: string, search: string) {
  return useQuery({
    queryKey: SCAN_KEYS.filterValues(field, search),
    queryFn: () => api.scans.filterValues(field, search),
    staleTime: LIMITS.filterOptionCacheMs,
    retry: false,
    meta: { silent: true },
  });
}

export function useScan(scanId: string) {
  return useQuery({
    queryKey: SCAN_KEYS.one(scanId),
    queryFn: () => api.scans.get(scanId),
    refetchInterval: (q) =>
      whileRunning(q.state.data?.status === 'running' || q.state.data?.status === 'initializing'),
  });
}

export const HISTORY_PAGE_SIZE = 10;

export function useScanHistories(scanId: string, page: number) {
  return useQuery({
    queryKey: SCAN_KEYS.histories(scanId, page),
    queryFn: () => api.scans.histories(scanId, { page, page_size: HISTORY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      whileRunning(
        !!q.state.data?.results.some((h) => h.status === 'running' || h.status === 'initializing'),
      ),
  });
}

export function useHistoryVulnerabilities(
  scanId: string,
  historyId: string | null,
  query: VulnerabilityListQuery,
  /** The run is still going: its findings arrive as workers report them. */
  live = false,
) {
  return useQuery({
    queryKey: SCAN_KEYS.vulnerabilities(scanId, historyId ?? '', query),
    queryFn: () => api.scans.historyVulnerabilities(scanId, historyId!, query),
    enabled: !!historyId,
    placeholderData: keepPreviousData,
    refetchInterval: whileRunning(live),
  });
}

/** The workspace's findings across every scan (the Findings page), filtered. */
export function useWorkspaceVulnerabilities(query: VulnerabilityListQuery, enabled = true) {
  return useQuery({
    queryKey: SCAN_KEYS.workspaceVulnerabilities(query),
    queryFn: () => api.scans.vulnerabilities(query),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useVulnerability(scanId: string, historyId: string | null, vulnId: string | null) {
  return useQuery({
    queryKey: SCAN_KEYS.vulnerability(vulnId ?? ''),
    queryFn: () =>
      historyId ? api.scans.vulnerability(scanId, historyId, vulnId!) : api.scans.vulnerabilityById(vulnId!),
    enabled: !!vulnId,
  });
}

export function useAffectedAssets(scanId: string, historyId: string | null, vulnId: string | null) {
  return useQuery({
    queryKey: SCAN_KEYS.affected(vulnId ?? ''),
    queryFn: () => api.scans.affectedAssets(scanId, historyId!, vulnId!),
    enabled: !!vulnId && !!historyId,
  });
}

/** Asset groups for the form's picker (first 100, by name). */
export function useAssetGroupChoices() {
  return useQuery({
    queryKey: ['assets', 'groups', 'choices'],
    queryFn: () => api.assets.listGroups({ page: 1, page_size: 100, ordering: 'name' }),
  });
}

export function useDeleteScan(onDone?: () => void) {
  const { t } = useTranslation('scans');
  return useMutationWithFeedback((scanId: string) => api.scans.remove(scanId), {
    success: t('list.deleted'),
    failure: t('list.deleteFailed'),
    invalidate: [SCAN_KEYS.all],
    ...(onDone ? { onSuccess: onDone } : {}),
  });
}

export function useCancelScan() {
  const { t } = useTranslation('scans');
  return useMutationWithFeedback(
    ({ scanId, historyId }: { scanId: string; historyId: string }) => api.scans.cancel(scanId, historyId),
    { success: t('list.cancelSent'), failure: t('list.cancelFailed'), invalidate: [SCAN_KEYS.all] },
  );
}

export function useRunScan(onStarted: (scanId: string, historyId: string) => void) {
  const { t } = useTranslation('scans');
  const noticeSkipped = useSkippedWildcardsNotice();
  return useMutationWithFeedback((scanId: string) => api.scans.run(scanId), {
    failure: t('list.runFailed'),
    invalidate: [SCAN_KEYS.all],
    onSuccess: (history) => {
      noticeSkipped(history.skipped_wildcards);
      onStarted(history.scan, history.id);
    },
  });
}

export function useSetVulnerabilityStatus() {
  const { t } = useTranslation('scans');
  return useMutationWithFeedback(
    ({
      vulnId,
      status,
      reason,
      acceptedUntil,
    }: {
      vulnId: string;
      status: VulnerabilityStatus;
      /** Required by the server for false positive and accepted risk. */
      reason?: string;
      /** Accepted risk only: the day it ends (YYYY-MM-DD); the server's default is 90 days. */
      acceptedUntil?: string;
    }) =>
      reason === undefined
        ? api.scans.setVulnerabilityStatus(vulnId, status)
        : api.findings.triage(vulnId, {
            status,
            reason,
            ...(acceptedUntil ? { accepted_until: acceptedUntil } : {}),
          }),
    {
      success: (detail) => t('vuln.drawer.statusChanged', { status: t(`vuln.status.${detail.status}`) }),
      failure: t('vuln.drawer.statusFailed'),
      invalidate: [SCAN_KEYS.all],
    },
  );
}
