import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users, workspaces } from './accounts.js';
import { timestamps } from './columns.js';
import { tasks } from './workers.js';

/** A skipped template or a failed request, as the run shows it. */
export type TemplateRunProblemRow = {
  kind: 'failure' | 'skipped';
  template_id: string;
  target: string | null;
  message: string;
};

/**
 * A one-off "Scan now" of templates from /templates: one 'template-run' task on the queue. Its
 * queued/running state is the task's; the end (finished, failed, cancelled) is written here so a
 * run keeps its outcome after the task row is cleaned up.
 */
export const templateRuns = pgTable(
  'template_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    task_id: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    /** null while the task decides (queued / running); then finished, failed or cancelled. */
    outcome: text('outcome', { enum: ['finished', 'failed', 'cancelled'] }),
    /** Template ids as the user picked them (uuid, `public:<id>`, or the editor's YAML id). */
    template_ids: text('template_ids').array().notNull().default([]),
    targets: text('targets').array().notNull().default([]),
    finding_count: integer('finding_count').notNull().default(0),
    failure_count: integer('failure_count').notNull().default(0),
    skipped_count: integer('skipped_count').notNull().default(0),
    /** The first problems (capped), so the panel can say why a template did not run. */
    problems: jsonb('problems').$type<TemplateRunProblemRow[]>().notNull().default([]),
    error: text('error'),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('template_runs_workspace_idx').on(t.workspace_id, t.created_at)],
);

/**
 * One finding of a run. `key` (template, matched-at, matcher, extractor, values) is unique per
 * run, so a batch re-posted after a lease moved to another worker does not store it twice.
 */
export const templateRunFindings = pgTable(
  'template_run_findings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    run_id: uuid('run_id')
      .notNull()
      .references(() => templateRuns.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    template_id: text('template_id').notNull(),
    template_name: text('template_name').notNull(),
    severity: text('severity').notNull(),
    protocol: text('protocol').notNull(),
    host: text('host').notNull(),
    matched_at: text('matched_at').notNull(),
    matcher_name: text('matcher_name'),
    extractor_name: text('extractor_name'),
    extracted_results: text('extracted_results').array().notNull().default([]),
    request: text('request'),
    response: text('response'),
    evidence_truncated: boolean('evidence_truncated').notNull().default(false),
    ip: text('ip'),
    found_at: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('template_run_findings_run_key_idx').on(t.run_id, t.key)],
);
