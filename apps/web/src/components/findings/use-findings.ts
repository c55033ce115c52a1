import type { BulkTriageInput, VulnerabilityListQuery } from '@didban/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../hooks/use-auth';
import { useLang } from '../../hooks/use-lang';
import { useMutationWithFeedback } from '../../hooks/use-mutation-feedback';
import { api } from '../../lib/api';
import { formatNumber } from '../../lib/format-date';
import { workspaceStore } from '../../lib/workspace-store';

/**
 * The findings lifecycle (issue 32) for the panel: history, comments, retests, assignee and bulk
 * triage. Everything is under the 'scans' key, so a change refreshes every list, count and drawer.
 */
export const FINDING_KEYS = {
  history: (vulnId: string) => ['scans', 'finding', vulnId, 'history'] as const,
  comments: (vulnId: string) => ['scans', 'finding', vulnId, 'comments'] as const,
  retests: (vulnId: string) => ['scans', 'finding', vulnId, 'retests'] as const,
  summary: ['scans', 'finding-summary'] as const,
  members: (workspace: string | null) => ['workspace-members', workspace ?? 'personal'] as const,
};
const ALL = ['scans'] as const;

export function useFindingHistory(vulnId: string) {
  return useQuery({ queryKey: FINDING_KEYS.history(vulnId), queryFn: () => api.findings.history(vulnId) });
}

export function useFindingComments(vulnId: string) {
  return useQuery({ queryKey: FINDING_KEYS.comments(vulnId), queryFn: () => api.findings.comments(vulnId) });
}

/**
 * A queued retest is looked at every 2 s until its verdict arrives; then the finding, its history
 * and the lists are refreshed (the verdict may have changed its status).
 */
export function useFindingRetests(vulnId: string) {
  const queryClient = useQueryClient();
  const retests = useQuery({
    queryKey: FINDING_KEYS.retests(vulnId),
    queryFn: () => api.findings.retests(vulnId),
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === 'queued') ? 2_000 : false),
  });
  const waiting = retests.data?.some((r) => r.status === 'queued') ?? false;
  const wasWaiting = useRef(waiting);
  useEffect(() => {
    if (wasWaiting.current && !waiting) {
      void queryClient.invalidateQueries({ queryKey: FINDING_KEYS.history(vulnId) });
      void queryClient.invalidateQueries({ queryKey: ['scans', 'vulnerability', vulnId] });
      void queryClient.invalidateQueries({ queryKey: ['scans', 'vulnerabilities'] });
    }
    wasWaiting.current = waiting;
  }, [waiting, vulnId, queryClient]);
  return retests;
}

export function useRetest(vulnId: string) {
  const { t } = useTranslation('scans');
  return useMutationWithFeedback(() => api.findings.retest(vulnId), {
    success: t('lifecycle.retestQueued'),
    failure: t('lifecycle.retestFailed'),
    invalidate: [FINDING_KEYS.retests(vulnId), FINDING_KEYS.history(vulnId)],
  });
}

export function useAddComment(vulnId: string) {
  const { t } = useTranslation('scans');
  return useMutationWithFeedback((body: string) => api.findings.comment(vulnId, body), {
    success: t('lifecycle.commentSent'),
    failure: t('lifecycle.commentFailed'),
    invalidate: [FINDING_KEYS.comments(vulnId), FINDING_KEYS.history(vulnId)],
  });
}

export function useAssign(vulnId: string) {
  const { t } = useTranslation('scans');
  return useMutationWithFeedback((assignee: string | null) => api.findings.triage(vulnId, { assignee }), {
    success: (detail) =>
      detail.assignee
        ? t('lifecycle.assigned', { who: detail.assignee.username })
        : t('lifecycle.unassignedDone'),
    failure: t('lifecycle.assignFailed'),
    invalidate: [ALL, ['assets', 'findings']],
  });
}

export function useBulkTriage(onDone?: () => void) {
  const { t } = useTranslation('scans');
  const lang = useLang();
  return useMutationWithFeedback(
    async (body: BulkTriageInput) => ({ ...(await api.findings.bulk(body)), kind: body.action.kind }),
    {
      success: (result) =>
        t(result.kind === 'retest' ? 'lifecycle.bulk.retestsDone' : 'lifecycle.bulk.done', {
          changed: formatNumber(result.changed, lang),
          matched: formatNumber(result.matched, lang),
        }),
      failure: t('lifecycle.bulk.failed'),
      invalidate: [ALL, ['assets', 'findings']],
      ...(onDone ? { onSuccess: onDone } : {}),
    },
  );
}

export function useFindingSummary() {
  return useQuery({ queryKey: FINDING_KEYS.summary, queryFn: api.findings.summary, refetchInterval: 30_000 });
}

/**
 * Who a finding may be assigned to and mentioned: a team's members (first 100), or in the
 * personal workspace its owner alone.
 */
export function useWorkspaceMembers() {
  const workspace = workspaceStore.get();
  const { user } = useAuth();
  return useQuery({
    queryKey: FINDING_KEYS.members(workspace),
    queryFn: async () =>
      workspace
        ? (await api.teams.members(workspace, 1, 100)).results.map((m) => m.username)
        : user
          ? [user.username]
          : [],
  });
}

/** Every finding of a list, page by page (100 a page), for an export or an "all matching" selection. */
export async function fetchAllFindings<T>(
  page: (query: VulnerabilityListQuery) => Promise<{ results: T[]; total_pages: number }>,
  query: VulnerabilityListQuery,
): Promise<T[]> {
  const all: T[] = [];
  for (let n = 1; ; n++) {
    const answer = await page({ ...query, page: n, page_size: 100 });
    all.push(...answer.results);
    if (n >= answer.total_pages || answer.results.length === 0) return all;
  }
}
