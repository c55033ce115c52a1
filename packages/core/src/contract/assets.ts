import { z } from 'zod';

/** A technology on an asset, as spec §3 shapes it: {id, version, platform {...}}. */
export const assetTechnologySchema = z.object({
  id: z.string(),
  version: z.string().nullable(),
  platform: z.object({
    name: z.string(),
    icon: z.string().nullable(),
    website: z.string().nullable(),
    description_en: z.string().nullable(),
    categories: z.array(z.object({ name: z.string() })),
  }),
});
export type AssetTechnology = z.infer<typeof assetTechnologySchema>;

/** An asset (spec §3): one per asset group + host + port. */
export const assetSchema = z.object({
  id: z.string(),
  host: z.string(),
  port: z.number().int(),
  /** Comma-separated addresses. */
  ip: z.string(),
  is_root: z.boolean(),
  /** HTTP status code as text, or 'done' for a service that is not HTTP. */
  status: z.string(),
  title: z.string().nullable(),
  /** The CNAME chain as a list in text, e.g. "['a.example.com', 'b.example.net']". */
  cname: z.string().nullable(),
  content_length: z.number().int().nullable(),
  scanned_count: z.number().int(),
  group: z.string(),
  enumeration_history: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * When a finished re-discovery stopped seeing it; null while live. The live inventory lists
   * gone assets only under the `gone` filter; a history's snapshot has them as that run saw them.
   */
  gone_at: z.string().nullable(),
  technologies: z.array(assetTechnologySchema),
});
export type Asset = z.infer<typeof assetSchema>;

/**
 * A keyset page of `panel/all-assets/` or `panel/asset-groups/{id}/assets/`: what a request with a
 * `cursor` key (empty for the first page) answers instead of the spec's paged list. Pass
 * `next_cursor` as the next request's `cursor`; null after the last page. No count is made.
 */
export const assetCursorPageSchema = z.object({
  results: z.array(assetSchema),
  next_cursor: z.string().nullable(),
});
export type AssetCursorPage = z.infer<typeof assetCursorPageSchema>;
/** Largest `page_size` of a keyset page (offset pages stay at the panel's 100). */
export const MAX_ASSET_CURSOR_PAGE_SIZE = 1000;

/** Asset detail: the list fields plus what the overview and HTTP response block show. */
export const assetDetailSchema = assetSchema.extend({
  content_type: z.string().nullable(),
  server: z.string().nullable(),
  last_seen: z.string(),
  service: z.string().nullable(),
  final_url: z.string().nullable(),
  response_headers: z.record(z.string(), z.string()).nullable(),
  body_start: z.string().nullable(),
  tls: z.record(z.string(), z.unknown()).nullable(),
  favicon_hash: z.number().int().nullable(),
  screenshot_url: z.string().nullable(),
});
export type AssetDetail = z.infer<typeof assetDetailSchema>;

/**
 * What a discovery saw, as its worker reported at the end: names tried (roots, wordlist, passive
 * sources), names that resolved, names whose DNS questions got no answer at all (an unreachable
 * resolver), and ports probed and found open. Null while running or from an older worker.
 */
export const discoveryOutcomeSchema = z.object({
  names: z.number().int().min(0),
  resolved_hosts: z.number().int().min(0),
  dns_failures: z.number().int().min(0),
  ports_scanned: z.number().int().min(0),
  open_ports: z.number().int().min(0),
});
export type DiscoveryOutcome = z.infer<typeof discoveryOutcomeSchema>;

/** An enumeration history entry (spec §3). `new_assets` can be negative. */
export const enumerationHistorySchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'finished', 'failed', 'cancelled']),
  started_at: z.string(),
  completed_at: z.string().nullable(),
  duration: z.number().nullable(),
  new_assets: z.number().int(),
  outcome: discoveryOutcomeSchema.nullable().optional(),
  /** New hosts found past the plan's asset limit: counted, not stored (issue 34 item 7). */
  over_limit: z.number().int().min(0).optional(),
  /** The first of them as `host:port` (at most 1,000). */
  over_limit_hosts: z.array(z.string()).optional(),
  /** The plan's asset limit when the run met it; null while under it. */
  asset_limit: z.number().int().nullable().optional(),
});
export type EnumerationHistory = z.infer<typeof enumerationHistorySchema>;

// ---- Asset groups, inventory, enumerations (issue 5) ----

const portSetting = z.enum(['top-100', 'top-1000', 'custom']);
export const ENUMERATION_FREQUENCIES = ['none', 'daily', 'weekly', 'monthly', 'custom'] as const;

/**
 * Create/patch body of an asset group. Roots are one per line (wizard) or comma-separated (older
 * form), or a list; the rules and their §5 messages are in validation/targets.ts.
 */
export const assetGroupWriteSchema = z.object({
  name: z.string().max(200),
  roots: z.union([z.string().max(100_000), z.array(z.string().max(300)).max(10_000)]),
  scope_include: z.array(z.string().min(1).max(300)).max(500).optional(),
  scope_exclude: z.array(z.string().min(1).max(300)).max(500).optional(),
  port_setting: portSetting.optional(),
  custom_ports: z.string().max(2000).nullable().optional(),
  auto_discovery: z.boolean().optional(),
  worker_group: z.string().uuid().nullable().optional(),
  /** The group's discovery schedule (spec §3); the same rules as `panel/enumerations-schedules/`. */
  scan_frequency: z.enum(ENUMERATION_FREQUENCIES).optional(),
  custom_weekdays: z.array(z.number().int().min(0).max(6)).max(7).optional(),
  start_time: z.string().datetime({ offset: true }).nullable().optional(),
});
export type AssetGroupWriteInput = z.infer<typeof assetGroupWriteSchema>;
export const assetGroupPatchSchema = assetGroupWriteSchema.partial();
export type AssetGroupPatchInput = z.infer<typeof assetGroupPatchSchema>;

