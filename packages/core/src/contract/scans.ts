import { z } from 'zod';
import { TEMPLATE_SEVERITIES, type TemplateSeverity } from '../templates/types.js';
import { filterOptionSchema } from './assets.js';

/**
 * Scans (spec §2 /scans, §3 scan and bulk scan request, §4 scan status, §7 scans): a scan is a
 * saved choice of targets (one asset group, or explicit assets after a bulk scan on assets) and
 * templates (ids and tags); each run is a scan history that the server splits into 'template-run'
 * chunks for workers. Findings are kept as vulnerabilities, one record per workspace + template +
 * matcher name + asset + matched URL, across runs and scans.
 */

// ---- Statuses and severities ----

/** A scan history's status (spec §4). */
export const SCAN_STATUSES = ['initializing', 'running', 'finished', 'failed', 'cancelled'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];
export const TERMINAL_SCAN_STATUSES: readonly ScanStatus[] = ['finished', 'failed', 'cancelled'];

/**
 * A scan as the list shows it: its latest run's status, or 'scheduled' (a schedule and no run
 * yet, or waiting for the next one), or 'not_started'.
 */
export const SCAN_LIST_STATUSES = [...SCAN_STATUSES, 'scheduled', 'not_started'] as const;
export type ScanListStatus = (typeof SCAN_LIST_STATUSES)[number];

/** Severities as templates give them; breakdowns fold 'unknown' into 'info' (spec §1). */
export const SEVERITIES = TEMPLATE_SEVERITIES;
export type Severity = TemplateSeverity;
export const BREAKDOWN_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type BreakdownSeverity = (typeof BREAKDOWN_SEVERITIES)[number];

/**
 * Triage statuses (spec §4: open, in progress, fixed) plus false positive and accepted risk, a
 * deliberate addition. 'fixed' is also set by the server when a rescan no longer matches.
 */
export const VULNERABILITY_STATUSES = [
  'open',
  'in_progress',
  'fixed',
  'false_positive',
  'accepted_risk',
] as const;
export type VulnerabilityStatus = (typeof VULNERABILITY_STATUSES)[number];

/** Vulnerabilities tab = findings of severity low and above; Exposures tab = info (and unknown). */
export const SEVERITY_GROUPS = ['vulnerabilities', 'exposures'] as const;
export type SeverityGroup = (typeof SEVERITY_GROUPS)[number];

export const SCAN_FREQUENCIES = ['none', 'daily', 'weekly', 'monthly', 'custom'] as const;
export type ScanFrequency = (typeof SCAN_FREQUENCIES)[number];

export const severityCountsSchema = z.object({
  critical: z.number().int(),
  high: z.number().int(),
  medium: z.number().int(),
  low: z.number().int(),
  info: z.number().int(),
});
export type SeverityCounts = z.infer<typeof severityCountsSchema>;

// ---- Limits ----

export const SCAN_NAME_MAX = 200;
export const SCAN_MAX_TEMPLATE_IDS = 5_000;
export const SCAN_MAX_TEMPLATE_TAGS = 200;
export const BULK_SCAN_MAX_GROUPS = 100;
export const BULK_SCAN_MAX_ASSETS = 10_000;

// ---- Scans ----

const templateIds = z.array(z.string().min(1).max(300)).max(SCAN_MAX_TEMPLATE_IDS);
const templateTags = z.array(z.string().min(1).max(100)).max(SCAN_MAX_TEMPLATE_TAGS);

/**
 * `POST panel/scans/` (spec §3): `asset_group` is a list of one id; frequency, weekdays and start
 * time are not sent here but to `panel/scan-schedules/`. `run_now` (default true) starts a first
 * run at once; the panel sends false when the user picked a schedule.
 * Server rules: name required ('scans.name_required'), a group ('scans.group_required'), at
 * least one template id or tag ('scans.templates_required').
 */
export const scanCreateSchema = z.object({
  name: z.string().max(SCAN_NAME_MAX),
  asset_group: z.array(z.string()).max(1),
  template_ids: templateIds.default([]),
  template_tags: templateTags.default([]),
  worker_group: z.string().nullable().optional(),
  run_now: z.boolean().optional(),
  /**
   * Run the scan's self-contained templates (they send requests to fixed third-party hosts, not to
   * the targets): the capability gate a scan opens for its own runs (issue 31). Default false.
   */
  self_contained: z.boolean().optional(),
  /**
   * A DAST scan (issue 30): its runs fuzz the endpoints discovery found on its assets with the
   * fuzzing templates, the dast gate opened for its own runs. Default false.
   */
  dast: z.boolean().optional(),
});
export type ScanCreateInput = z.input<typeof scanCreateSchema>;

