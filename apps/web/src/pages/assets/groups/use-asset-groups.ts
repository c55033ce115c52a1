import type { AssetGroup, AssetGroupWriteInput } from '@didban/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../hooks/use-lang';
import { useMutationWithFeedback } from '../../../hooks/use-mutation-feedback';
import { api } from '../../../lib/api';
import { formatNumber } from '../../../lib/format-date';

export const GROUPS_PAGE_SIZE = 10;

/**
 * Query keys of the groups tab, the group page and the technologies tab. All sit under
 * `['assets']` (as the inventory's do), so one refresh after a change covers every asset view.
 */
export const GROUP_KEYS = {
  root: ['assets'] as const,
  list: (search: string, page: number) => ['assets', 'groups', search, page] as const,
  one: (groupId: string) => ['assets', 'group', groupId] as const,
  enumeration: (groupId: string) => ['assets', 'enumeration', groupId] as const,
  technologies: ['assets', 'technologies'] as const,
  byTechnology: (technologyId: string, page: number) =>
    ['assets', 'by-technology', technologyId, page] as const,
};

/** One page of groups, searched by name or root domain/IP (spec §2). */
export function useAssetGroups(search: string, page: number) {
  return useQuery({
    queryKey: GROUP_KEYS.list(search, page),
    queryFn: () =>
      api.assets.listGroups({
        page,
        page_size: GROUPS_PAGE_SIZE,
        ...(search.trim() ? { search: search.trim() } : {}),
        ordering: '-created_at',
      }),
    placeholderData: keepPreviousData,
    // Entering the tab shows the groups as they are now (a teammate or the CLI may have added one).
    refetchOnMount: 'always',
    // A running discovery changes status and counts: look again while one is on screen.
    refetchInterval: (query) =>
      query.state.data?.results.some((g) => g.status === 'running') ? 5_000 : false,
  });
}

export function useAssetGroup(groupId: string) {
  return useQuery({
    queryKey: GROUP_KEYS.one(groupId),
    queryFn: () => api.assets.getGroup(groupId),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 5_000 : false),
  });
}

/** The group's enumeration: settings and history, newest first (one enumeration per group). */
export function useEnumeration(groupId: string, running: boolean) {
  return useQuery({
    queryKey: GROUP_KEYS.enumeration(groupId),
    queryFn: () => api.assets.getEnumeration(groupId),
    refetchInterval: running ? 5_000 : false,
  });
}

export function useSaveAssetGroup(onSaved: (group: AssetGroup, created: boolean) => void) {
  const { t } = useTranslation('assets');
  return useMutationWithFeedback(
    async ({ id, body }: { id?: string; body: AssetGroupWriteInput }) => ({
      group: id ? await api.assets.updateGroup(id, body) : await api.assets.createGroup(body),
      created: !id,
    }),
    {
      success: (r) => t(r.created ? 'groups.created' : 'groups.updated'),
      failure: t('groups.saveFailed'),
      invalidate: [GROUP_KEYS.root],
      onSuccess: (r) => onSaved(r.group, r.created),
    },
  );
}

/**
 * Delete one or several groups. Every delete is tried; if some fail the others stay deleted and
 * the snackbar says what failed (spec §8 'Failed to delete asset group(s)').
 */
export function useDeleteAssetGroups(onDone: () => void) {
  const { t } = useTranslation('assets');
  const lang = useLang();
  return useMutationWithFeedback(
    async (ids: string[]) => {
      const results = await Promise.allSettled(ids.map((id) => api.assets.deleteGroup(id)));
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
      return ids.length;
    },
    {
      success: (n) =>
        n === 1 ? t('groups.deleted') : t('groups.bulkDeleted', { count: n, n: formatNumber(n, lang) }),
      failure: t('groups.deleteFailed'),
      invalidate: [GROUP_KEYS.root],
      onSuccess: onDone,
    },
  );
}

/** Start a new discovery of a group ('rediscovery started'), then follow it. */
export function useRediscover(onStarted: (groupId: string) => void) {
  const { t } = useTranslation('assets');
  return useMutationWithFeedback((groupId: string) => api.assets.rediscover(groupId).then(() => groupId), {
    success: t('groups.rediscoveryStarted'),
    failure: t('groups.rediscoveryFailed'),
    invalidate: [GROUP_KEYS.root],
    onSuccess: onStarted,
  });
}

/** Cancel the group's running discovery: its running history comes from `enumeration-status`. */
export function useCancelDiscovery() {
  const { t } = useTranslation('assets');
  return useMutationWithFeedback(
    async (groupId: string) => {
      const status = await api.assets.enumerationStatus(groupId);
      if (!status.history_id) throw new Error(t('groups.cancelFailed'));
      await api.assets.cancelEnumeration(status.enumeration_id, status.history_id);
    },
    {
      success: t('groups.cancelSent'),
      failure: t('groups.cancelFailed'),
      invalidate: [GROUP_KEYS.root],
    },
  );
}
