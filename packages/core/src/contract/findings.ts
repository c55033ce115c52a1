import { z } from 'zod';
import { BREAKDOWN_SEVERITIES, findingDate, VULNERABILITY_STATUSES } from './scans.js';

// ---------------------------------------------------------------------------------------------
// The findings lifecycle (issue 32): history, comments, SLA settings, retests and bulk triage.
// Members comment and retest; owners and admins accept risk and change the SLA.
// ---------------------------------------------------------------------------------------------

export const RETEST_VERDICTS = ['still_vulnerable', 'fixed', 'inconclusive'] as const;
export type RetestVerdict = (typeof RETEST_VERDICTS)[number];
export const FINDING_HISTORY_KINDS = ['status', 'assignee', 'due_date', 'retest', 'comment'] as const;

/** Accepted risk reopens after this many days unless another date is given. */
export const ACCEPTANCE_DEFAULT_DAYS = 90;
/** Findings one bulk request may change, at most (the "all N matching" case included). */
export const BULK_TRIAGE_MAX = 50_000;
/** Findings one retest request may name. */
export const RETEST_MAX_SELECTION = 100;

/**
 * One change of a finding, newest first: `by` is the member's username (null = the server, after
 * a rescan, a retest or an expiry). `data` per kind — status: {from, to, reason?, accepted_until?};
 * assignee: {from, to} (usernames); due_date: {from, to}; retest: {verdict, reason, evidence};
 * comment: {comment_id, body}.
 */
export const findingHistoryEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(FINDING_HISTORY_KINDS),
  by: z.string().nullable(),
  at: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type FindingHistoryEntry = z.infer<typeof findingHistoryEntrySchema>;

export const findingCommentSchema = z.object({
  id: z.string(),
  author: z.string(),
  body: z.string(),
  /** Usernames mentioned with @ (each member was notified). */
  mentions: z.array(z.string()),
  created_at: z.string(),
});
export type FindingComment = z.infer<typeof findingCommentSchema>;

/** `POST panel/vulnerabilities/{id}/comments/` */
export const findingCommentInputSchema = z.object({
  body: z.string().trim().min(1, 'findings.comment_required').max(5000, 'validation.too_big_string'),
});
export type FindingCommentInput = z.infer<typeof findingCommentInputSchema>;

const slaDays = z
  .number('findings.sla_days_invalid')
  .int('findings.sla_days_invalid')
  .min(1, 'findings.sla_days_invalid')
  .max(3650, 'findings.sla_days_invalid')
  .nullable();

/** `GET|PUT panel/findings/sla/` — days to fix per severity; null = no due date. */
export const slaSettingsSchema = z.object({
  critical: slaDays,
  high: slaDays,
  medium: slaDays,
  low: slaDays,
  info: slaDays,
});
export type SlaSettings = z.infer<typeof slaSettingsSchema>;
export const SLA_DEFAULTS: SlaSettings = { critical: 7, high: 30, medium: 60, low: 180, info: null };

/** How often a workspace retests its open findings by itself; off by default. */
export const AUTO_RETEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type AutoRetestFrequency = (typeof AUTO_RETEST_FREQUENCIES)[number];
/** Retests one automatic run queues at most (the oldest-retested findings of the highest severity first). */
export const AUTO_RETEST_MAX_PER_RUN = 100;

/** `PATCH panel/findings/auto-retest/` — owners and admins; the whole setting each time. */
export const autoRetestInputSchema = z.object({
  frequency: z.enum(AUTO_RETEST_FREQUENCIES, 'findings.auto_retest_frequency_invalid'),
  severities: z
    .array(
      z.enum(BREAKDOWN_SEVERITIES, 'findings.auto_retest_severities_invalid'),
      'findings.auto_retest_severities_invalid',
    )
    .min(1, 'findings.auto_retest_severities_invalid')
    .max(BREAKDOWN_SEVERITIES.length, 'findings.auto_retest_severities_invalid'),
});
export type AutoRetestInput = z.infer<typeof autoRetestInputSchema>;

/** `GET|PATCH panel/findings/auto-retest/` — the setting, its last and next run. */
export const autoRetestSettingsSchema = z.object({
  frequency: z.enum(AUTO_RETEST_FREQUENCIES),
  severities: z.array(z.enum(BREAKDOWN_SEVERITIES)),
  /** When the last automatic run happened, and how many retests it queued. */
  last_run_at: z.string().nullable(),
  last_queued: z.number().int().nullable(),
  /** When the next run is due (null when off). */
  next_run_at: z.string().nullable(),
  max_per_run: z.number().int(),
});
export type AutoRetestSettings = z.infer<typeof autoRetestSettingsSchema>;

/** A retest as the drawer and the CLI show it. */
export const findingRetestSchema = z.object({
  id: z.string(),
  vulnerability: z.string(),
  status: z.enum(['queued', 'done']),
  verdict: z.enum(RETEST_VERDICTS).nullable(),
  reason: z.string().nullable(),
  requested_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** The exchanges that decided: the template matching again, or the control request answering. */
  evidence: z.array(
    z.object({
      kind: z.enum(['match', 'control']),
      request: z.string().nullable(),
      response: z.string().nullable(),
    }),
  ),
});
export type FindingRetest = z.infer<typeof findingRetestSchema>;

/**
 * Which findings a bulk request means: the ids ticked, or every finding matching the list's
 * filters (the same names as `GET panel/vulnerabilities/`).
 */
export const bulkSelectionSchema = z.union([
  z.strictObject({
    ids: z.array(z.string().max(100)).min(1, 'findings.selection_empty').max(BULK_TRIAGE_MAX),
  }),
  z.strictObject({
    filters: z.strictObject({
      search: z.string().max(200).optional(),
      severity: z.string().max(500).optional(),
      status: z.string().max(500).optional(),
      severity_group: z.string().max(50).optional(),
      scan: z.string().max(100).optional(),
      asset: z.string().max(100).optional(),
      overdue: z.boolean().optional(),
      due_within: z.number().int().min(0).max(3650).optional(),
      assignee: z.string().max(100).optional(),
    }),
  }),
]);

/** `POST panel/vulnerabilities/bulk/` — one action on a selection, in one request. */
export const bulkTriageSchema = z.object({
  selection: bulkSelectionSchema,
  action: z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('status'),
      status: z.enum(VULNERABILITY_STATUSES),
      reason: z.string().trim().max(2000, 'validation.too_big_string').optional(),
      accepted_until: findingDate.optional(),
    }),
    z.strictObject({ kind: z.literal('assignee'), assignee: z.string().max(100).nullable() }),
    z.strictObject({ kind: z.literal('retest') }),
  ]),
});
export type BulkTriageInput = z.input<typeof bulkTriageSchema>;
export const bulkTriageResultSchema = z.object({
  /** Findings the selection matched. */
  matched: z.number().int(),
  /** Findings the action changed (or retests queued). */
  changed: z.number().int(),
});
export type BulkTriageResult = z.infer<typeof bulkTriageResultSchema>;

/** `GET panel/findings/summary/` — the home page's SLA counts of open findings. */
export const findingSummarySchema = z.object({
  overdue: z.number().int(),
  due_7d: z.number().int(),
  assigned_to_me: z.number().int(),
});
export type FindingSummary = z.infer<typeof findingSummarySchema>;