/** `PATCH panel/scans/{id}/`: any of the create fields; a running history keeps what it started with. */
export const scanPatchSchema = z.object({
  name: z.string().max(SCAN_NAME_MAX).optional(),
  asset_group: z.array(z.string()).max(1).optional(),
  template_ids: templateIds.optional(),
  template_tags: templateTags.optional(),
  worker_group: z.string().nullable().optional(),
  self_contained: z.boolean().optional(),
  dast: z.boolean().optional(),
});
export type ScanPatchInput = z.infer<typeof scanPatchSchema>;

/** A scan history (one run). `total_task` is null until the server has split the run. */
export const scanHistorySchema = z.object({
  id: z.string(),
  scan: z.string(),
  status: z.enum(SCAN_STATUSES),
  trigger: z.enum(['manual', 'schedule', 'bulk']),
  tasks_done: z.number().int(),
  total_task: z.number().int().nullable(),
  targets: z.number().int(),
  templates: z.number().int(),
  findings: severityCountsSchema,
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Seconds, or null while running. */
  duration: z.number().nullable(),
});
export type ScanHistory = z.infer<typeof scanHistorySchema>;

/** Wildcard DNS records among a run's assets, left out because they are never scan targets. */
const skippedWildcards = z.number().int().min(0).optional();

/** `POST panel/scans/{id}/run/` answer: the run it started, and the wildcards it left out. */
export const scanRunStartedSchema = scanHistorySchema.extend({ skipped_wildcards: skippedWildcards });
export type ScanRunStarted = z.infer<typeof scanRunStartedSchema>;

export const scanScheduleSchema = z.object({
  id: z.string(),
  scan: z.string(),
  frequency: z.enum(SCAN_FREQUENCIES),
  custom_weekdays: z.array(z.number().int()),
  start_time: z.string().nullable(),
  next_run_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
});
export type ScanSchedule = z.infer<typeof scanScheduleSchema>;

/** A scan as `GET panel/scans/` and `GET panel/scans/{id}/` give it. */
export const scanSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The asset group (spec §3), or null for a bulk scan on explicit assets. */
  asset_group: z.string().nullable(),
  asset_group_name: z.string().nullable(),
  /**
   * Every group a bulk scan covers, in the order chosen (a group scan: its one group; a scan on
   * explicit assets: none). `asset_group` above is the first, kept for older clients. Absent from
   * older servers; a deleted group is left out.
   */
  asset_groups: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
  /** Explicit asset ids (bulk scan on assets); empty for a group scan. */
  assets: z.array(z.string()),
  template_ids: z.array(z.string()),
  template_tags: z.array(z.string()),
  worker_group: z.string().nullable(),
  worker_group_name: z.string().nullable(),
  /** Its runs open the self-contained gate (the scan form's opt-in). Absent from older servers. */
  self_contained: z.boolean().optional(),
  /** A DAST scan (the scan form's opt-in). Absent from older servers. */
  dast: z.boolean().optional(),
  status: z.enum(SCAN_LIST_STATUSES),
  latest_history: scanHistorySchema.nullable(),
  schedule: scanScheduleSchema.nullable(),
  /** Open findings (not fixed, false positive or accepted) by severity, unknown counted as info. */
  vulnerabilities: severityCountsSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Scan = z.infer<typeof scanSchema>;

/** `POST panel/scans/` answer: the scan, and the run it started when `run_now` was not false. */
export const scanCreatedSchema = scanSchema.extend({
  scan_history_id: z.string().nullable(),
  skipped_wildcards: skippedWildcards,
});
export type ScanCreated = z.infer<typeof scanCreatedSchema>;

/**
 * `GET panel/scans/` query (spec §3 scan filters): search, page, page_size (default 10) plus the
 * filter keys, each a comma-joined list; the asset keys (host, ip, …) match scans whose targets
 * have such an asset. Dates as created_at_after / created_at_before (YYYY-MM-DD).
 */
export const SCAN_FILTER_KEYS = [
  'name',
  'status',
  'worker_group',
  'asset_group',
  'template_ids',
  'template_tags',
  'host',
  'cname',
  'ip',
  'technologies',
  'title',
  'port',
] as const;
export type ScanFilterKey = (typeof SCAN_FILTER_KEYS)[number];

export type ScanListQuery = {
  page?: number;
  page_size?: number;
  search?: string;
  ordering?: 'created_at' | '-created_at' | 'name' | '-name' | 'updated_at' | '-updated_at';
  created_at_after?: string;
  created_at_before?: string;
} & Partial<Record<ScanFilterKey, string>>;

/** `GET panel/scans/filter-values/?field=&search=`: options with counts; `label` names an id. */
export const scanFilterOptionSchema = filterOptionSchema.extend({ label: z.string().nullable() });
export type ScanFilterOption = z.infer<typeof scanFilterOptionSchema>;

