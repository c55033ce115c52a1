import { z } from 'zod';
import { pagedList } from './envelope.js';
import { SEVERITIES, VULNERABILITY_STATUSES } from './scans.js';

// ---------------------------------------------------------------------------------------------
// Reports (issue 33): a scan run, an asset group or the whole workspace over a date range, as a
// self-contained HTML file or a PDF printed from it, in Persian or English. Generated in the
// background (a report is queued, runs, then can be downloaded); members of the workspace list,
// download and delete its reports.
// ---------------------------------------------------------------------------------------------

export const REPORT_FORMATS = ['pdf', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_PRESETS = ['executive', 'technical'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
export const REPORT_SECTIONS = ['cover', 'summary', 'charts', 'inventory', 'findings'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];
export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_SCOPE_KINDS = ['scan_run', 'group', 'workspace'] as const;
export type ReportScopeKind = (typeof REPORT_SCOPE_KINDS)[number];
export const REPORT_CADENCES = ['weekly', 'monthly'] as const;
export type ReportCadence = (typeof REPORT_CADENCES)[number];

/** What each preset prints when the caller names no sections. */
export const PRESET_SECTIONS: Record<ReportPreset, readonly ReportSection[]> = {
  executive: ['cover', 'summary', 'charts', 'inventory'],
  technical: ['cover', 'summary', 'charts', 'inventory', 'findings'],
};

const uuid = z.uuid('reports.id_invalid');
const date = z.iso
  .datetime({ offset: true, error: 'reports.date_invalid' })
  .or(z.iso.date('reports.date_invalid'));

/**
 * Ask for a report. At most one of `history_id` (a scan run) and `group_id`; neither = the whole
 * workspace, between `since` and `until` (both optional). `severity`, `status` and `search` are the
 * vulnerability list's filters. `sections` overrides the preset's.
 * @example await api.reports.create({ history_id: run.id, format: 'pdf', lang: 'fa', preset: 'technical' })
 */
export const reportCreateSchema = z
  .strictObject({
    history_id: uuid.optional(),
    group_id: uuid.optional(),
    since: date.optional(),
    until: date.optional(),
    severity: z.array(z.enum(SEVERITIES, 'reports.filter_invalid')).max(10).optional(),
    status: z.array(z.enum(VULNERABILITY_STATUSES, 'reports.filter_invalid')).max(10).optional(),
    search: z.string().trim().max(200, 'validation.too_big_string').optional(),
    format: z.enum(REPORT_FORMATS, 'reports.format_invalid').default('pdf'),
    lang: z.enum(['fa', 'en'], 'reports.lang_invalid').default('fa'),
    preset: z.enum(REPORT_PRESETS, 'reports.preset_invalid').default('technical'),
    sections: z
      .array(z.enum(REPORT_SECTIONS, 'reports.section_invalid'))
      .min(1, 'reports.section_invalid')
      .max(5)
      .optional(),
  })
  .refine((b) => !(b.history_id && b.group_id), { message: 'reports.scope_conflict', path: ['group_id'] })
  .refine((b) => !(b.since && b.until) || new Date(b.since) <= new Date(b.until), {
    message: 'reports.date_order',
    path: ['until'],
  });
export type ReportCreateInput = z.input<typeof reportCreateSchema>;

export const reportSchema = z.object({
  id: z.string(),
  scope_kind: z.enum(REPORT_SCOPE_KINDS),
  scope: z.object({
    history_id: z.string().optional(),
    group_id: z.string().optional(),
    since: z.string().optional(),
    until: z.string().optional(),
    severity: z.array(z.string()).optional(),
    status: z.array(z.string()).optional(),
    search: z.string().optional(),
    label: z.string().optional(),
  }),
  preset: z.enum(REPORT_PRESETS),
  sections: z.array(z.enum(REPORT_SECTIONS)),
  format: z.enum(REPORT_FORMATS),
  lang: z.enum(['fa', 'en']),
  status: z.enum(REPORT_STATUSES),
  /** 0–100 while it runs. */
  progress: z.number().int(),
  findings: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  size_bytes: z.number().int().nullable(),
  error: z.string().nullable(),
  scheduled: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** When the file is deleted by the retention setting. */
  expires_at: z.string(),
});
export type Report = z.infer<typeof reportSchema>;
export const reportListSchema = pagedList(reportSchema);

/** A weekly or monthly workspace report mailed through an email alert channel. */
export const reportScheduleInputSchema = z.strictObject({
  channel_id: uuid,
  cadence: z.enum(REPORT_CADENCES, 'reports.cadence_invalid'),
  format: z.enum(REPORT_FORMATS, 'reports.format_invalid').default('pdf'),
  lang: z.enum(['fa', 'en'], 'reports.lang_invalid').default('fa'),
  preset: z.enum(REPORT_PRESETS, 'reports.preset_invalid').default('executive'),
  /** The first run (ISO date-time); later runs keep its time of day. Default: now. */
  start_time: z.iso.datetime({ offset: true, error: 'reports.date_invalid' }).optional(),
});
export type ReportScheduleInput = z.input<typeof reportScheduleInputSchema>;

export const reportScheduleSchema = z.object({
  id: z.string(),
  channel_id: z.string(),
  cadence: z.enum(REPORT_CADENCES),
  format: z.enum(REPORT_FORMATS),
  lang: z.enum(['fa', 'en']),
  preset: z.enum(REPORT_PRESETS),
  next_run_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
  created_at: z.string(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;
export const reportScheduleListSchema = z.array(reportScheduleSchema);
