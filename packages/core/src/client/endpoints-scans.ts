import { z } from 'zod';
import { envelope, pagedList } from '../contract/envelope.js';
import {
  affectedAssetSchema,
  type BulkScanInput,
  bulkScanResponseSchema,
  dashboardSchema,
  type ScanCreateInput,
  type ScanListQuery,
  type ScanPatchInput,
  type ScanSchedulePatchInput,
  type ScanScheduleWriteInput,
  scanCreatedSchema,
  scanFilterOptionSchema,
  scanHistoryProblemsSchema,
  scanHistorySchema,
  scanHistoryStatusSchema,
  scanRunStartedSchema,
  scanScheduleSchema,
  scanSchema,
  scanStatisticsSchema,
  type VulnerabilityListQuery,
  type VulnerabilityStatus,
  vulnerabilityCursorPageSchema,
  vulnerabilityDetailSchema,
  vulnerabilitySchema,
} from '../contract/scans.js';
import type { Http } from './api-client.js';

const unwrap = <T>(p: Promise<{ data: T }>) => p.then((body) => body.data);
const id = (value: string) => encodeURIComponent(value);
const defined = (query: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''));
const historyPath = (scanId: string, historyId: string) =>
  `panel/scans/${id(scanId)}/histories/${id(historyId)}`;

/**
 * The scan calls of spec §7 (and the vulnerability triage, asset findings and home dashboard
 * calls that complete them).
 * @example
 *   const { scan_id, scan_history_id } = await api.scans.bulkCreate({ name, asset_groups: [groupId], template_tags: ['exposure'] });
 *   const status = await api.scans.historyStatus(scan_id, scan_history_id!);
 */
export function scanEndpoints(http: Http) {
  return {
    list: (query: ScanListQuery = {}) =>
      unwrap(http.get('panel/scans/', envelope(pagedList(scanSchema)), defined(query))),
    filterValues: (field: string, search = '') =>
      unwrap(
        http.get('panel/scans/filter-values/', envelope(z.array(scanFilterOptionSchema)), { field, search }),
      ),
    statistics: () => unwrap(http.get('panel/scans/statistics', envelope(scanStatisticsSchema))),
    get: (scanId: string) => unwrap(http.get(`panel/scans/${id(scanId)}/`, envelope(scanSchema))),
    create: (body: ScanCreateInput) => unwrap(http.post('panel/scans/', body, envelope(scanCreatedSchema))),
    update: (scanId: string, body: ScanPatchInput) =>
      unwrap(http.patch(`panel/scans/${id(scanId)}/`, body, envelope(scanSchema))),
    remove: (scanId: string) => http.delete(`panel/scans/${id(scanId)}/`, z.unknown()).then(() => undefined),
    /** Start a new run of an existing scan now. */
    run: (scanId: string) =>
      unwrap(http.post(`panel/scans/${id(scanId)}/run/`, {}, envelope(scanRunStartedSchema))),
    bulkCreate: (body: BulkScanInput) =>
      unwrap(http.post('panel/scans/bulk-create/', body, envelope(bulkScanResponseSchema))),

    schedules: (query: { scan?: string; page?: number; page_size?: number } = {}) =>
      unwrap(http.get('panel/scan-schedules/', envelope(pagedList(scanScheduleSchema)), defined(query))),
    createSchedule: (body: ScanScheduleWriteInput) =>
      unwrap(http.post('panel/scan-schedules/', body, envelope(scanScheduleSchema))),
    updateSchedule: (scheduleId: string, body: ScanSchedulePatchInput) =>
      unwrap(http.patch(`panel/scan-schedules/${id(scheduleId)}/`, body, envelope(scanScheduleSchema))),

    /** Runs of a scan, newest first. */
    histories: (scanId: string, query: { page?: number; page_size?: number } = {}) =>
      unwrap(
        http.get(
          `panel/scans/${id(scanId)}/histories`,
          envelope(pagedList(scanHistorySchema)),
          defined(query),
        ),
      ),
    historyStatus: (scanId: string, historyId: string) =>
      unwrap(http.get(`${historyPath(scanId, historyId)}/status`, envelope(scanHistoryStatusSchema))),
    /** The templates a run skipped and its failures, with the engine's reasons. */
    historyProblems: (scanId: string, historyId: string) =>
      unwrap(http.get(`${historyPath(scanId, historyId)}/problems/`, envelope(scanHistoryProblemsSchema))),
    /** Cancel a run (spec §4: cancel is per scan history); a finished run answers 409. */
    cancel: (scanId: string, historyId: string) =>
      unwrap(
        http.post(`${historyPath(scanId, historyId)}/cancel-scan/`, {}, envelope(scanHistoryStatusSchema)),
      ),
    /** Findings of a run: what it found plus what it found fixed. */
    historyVulnerabilities: (scanId: string, historyId: string, query: VulnerabilityListQuery = {}) =>
      unwrap(
        http.get(
          `${historyPath(scanId, historyId)}/vulnerabilities/`,
          envelope(pagedList(vulnerabilitySchema)),
          defined(query),
        ),
      ),
    vulnerability: (scanId: string, historyId: string, vulnId: string) =>
      unwrap(
        http.get(
          `${historyPath(scanId, historyId)}/vulnerabilities/${id(vulnId)}/`,
          envelope(vulnerabilityDetailSchema),
        ),
      ),
    affectedAssets: (scanId: string, historyId: string, vulnId: string) =>
      unwrap(
        http.get(
          `${historyPath(scanId, historyId)}/vulnerabilities/${id(vulnId)}/affected-assets/`,
          envelope(z.array(affectedAssetSchema)),
        ),
      ),

    /** Every vulnerability of the workspace (CLI `vulns list`, home page). */
    vulnerabilities: (query: VulnerabilityListQuery = {}) =>
      unwrap(http.get('panel/vulnerabilities/', envelope(pagedList(vulnerabilitySchema)), defined(query))),
    /**
     * One keyset page of the workspace's findings with the filters of `query` (its page is
     * dropped): `cursor` null for the first page, then the previous page's `next_cursor`. For
     * reading them all (`vulns list --all`): each page costs the same however deep it is.
     */
    vulnerabilitiesAfter: (query: VulnerabilityListQuery, cursor: string | null, pageSize = 1000) =>
      unwrap(
        http.get('panel/vulnerabilities/', envelope(vulnerabilityCursorPageSchema), {
          ...defined({ ...query, page: undefined }),
          page_size: pageSize,
          // Present even empty: an empty cursor asks for the first keyset page.
          cursor: cursor ?? '',
        }),
      ),
    /** The same detail as {@link vulnerability}, without knowing a scan. */
    vulnerabilityById: (vulnId: string) =>
      unwrap(http.get(`panel/vulnerabilities/${id(vulnId)}/`, envelope(vulnerabilityDetailSchema))),
    setVulnerabilityStatus: (vulnId: string, status: VulnerabilityStatus) =>
      unwrap(
        http.patch(`panel/vulnerabilities/${id(vulnId)}/`, { status }, envelope(vulnerabilityDetailSchema)),
      ),
    /** The asset detail's Vulnerabilities (low and above) and Exposures (info) tabs. */
    assetVulnerabilities: (assetId: string, query: Omit<VulnerabilityListQuery, 'asset' | 'scan'> = {}) =>
      unwrap(
        http.get(
          'panel/vulnerabilities/',
          envelope(pagedList(vulnerabilitySchema)),
          defined({ ...query, asset: assetId }),
        ),
      ),

    dashboard: () => unwrap(http.get('panel/dashboard/', envelope(dashboardSchema))),
  };
}
