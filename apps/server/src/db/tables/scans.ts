import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users, workspaces } from './accounts.js';
import { assets } from './assets.js';
import { timestamps } from './columns.js';
import { tasks, workerGroups } from './workers.js';

/**
 * A saved scan (spec §3): targets (asset groups, or explicit assets after a bulk scan on assets)
 * and templates (ids and tags). Its schedule is a row of the generic `schedules` table (kind
 * 'scan', subject = the scan id); each run is a scan history.
 */
export const scans = pgTable(
  'scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Groups whose assets are resolved at each run (one for a panel scan, several for a bulk scan). */
    asset_group_ids: uuid('asset_group_ids').array().notNull().default([]),
    /** Explicit assets (bulk scan on assets); empty for a group scan. */
    asset_ids: uuid('asset_ids').array().notNull().default([]),
    template_ids: text('template_ids').array().notNull().default([]),
    template_tags: text('template_tags').array().notNull().default([]),
    worker_group_id: uuid('worker_group_id').references(() => workerGroups.id, { onDelete: 'set null' }),
    /** Its runs open the self-contained capability gate (third-party requests; issue 31). */
    self_contained: boolean('self_contained').notNull().default(false),
    /** A DAST scan: its runs fuzz its assets' endpoints, the dast gate open for them (issue 30). */
    dast: boolean('dast').notNull().default(false),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('scans_workspace_created_idx').on(t.workspace_id, t.created_at),
    index('scans_group_ids_idx').using('gin', t.asset_group_ids),
  ],
);

export const SCAN_HISTORY_STATUSES = ['initializing', 'running', 'finished', 'failed', 'cancelled'] as const;

/** Why a template did not run (skipped) or did not finish (failure), as the engine said it. */
export type ScanHistoryProblemRow = {
  kind: 'failure' | 'skipped';
  template_id: string;
  target: string | null;
  message: string;
};

/** One run of a scan: split into chunks ('template-run' tasks) that workers claim. */
export const scanHistories = pgTable(
  'scan_histories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    scan_id: uuid('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SCAN_HISTORY_STATUSES }).notNull().default('initializing'),
    trigger: text('trigger', { enum: ['manual', 'schedule', 'bulk'] }).notNull(),
    tasks_done: integer('tasks_done').notNull().default(0),
    /** null until the run is split. */
    total_task: integer('total_task'),
    targets: integer('targets').notNull().default(0),
    templates: integer('templates').notNull().default(0),
    /** Assets this run scanned (the fix rule looks only at these). */
    asset_ids: uuid('asset_ids').array().notNull().default([]),
    /** The templates' own ids (what findings carry), for the fix rule. */
    engine_template_ids: text('engine_template_ids').array().notNull().default([]),
    /** Templates the run skipped and (template, target) failures, all counted; the first kept. */
    skipped_count: integer('skipped_count').notNull().default(0),
    failure_count: integer('failure_count').notNull().default(0),
    problems: jsonb('problems').$type<ScanHistoryProblemRow[]>().notNull().default([]),
    error: text('error'),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('scan_histories_scan_idx').on(t.scan_id, t.created_at),
    index('scan_histories_ws_created_idx').on(t.workspace_id, t.created_at),
  ],
);

/** A (template, asset) pair that did not run cleanly in a chunk; asset null = the template never ran. */
export type FailedPair = { t: string; a: string | null };

/**
 * One 'template-run' task of a history: a slice of its targets × a slice of its templates.
 * `targets[i]` is the text the worker scans for asset `asset_ids[i]`.
 */
export const scanChunks = pgTable(
  'scan_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    history_id: uuid('history_id')
      .notNull()
      .references(() => scanHistories.id, { onDelete: 'cascade' }),
    task_id: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['queued', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    targets: text('targets').array().notNull(),
    asset_ids: uuid('asset_ids').array().notNull(),
    engine_template_ids: text('engine_template_ids').array().notNull(),
    failed_pairs: jsonb('failed_pairs').$type<FailedPair[]>().notNull().default([]),
    findings: integer('findings').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('scan_chunks_history_idx').on(t.history_id)],
);

export const VULN_STATUSES = ['open', 'in_progress', 'fixed', 'false_positive', 'accepted_risk'] as const;
export type StatusChange = { status: (typeof VULN_STATUSES)[number]; by: string | null; at: string };

/**
 * A finding kept across runs and scans: one per workspace + template + matcher + asset + matched
 * URL (`dedupe_key` hashes them). `severity_rank` (critical 5 … unknown 0) orders lists.
 */
