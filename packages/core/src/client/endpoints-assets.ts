import { z } from 'zod';
import { allAssetsQuery } from '../assets/query.js';
import { type AssetEndpointQuery, assetEndpointPageSchema } from '../contract/asset-endpoints.js';
import {
  type AssetChange,
  type AssetGroupListQuery,
  type AssetGroupPatchInput,
  type AssetGroupWriteInput,
  assetChangeSchema,
  assetCursorPageSchema,
  assetDetailSchema,
  assetGroupSchema,
  assetSchema,
  discoveryStartedSchema,
  type EnumerationScheduleWriteInput,
  type enumerationPatchSchema,
  type enumerationSchedulePatchSchema,
  enumerationScheduleSchema,
  enumerationSchema,
  enumerationStatusSchema,
  filterOptionSchema,
  historyComparisonSchema,
  technologySummarySchema,
} from '../contract/assets.js';
import { envelope, pagedList } from '../contract/envelope.js';
import type { Http } from './api-client.js';

const unwrap = <T>(p: Promise<{ data: T }>) => p.then((body) => body.data);
const id = (value: string) => encodeURIComponent(value);
const defined = (query: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));

/**
 * The asset calls of spec §7: groups, the inventory and its options, technologies, enumerations,
 * schedules, history comparison, re-discovery, status and cancel.
 * @example
 *   const group = await api.assets.createGroup({ name: 'Shop', roots: 'shop.example\napi.shop.example' });
 *   const page = await api.assets.inventory(initialAssetListState({ groupIds: [group.id] }));
 */
