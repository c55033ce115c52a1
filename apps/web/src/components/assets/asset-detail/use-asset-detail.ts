import { API_PREFIX } from '@didban/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';

/** Everything the detail panel shows about one asset, each part under the `['assets']` root. */
export function useAssetDetail(assetId: string) {
  const { t } = useTranslation('assets');
  return useQuery({
    queryKey: ['assets', 'asset', assetId],
    queryFn: () => api.assets.getAsset(assetId),
    meta: { errorMessage: t('assetDetail.loadFailed') },
  });
}

export function useAssetChangelog(assetId: string) {
  return useQuery({
    queryKey: ['assets', 'changelog', assetId],
    queryFn: () => api.assets.changelog(assetId),
    meta: { silent: true },
  });
}

/** The group's name and its discovery histories, to name the runs the asset was seen in. */
export function useAssetGroup(groupId: string) {
  const group = useQuery({
    queryKey: ['assets', 'group', groupId],
    queryFn: () => api.assets.getGroup(groupId),
    meta: { silent: true },
  });
  const enumerationId = group.data?.enumeration.enumeration_id;
  const enumeration = useQuery({
    queryKey: ['assets', 'enumeration', enumerationId ?? ''],
    enabled: !!enumerationId,
    queryFn: () => api.assets.getEnumeration(enumerationId!),
    meta: { silent: true },
  });
  // Still loading while either answer is on its way, so callers show '…' rather than a bare id.
  const loading = group.isPending || (!!enumerationId && enumeration.isPending);
  return { group: group.data, history: enumeration.data?.history ?? [], loading };
}

export type SeverityGroup = 'vulnerabilities' | 'exposures';
export type Finding = Awaited<ReturnType<typeof api.scans.assetVulnerabilities>>['results'][number];

/**
 * Scan findings on the asset: Vulnerabilities are severity low and above, Exposures the info
 * ones (`panel/vulnerabilities/?asset=…&severity_group=…`).
 */
export function useAssetFindings(
  assetId: string,
  group: SeverityGroup,
  /** The SLA filters (issue 32). */
  sla: { overdue?: boolean; due_within?: number } = {},
) {
  return useQuery({
    queryKey: ['assets', 'findings', assetId, group, sla],
    queryFn: () =>
      api.scans.assetVulnerabilities(assetId, { severity_group: group, page: 1, page_size: 100, ...sla }),
    meta: { silent: true },
  });
}

/**
 * The screenshot discovery took, as an object URL: the file is served to signed-in members only,
 * so it is fetched with the session's headers rather than by a plain <img src>.
 */
export function useScreenshotUrl(screenshotUrl: string | null | undefined): string | null {
  const path = screenshotUrl
    ? screenshotUrl.startsWith(API_PREFIX)
      ? screenshotUrl.slice(API_PREFIX.length)
      : screenshotUrl
    : null;
  const blob = useQuery({
    queryKey: ['assets', 'screenshot', path ?? ''],
    enabled: !!path,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => api.http.request({ method: 'GET', url: path!, responseType: 'blob' }) as Promise<Blob>,
    meta: { silent: true },
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  return url;
}