/** `GET panel/scans/statistics` (spec §2 /scans cards). */
export const scanStatisticsSchema = z.object({
  total: z.number().int(),
  running: z.number().int(),
  completed: z.number().int(),
  scheduled: z.number().int(),
});
export type ScanStatistics = z.infer<typeof scanStatisticsSchema>;

/** `GET .../histories/{historyId}/status` (spec §3 scan status response), polled every 5 s. */
export const scanHistoryStatusSchema = z.object({
  status: z.enum(SCAN_STATUSES),
  tasks_done: z.number().int(),
  total_task: z.number().int().nullable(),
});
export type ScanHistoryStatus = z.infer<typeof scanHistoryStatusSchema>;

/** Why a template did not run in a scan run (skipped) or did not finish on a target (failure). */
export const scanHistoryProblemSchema = z.object({
  kind: z.enum(['failure', 'skipped']),
  template_id: z.string(),
  target: z.string().nullable(),
  /** The engine's message, in English; the panel translates known ones (runMessageText). */
  message: z.string(),
});
export type ScanHistoryProblem = z.infer<typeof scanHistoryProblemSchema>;

/** `GET .../histories/{historyId}/problems/`: all counted, the first 200 listed in the order seen. */
export const scanHistoryProblemsSchema = z.object({
  skipped: z.number().int(),
  failures: z.number().int(),
  problems: z.array(scanHistoryProblemSchema),
});
export type ScanHistoryProblems = z.infer<typeof scanHistoryProblemsSchema>;

// ---- Schedules ----

/** `POST panel/scan-schedules/`; custom needs weekdays (0 = Sunday); start_time is ISO date-time. */
export const scanScheduleWriteSchema = z.object({
  scan: z.string(),
  frequency: z.enum(SCAN_FREQUENCIES),
  custom_weekdays: z.array(z.number().int().min(0).max(6)).max(7).optional(),
  start_time: z.string().datetime({ offset: true }).nullable().optional(),
});
export type ScanScheduleWriteInput = z.infer<typeof scanScheduleWriteSchema>;
export const scanSchedulePatchSchema = scanScheduleWriteSchema.omit({ scan: true }).partial();
export type ScanSchedulePatchInput = z.infer<typeof scanSchedulePatchSchema>;

// ---- Bulk scans ----

/** `POST panel/scans/bulk-create/` (spec §3): groups or assets, never both, never neither. */
export const bulkScanSchema = z.object({
  name: z.string().max(SCAN_NAME_MAX),
  template_ids: templateIds.default([]),
  template_tags: templateTags.default([]),
  asset_groups: z.array(z.string()).max(BULK_SCAN_MAX_GROUPS).optional(),
  assets: z.array(z.string()).max(BULK_SCAN_MAX_ASSETS).optional(),
  worker_group: z.string().nullable().optional(),
  self_contained: z.boolean().optional(),
  dast: z.boolean().optional(),
});
export type BulkScanInput = z.input<typeof bulkScanSchema>;
export const bulkScanResponseSchema = z.object({
  scan_id: z.string(),
  scan_history_id: z.string().nullable().optional(),
  skipped_wildcards: skippedWildcards,
});
export type BulkScanResponse = z.infer<typeof bulkScanResponseSchema>;

// ---- Vulnerabilities ----

