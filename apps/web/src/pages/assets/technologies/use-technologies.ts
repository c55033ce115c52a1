import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { GROUP_KEYS } from '../groups/use-asset-groups';

/** spec §7: the technology's assets come 10 at a time. */
export const TECHNOLOGY_PAGE_SIZE = 10;

export function useTechnologies() {
  return useQuery({ queryKey: GROUP_KEYS.technologies, queryFn: () => api.assets.technologies() });
}

/** The assets using one technology; only asked once its row is open (spec §7: only with an id). */
export function useTechnologyAssets(technologyId: string | null, page: number) {
  return useQuery({
    queryKey: GROUP_KEYS.byTechnology(technologyId ?? '', page),
    enabled: !!technologyId,
    queryFn: () => api.assets.assetsByTechnology(technologyId!, page, TECHNOLOGY_PAGE_SIZE),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    // The open row says 'Could not load assets.' itself (spec §8); no snackbar on top.
    meta: { silent: true },
  });
}