/** An asset group as the panel lists it (spec §3). */
export const assetGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  roots: z.array(z.string()),
  scope: z.object({ include: z.array(z.string()), exclude: z.array(z.string()) }),
  port_setting: portSetting,
  custom_ports: z.string().nullable(),
  auto_discovery: z.boolean(),
  worker_group: z.string().nullable(),
  scan_frequency: z.enum(ENUMERATION_FREQUENCIES),
  custom_weekdays: z.array(z.number().int()),
  start_time: z.string().nullable(),
  asset_count: z.number().int(),
  /** Seconds of the latest finished discovery. */
  duration: z.number().nullable(),
  status: z.string(),
  last_updated: z.string(),
  created_at: z.string(),
  enumeration: z.object({ enumeration_id: z.string() }),
});
export type AssetGroup = z.infer<typeof assetGroupSchema>;

export const assetGroupListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().max(200).optional(),
  ordering: z
    .enum([
      'name',
      '-name',
      'created_at',
      '-created_at',
      'updated_at',
      '-updated_at',
      'asset_count',
      '-asset_count',
    ])
    .optional(),
});
export type AssetGroupListQuery = z.input<typeof assetGroupListQuery>;

/** One option of a filter (spec §3 "Filter option"). */
export const filterOptionSchema = z.object({ value: z.string(), count: z.number().int() });
export type FilterOption = z.infer<typeof filterOptionSchema>;

/** A technology with how many assets of the workspace use it (technologies tab). */
export const technologySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  website: z.string().nullable(),
  description_en: z.string().nullable(),
  categories: z.array(z.object({ name: z.string() })),
  versions: z.array(z.string()),
  asset_count: z.number().int(),
});
export type TechnologySummary = z.infer<typeof technologySummarySchema>;

/** `GET panel/enumerations/{id}/`: the group's discovery settings and its history (newest first). */
export const enumerationSchema = z.object({
  id: z.string(),
  asset_group: z.string(),
  status: z.string(),
  auto_discovery: z.boolean(),
  port_setting: portSetting,
  custom_ports: z.string().nullable(),
  scope: z.object({ include: z.array(z.string()), exclude: z.array(z.string()) }),
  history: z.array(enumerationHistorySchema),
});
export type Enumeration = z.infer<typeof enumerationSchema>;

export const enumerationPatchSchema = z.object({
  auto_discovery: z.boolean().optional(),
  port_setting: portSetting.optional(),
  custom_ports: z.string().max(2000).nullable().optional(),
  scope_include: z.array(z.string().min(1).max(300)).max(500).optional(),
  scope_exclude: z.array(z.string().min(1).max(300)).max(500).optional(),
});

/** `GET panel/enumeration-status/{id}`: what the loading page polls. */
export const enumerationStatusSchema = z.object({
  enumeration_id: z.string(),
  history_id: z.string().nullable(),
  status: z.string(),
  new_assets: z.number().int(),
  asset_count: z.number().int(),
  outcome: discoveryOutcomeSchema.nullable().optional(),
  /** New hosts past the plan's asset limit (not stored) and that limit; 0 and null under it. */
  over_limit: z.number().int().min(0).optional(),
  asset_limit: z.number().int().nullable().optional(),
});
export type EnumerationStatus = z.infer<typeof enumerationStatusSchema>;

/** The re-discovery and enumeration start answer. */
export const discoveryStartedSchema = z.object({
  enumeration_id: z.string(),
  history_id: z.string(),
  status: z.string(),
});

/** An enumeration schedule (spec §3): frequency, custom weekdays (0 = Sunday) and a start time. */
export const enumerationScheduleWriteSchema = z.object({
  asset_group: z.string().uuid(),
  frequency: z.enum(ENUMERATION_FREQUENCIES),
  custom_weekdays: z.array(z.number().int().min(0).max(6)).max(7).optional(),
  /** ISO date-time of the first run; daily/weekly/monthly repeat from it. */
  start_time: z.string().datetime({ offset: true }).nullable().optional(),
});
export const enumerationSchedulePatchSchema = enumerationScheduleWriteSchema
  .omit({ asset_group: true })
  .partial();
export const enumerationScheduleSchema = z.object({
  id: z.string(),
  asset_group: z.string(),
  frequency: z.enum(ENUMERATION_FREQUENCIES),
  custom_weekdays: z.array(z.number().int()),
  start_time: z.string().nullable(),
  next_run_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
});
export type EnumerationSchedule = z.infer<typeof enumerationScheduleSchema>;
export type EnumerationScheduleWriteInput = z.infer<typeof enumerationScheduleWriteSchema>;

/** A field that changed between two states of an asset. */
export const fieldChangeSchema = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });

/** `GET panel/compare_histories/{a}/{b}/`: what b has that a did not, what went, what changed. */
export const historyComparisonSchema = z.object({
  from: enumerationHistorySchema,
  to: enumerationHistorySchema,
  added: z.array(assetSchema),
  removed: z.array(assetSchema),
  changed: z.array(z.object({ asset: assetSchema, changes: z.array(fieldChangeSchema) })),
});
export type HistoryComparison = z.infer<typeof historyComparisonSchema>;

/** One changelog entry of an asset. */
export const assetChangeSchema = z.object({
  id: z.string(),
  kind: z.enum(['appeared', 'changed', 'disappeared']),
  enumeration_history: z.string().nullable(),
  changes: z.array(fieldChangeSchema),
  created_at: z.string(),
});
export type AssetChange = z.infer<typeof assetChangeSchema>;
