import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './accounts.js';
import { alertChannels } from './alerts.js';
import { timestamps } from './columns.js';

/** What a report covers, as stored: a run, a group, or the workspace between two dates, plus list filters. */
export type ReportScopeRecord = {
  history_id?: string;
  group_id?: string;
  since?: string;
  until?: string;
  severity?: string[];
  status?: string[];
  search?: string;
  /** What the cover prints: the scan's or group's name when the report was asked for. */
  label?: string;
};

/** Counts kept with a finished report, so the next report of the same scope can say what changed. */
export type ReportSummaryRecord = {
  total: number;
  by_severity: Record<string, number>;
  by_status: Record<string, number>;
  finding_ids_hash?: string;
};

/**
 * A weekly or monthly workspace report (issue 33) mailed through an email alert channel. Its slot
 * is a row of the generic `schedules` table (kind 'report', subject = this id).
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    channel_id: uuid('channel_id')
      .notNull()
      .references(() => alertChannels.id, { onDelete: 'cascade' }),
    cadence: text('cadence', { enum: ['weekly', 'monthly'] }).notNull(),
    format: text('format', { enum: ['pdf', 'html'] })
      .notNull()
      .default('pdf'),
    lang: text('lang', { enum: ['fa', 'en'] })
      .notNull()
      .default('fa'),
    preset: text('preset', { enum: ['executive', 'technical'] })
      .notNull()
      .default('executive'),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('report_schedules_workspace_idx').on(t.workspace_id)],
);

/**
 * One generated (or queued) report: the row is the background task itself (status, progress,
 * lease) and, once done, the stored file's key. The server's report loop claims queued rows with
 * FOR UPDATE SKIP LOCKED, so several servers never build the same report.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    scope_kind: text('scope_kind', { enum: ['scan_run', 'group', 'workspace'] }).notNull(),
    scope: jsonb('scope').$type<ReportScopeRecord>().notNull().default({}),
    /** The scope without its dates, so "the previous report of the same scope" is one index probe. */
    scope_key: text('scope_key').notNull(),
    preset: text('preset', { enum: ['executive', 'technical'] }).notNull(),
    sections: text('sections').array().notNull().default([]),
    format: text('format', { enum: ['pdf', 'html'] }).notNull(),
    lang: text('lang', { enum: ['fa', 'en'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** 0–100. */
    progress: integer('progress').notNull().default(0),
    findings: integer('findings'),
    pages: integer('pages'),
    size_bytes: bigint('size_bytes', { mode: 'number' }),
    file_key: text('file_key'),
    summary: jsonb('summary').$type<ReportSummaryRecord>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    lease_until: timestamp('lease_until', { withTimezone: true }),
    schedule_id: uuid('schedule_id').references(() => reportSchedules.id, { onDelete: 'set null' }),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('reports_ws_created_idx').on(t.workspace_id, t.created_at),
    index('reports_scope_idx').on(t.workspace_id, t.scope_key, t.created_at),
    index('reports_pending_idx').on(t.created_at).where(sql`${t.status} in ('queued', 'running')`),
  ],
);