export function assetEndpoints(http: Http) {
  return {
    listGroups: (query: AssetGroupListQuery = {}) =>
      unwrap(http.get('panel/assets/', envelope(pagedList(assetGroupSchema)), defined(query))),
    createGroup: (body: AssetGroupWriteInput) =>
      unwrap(http.post('panel/assets/', body, envelope(assetGroupSchema))),
    getGroup: (groupId: string) =>
      unwrap(http.get(`panel/assets/${id(groupId)}/`, envelope(assetGroupSchema))),
    updateGroup: (groupId: string, body: AssetGroupPatchInput) =>
      unwrap(http.patch(`panel/assets/${id(groupId)}/`, body, envelope(assetGroupSchema))),
    deleteGroup: (groupId: string) =>
      http.delete(`panel/assets/${id(groupId)}/`, z.unknown()).then(() => undefined),
    groupAssets: (groupId: string, query: { page?: number; page_size?: number; history?: string } = {}) =>
      unwrap(
        http.get(
          `panel/asset-groups/${id(groupId)}/assets/`,
          envelope(pagedList(assetSchema)),
          defined(query),
        ),
      ),
    groupOptions: (groupId: string, fieldname: string, search = '') =>
      unwrap(
        http.get(`panel/asset-groups/${id(groupId)}/assets/`, envelope(z.array(filterOptionSchema)), {
          fieldname,
          search,
        }),
      ),
    /** The inventory page for a list state (see {@link allAssetsQuery}); `history` shows a past state. */
    inventory: (state: Parameters<typeof allAssetsQuery>[0], history?: string | null) =>
      unwrap(
        http.get('panel/all-assets/', envelope(pagedList(assetSchema)), {
          ...allAssetsQuery(state),
          ...(history ? { history } : {}),
        }),
      ),
    /**
     * One keyset page of the inventory for an `allAssetsQuery`-shaped query (its page is dropped):
     * `cursor` null for the first page, then the previous page's `next_cursor`. For reading a
     * whole inventory (exports): each page costs the same however deep it is.
     */
    inventoryAfter: (query: Record<string, string>, cursor: string | null, pageSize = 1000) =>
      unwrap(
        http.get('panel/all-assets/', envelope(assetCursorPageSchema), {
          ...query,
          page: undefined,
          page_size: pageSize,
          cursor: cursor ?? '',
        }),
      ),
    /** One keyset page of a group's assets, as {@link inventoryAfter}. */
    groupAssetsAfter: (
      groupId: string,
      query: Record<string, string>,
      cursor: string | null,
      pageSize = 1000,
    ) =>
      unwrap(
        http.get(`panel/asset-groups/${id(groupId)}/assets/`, envelope(assetCursorPageSchema), {
          ...query,
          page: undefined,
          page_size: pageSize,
          cursor: cursor ?? '',
        }),
      ),
    inventoryOptions: (fieldname: string, search = '', extra: Record<string, string> = {}) =>
      unwrap(
        http.get('panel/all-assets/', envelope(z.array(filterOptionSchema)), { ...extra, fieldname, search }),
      ),
    getAsset: (assetId: string) =>
      unwrap(http.get(`panel/all-assets/${id(assetId)}/`, envelope(assetDetailSchema))),
    changelog: (assetId: string): Promise<AssetChange[]> =>
      unwrap(http.get(`panel/all-assets/${id(assetId)}/changelog/`, envelope(z.array(assetChangeSchema)))),
    /** The endpoints the discovery crawl found on an asset (issue 30), paged and searched. */
    endpoints: (assetId: string, query: AssetEndpointQuery = {}) =>
      unwrap(
        http.get(
          `panel/all-assets/${id(assetId)}/endpoints/`,
          envelope(assetEndpointPageSchema),
          defined(query),
        ),
      ),
    deleteAsset: (assetId: string) =>
      http.delete(`panel/all-assets/${id(assetId)}/`, z.unknown()).then(() => undefined),
    technologies: () =>
      unwrap(http.get('panel/all-assets/technologies/', envelope(z.array(technologySummarySchema)))),
    assetsByTechnology: (technologyId: string, page = 1, pageSize = 10) =>
      unwrap(
        http.get('panel/all-assets/filter-by-technology', envelope(pagedList(assetSchema)), {
          technology_id: technologyId,
          page,
          page_size: pageSize,
        }),
      ),
    startEnumeration: (assetGroupId: string) =>
      unwrap(
        http.post('panel/enumerations/', { asset_group_id: assetGroupId }, envelope(discoveryStartedSchema)),
      ),
    getEnumeration: (enumerationId: string) =>
      unwrap(http.get(`panel/enumerations/${id(enumerationId)}/`, envelope(enumerationSchema))),
    updateEnumeration: (enumerationId: string, body: z.infer<typeof enumerationPatchSchema>) =>
      unwrap(http.patch(`panel/enumerations/${id(enumerationId)}/`, body, envelope(enumerationSchema))),
    createSchedule: (body: EnumerationScheduleWriteInput) =>
      unwrap(http.post('panel/enumerations-schedules/', body, envelope(enumerationScheduleSchema))),
    /** spec §5: without an id this throws 'Schedule ID is required for getting enumeration schedule'. */
    getSchedule: (scheduleId: string | null | undefined) => {
      if (!scheduleId)
        return Promise.reject(new Error('Schedule ID is required for getting enumeration schedule'));
      return unwrap(
        http.get(`panel/enumerations-schedules/${id(scheduleId)}/`, envelope(enumerationScheduleSchema)),
      );
    },
    updateSchedule: (scheduleId: string, body: z.infer<typeof enumerationSchedulePatchSchema>) =>
      unwrap(
        http.patch(
          `panel/enumerations-schedules/${id(scheduleId)}/`,
          body,
          envelope(enumerationScheduleSchema),
        ),
      ),
    deleteSchedule: (scheduleId: string) =>
      http.delete(`panel/enumerations-schedules/${id(scheduleId)}/`, z.unknown()).then(() => undefined),
    compareHistories: (a: string, b: string) =>
      unwrap(http.get(`panel/compare_histories/${id(a)}/${id(b)}/`, envelope(historyComparisonSchema))),
    rediscover: (assetGroupId: string) =>
      unwrap(
        http.post(
          'panel/asset-rediscovery/',
          { asset_group_id: assetGroupId },
          envelope(discoveryStartedSchema),
        ),
      ),
    enumerationStatus: (enumerationOrHistoryId: string) =>
      unwrap(
        http.get(`panel/enumeration-status/${id(enumerationOrHistoryId)}`, envelope(enumerationStatusSchema)),
      ),
    cancelEnumeration: (enumerationId: string, historyId: string) =>
      http
        .post(
          `panel/enumerations/${id(enumerationId)}/histories/${id(historyId)}/cancel-scan/`,
          // spec §7: an empty body (no body, no Content-Type), not `{}`.
          undefined,
          z.unknown(),
        )
        .then(() => undefined),
  };
}
