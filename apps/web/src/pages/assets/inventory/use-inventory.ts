import { type AssetListState, type AssetOptionField, allAssetsQuery, LIMITS } from '@didban/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithFeedback } from '../../../hooks/use-mutation-feedback';
import { api } from '../../../lib/api';
import { retriable } from '../../../lib/query-client';

/**
 * Query keys of the inventory. They all sit under `['assets']`, so refreshing that root after a
 * deletion refreshes groups, the inventory and the technologies together (spec §7).
 */
export const INVENTORY_KEYS = {
  root: ['assets'] as const,
  list: (query: Record<string, string>, history: string | null) =>
    ['assets', 'inventory', query, history] as const,
  options: (field: string, search: string, scope: Record<string, string>) =>
    ['assets', 'inventory-options', field, search, scope] as const,
  group: (groupId: string) => ['assets', 'group', groupId] as const,
  enumeration: (enumerationId: string) => ['assets', 'enumeration', enumerationId] as const,
  compare: (a: string, b: string) => ['assets', 'compare', a, b] as const,
  asset: (assetId: string) => ['assets', 'asset', assetId] as const,
  changelog: (assetId: string) => ['assets', 'changelog', assetId] as const,
  findings: (assetId: string, group: string) => ['assets', 'findings', assetId, group] as const,
  screenshot: (url: string) => ['assets', 'screenshot', url] as const,
};

const INVENTORY_RETRIES = 2;
const INVENTORY_RETRY_DELAY_MS = 1_000;

type ListInput = Pick<AssetListState, 'page' | 'pageSize' | 'search' | 'sort' | 'filters' | 'groupIds'>;

/**
 * One page of the inventory, live or as at a past history. The previous page stays on screen
 * while the next loads, so paging does not flash the skeletons.
 */
export function useInventoryPage(state: ListInput, historyId: string | null) {
  const { t } = useTranslation('assets');
  const query = allAssetsQuery(state);
  return useQuery({
    queryKey: INVENTORY_KEYS.list(query, historyId),
    queryFn: () => api.assets.inventory(state, historyId),
    placeholderData: keepPreviousData,
    // Spec §2: entering the page refetches, even within the 5 minutes the data counts as fresh.
    refetchOnMount: 'always',
    // Spec §4 (GET panel/all-assets/): a failed page is asked again 2 times, 1 s apart.
    retry: (failures, error) => retriable(error) && failures < INVENTORY_RETRIES,
    retryDelay: INVENTORY_RETRY_DELAY_MS,
    meta: { errorMessage: t('inventory.loadFailed') },
  });
}

/**
 * Option values with counts for one filter key (spec §3 "Filter option"), within the group and
 * history on screen. Cached 5 minutes (spec §9); a failure is shown in the menu, not a snackbar.
 */
export function useFilterOptions(
  field: AssetOptionField | null,
  search: string,
  scope: Record<string, string>,
) {
  return useQuery({
    queryKey: INVENTORY_KEYS.options(field ?? '', search, scope),
    enabled: field !== null,
    queryFn: () => api.assets.inventoryOptions(field!, search, scope),
    staleTime: LIMITS.filterOptionCacheMs,
    gcTime: LIMITS.filterOptionCacheMs,
    meta: { silent: true },
  });
}

/** The group and its discovery history (newest first), for the history dropdown and compare mode. */
export function useGroupHistory(groupId: string | undefined) {
  const group = useQuery({
    queryKey: INVENTORY_KEYS.group(groupId ?? ''),
    enabled: !!groupId,
    queryFn: () => api.assets.getGroup(groupId!),
  });
  const enumerationId = group.data?.enumeration.enumeration_id;
  const enumeration = useQuery({
    queryKey: INVENTORY_KEYS.enumeration(enumerationId ?? ''),
    enabled: !!enumerationId,
    queryFn: () => api.assets.getEnumeration(enumerationId!),
  });
  return { group: group.data, history: enumeration.data?.history ?? [], loading: enumeration.isLoading };
}

export function useHistoryComparison(a: string | null, b: string | null) {
  const { t } = useTranslation('assets');
  return useQuery({
    queryKey: INVENTORY_KEYS.compare(a ?? '', b ?? ''),
    enabled: !!a && !!b && a !== b,
    queryFn: () => api.assets.compareHistories(a!, b!),
    meta: { errorMessage: t('inventory.compare.loadFailed') },
  });
}

/** Delete one asset (spec §8: the server's message or 'Failed to delete asset.'). */
export function useDeleteAsset(onDone: (assetId: string) => void) {
  const { t } = useTranslation('assets');
  return useMutationWithFeedback((assetId: string) => api.assets.deleteAsset(assetId).then(() => assetId), {
    success: t('inventory.deleted'),
    failure: t('inventory.deleteFailed'),
    invalidate: [INVENTORY_KEYS.root],
    onSuccess: onDone,
  });
}

/** The query that scopes option values to what the inventory shows (group and history). */
export function optionScope(groupIds: string[], historyId: string | null): Record<string, string> {
  const scope: Record<string, string> = {};
  if (groupIds.length) scope.asset_group = groupIds.join(',');
  if (historyId) scope.history = historyId;
  return scope;
}