export const vulnerabilities = pgTable(
  'vulnerabilities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    dedupe_key: text('dedupe_key').notNull(),
    template_id: text('template_id').notNull(),
    template_name: text('template_name').notNull(),
    severity: text('severity').notNull(),
    severity_rank: smallint('severity_rank').notNull(),
    matcher_name: text('matcher_name'),
    extractor_name: text('extractor_name'),
    extracted_results: text('extracted_results').array().notNull().default([]),
    protocol: text('protocol').notNull(),
    asset_id: uuid('asset_id').references(() => assets.id, { onDelete: 'set null' }),
    host: text('host').notNull(),
    port: integer('port'),
    ip: text('ip'),
    matched_at: text('matched_at').notNull(),
    request: text('request'),
    response: text('response'),
    evidence_truncated: boolean('evidence_truncated').notNull().default(false),
    status: text('status', { enum: VULN_STATUSES }).notNull().default('open'),
    status_history: jsonb('status_history').$type<StatusChange[]>().notNull().default([]),
    last_scan_id: uuid('last_scan_id').references(() => scans.id, { onDelete: 'set null' }),
    last_history_id: uuid('last_history_id').references(() => scanHistories.id, { onDelete: 'set null' }),
    first_seen_at: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    fixed_at: timestamp('fixed_at', { withTimezone: true }),
    reopened_count: integer('reopened_count').notNull().default(0),
    // The lifecycle (migration 0025, apps/server/src/findings/): owner, deadline, reasons, retests.
    assignee_id: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set by a trigger from first_seen_at and the workspace's SLA days unless due_at_manual. */
    due_at: timestamp('due_at', { withTimezone: true }),
    due_at_manual: boolean('due_at_manual').notNull().default(false),
    /** Why it is a false positive or an accepted risk (required for both). */
    status_reason: text('status_reason'),
    /** An accepted risk reopens on this date. */
    accepted_until: timestamp('accepted_until', { withTimezone: true }),
    /** When the sla_breached event was raised for the current due date (once per breach). */
    sla_breach_notified_at: timestamp('sla_breach_notified_at', { withTimezone: true }),
    last_retest_at: timestamp('last_retest_at', { withTimezone: true }),
    last_retest_verdict: text('last_retest_verdict'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('vulnerabilities_ws_key_idx').on(t.workspace_id, t.dedupe_key),
    // The list order: most severe first, then newest (see docs/benchmarks.md "## Scans").
    index('vulnerabilities_ws_rank_idx').on(
      t.workspace_id,
      t.severity_rank.desc(),
      t.last_seen_at.desc(),
      t.id,
    ),
    index('vulnerabilities_ws_status_rank_idx').on(
      t.workspace_id,
      t.status,
      t.severity_rank.desc(),
      t.last_seen_at.desc(),
    ),
    // The report's order (reports/stream-findings.ts): a page after its cursor is an index range.
    index('vulnerabilities_report_order_idx').on(
      t.workspace_id,
      t.severity_rank.desc(),
      t.template_id,
      t.host,
      t.id,
    ),
    index('vulnerabilities_asset_idx').on(t.asset_id, t.severity_rank.desc()),
    index('vulnerabilities_template_idx').on(t.workspace_id, t.template_id, t.matcher_name),
    index('vulnerabilities_open_idx')
      .on(t.workspace_id, t.asset_id, t.template_id)
      .where(sql`${t.status} in ('open', 'in_progress')`),
  ],
);

/** Which run saw which vulnerability ('seen'), and which run found it fixed ('fixed'). */
export const scanHistoryVulnerabilities = pgTable(
  'scan_history_vulnerabilities',
  {
    history_id: uuid('history_id')
      .notNull()
      .references(() => scanHistories.id, { onDelete: 'cascade' }),
    vulnerability_id: uuid('vulnerability_id')
      .notNull()
      .references(() => vulnerabilities.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['seen', 'fixed'] }).notNull(),
    /** Copied from the vulnerability so a run's list sorts without a join. */
    severity_rank: smallint('severity_rank').notNull(),
    /** The finding's status, copied by triggers on insert and on each change (migration 0021). */
    status: text('status').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.history_id, t.vulnerability_id] }),
    // A run's list order, ties included, so a page reads the index without sorting.
    index('scan_history_vulns_order_idx').on(
      t.history_id,
      t.severity_rank.desc(),
      t.created_at.desc(),
      t.vulnerability_id,
    ),
    index('scan_history_vulns_vuln_idx').on(t.vulnerability_id),
  ],
);