/** A vulnerability as lists show it. */
export const vulnerabilitySchema = z.object({
  id: z.string(),
  template_id: z.string(),
  template_name: z.string(),
  severity: z.enum(SEVERITIES),
  matcher_name: z.string().nullable(),
  status: z.enum(VULNERABILITY_STATUSES),
  /** The asset (null when it was deleted since); host and port stay. */
  asset: z.string().nullable(),
  host: z.string(),
  port: z.number().int().nullable(),
  matched_at: z.string(),
  /** The last scan and run that saw it (or fixed it). */
  scan: z.string().nullable(),
  scan_history: z.string().nullable(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  fixed_at: z.string().nullable(),
  /** Times it came back after being fixed. */
  reopened_count: z.number().int(),
  // The lifecycle (issue 32, contract/findings.ts).
  /** The member who owns the fix, or null. */
  assignee: z.object({ id: z.string(), username: z.string() }).nullable(),
  /** Its SLA deadline (first seen + the workspace's days for its severity), or one set by hand. */
  due_at: z.string().nullable(),
  /** Open or in progress and past its due date. */
  overdue: z.boolean(),
  /** Why it is a false positive or an accepted risk. */
  status_reason: z.string().nullable(),
  /** When an accepted risk reopens. */
  accepted_until: z.string().nullable(),
  last_retest_at: z.string().nullable(),
  last_retest_verdict: z.enum(['still_vulnerable', 'fixed', 'inconclusive']).nullable(),
});
export type Vulnerability = z.infer<typeof vulnerabilitySchema>;

/** The detail drawer: template info, evidence and a curl command that reproduces an HTTP finding. */
export const vulnerabilityDetailSchema = vulnerabilitySchema.extend({
  description: z.string().nullable(),
  remediation: z.string().nullable(),
  references: z.array(z.string()),
  tags: z.array(z.string()),
  authors: z.array(z.string()),
  classification: z.record(z.string(), z.unknown()).nullable(),
  protocol: z.string(),
  extractor_name: z.string().nullable(),
  extracted_results: z.array(z.string()),
  ip: z.string().nullable(),
  request: z.string().nullable(),
  response: z.string().nullable(),
  evidence_truncated: z.boolean(),
  /** null for findings that are not HTTP. */
  curl_command: z.string().nullable(),
  /** Status changes, newest first: who (null = the server after a rescan) and when. */
  status_history: z.array(
    z.object({
      status: z.enum(VULNERABILITY_STATUSES),
      by: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type VulnerabilityDetail = z.infer<typeof vulnerabilityDetailSchema>;

/** A date (`2027-01-31`) or a date and time with its offset. */
export const findingDate = z.iso
  .datetime({ offset: true, error: 'findings.date_invalid' })
  .or(z.iso.date('findings.date_invalid'));

/**
 * `PATCH panel/vulnerabilities/{id}/` — triage (issue 32): status (false positive and accepted
 * risk need a reason; accepted risk only by an owner or admin, until `accepted_until`, 90 days by
 * default), assignee (a member's id or username, or null) and due date (ISO, or null to follow the SLA again).
 */
export const vulnerabilityPatchSchema = z
  .object({
    status: z.enum(VULNERABILITY_STATUSES).optional(),
    reason: z.string().trim().max(2000, 'validation.too_big_string').optional(),
    accepted_until: findingDate.optional(),
    assignee: z.string().max(100).nullable().optional(),
    due_at: findingDate.nullable().optional(),
  })
  .refine((b) => b.status !== undefined || b.assignee !== undefined || b.due_at !== undefined, {
    message: 'findings.nothing_to_change',
  });
export type VulnerabilityPatchInput = z.infer<typeof vulnerabilityPatchSchema>;

/** Other assets where the same template and matcher matched (affected-assets). */
export const affectedAssetSchema = z.object({
  vulnerability: z.string(),
  asset: z.string().nullable(),
  host: z.string(),
  port: z.number().int().nullable(),
  ip: z.string().nullable(),
  matched_at: z.string(),
  status: z.enum(VULNERABILITY_STATUSES),
  last_seen_at: z.string(),
});
export type AffectedAsset = z.infer<typeof affectedAssetSchema>;

/**
 * A keyset page of `GET panel/vulnerabilities/`: what a request with a `cursor` key (empty for the
 * first page) answers instead of the paged list, in the list's order. Pass `next_cursor` as the
 * next request's `cursor`; null after the last page. No count is made.
 */
export const vulnerabilityCursorPageSchema = z.object({
  results: z.array(vulnerabilitySchema),
  next_cursor: z.string().nullable(),
});
export type VulnerabilityCursorPage = z.infer<typeof vulnerabilityCursorPageSchema>;
/** Largest `page_size` of a keyset page (offset pages stay at the panel's 100). */
export const MAX_VULNERABILITY_CURSOR_PAGE_SIZE = 1000;

/**
 * Vulnerability list filters: the history list (`.../histories/{h}/vulnerabilities/`) and the
 * workspace list (`GET panel/vulnerabilities/`, used by the CLI, the home page and the asset
 * detail tabs) take the same ones. Lists are comma-joined; most severe first, then newest.
 */
export type VulnerabilityListQuery = {
  page?: number;
  page_size?: number;
  search?: string;
  severity?: string;
  status?: string;
  severity_group?: SeverityGroup;
  /** Workspace list only. */
  scan?: string;
  asset?: string;
  /** Workspace list only (issue 32): past due, due within N days, assigned to a member id or `none`. */
  overdue?: boolean;
  due_within?: number;
  assignee?: string;
};

// ---- Home dashboard ----

/** `GET panel/dashboard/`: the home page's live statistics, breakdown and worker map. */
export const dashboardSchema = z.object({
  scans: scanStatisticsSchema,
  asset_groups: z.number().int(),
  assets: z.number().int(),
  /** Open vulnerabilities by severity, unknown counted as info. */
  vulnerabilities: severityCountsSchema,
  /** Workers by country (ISO 3166-1 alpha-2, or null when unknown). */
  workers: z.array(
    z.object({ country: z.string().nullable(), total: z.number().int(), online: z.number().int() }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
