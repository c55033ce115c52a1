import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './accounts.js';
import { vulnerabilities } from './scans.js';
import { tasks } from './workers.js';

/**
 * The findings lifecycle (issue 32, migration 0025). Days to fix per severity of a workspace; no
 * row = the defaults (critical 7, high 30, medium 60, low 180, info none). A null column = no
 * due date for that severity. The `didban_sla_days` SQL function reads the same rule.
 */
export const findingSlaSettings = pgTable('finding_sla_settings', {
  workspace_id: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  critical_days: integer('critical_days').default(7),
  high_days: integer('high_days').default(30),
  medium_days: integer('medium_days').default(60),
  low_days: integer('low_days').default(180),
  info_days: integer('info_days'),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const FINDING_EVENT_KINDS = ['status', 'assignee', 'due_date', 'retest', 'comment'] as const;
export type FindingEventKind = (typeof FINDING_EVENT_KINDS)[number];

/** One change of a finding: who (null = the server), when, and what (`data` per kind). */
export const findingEvents = pgTable(
  'finding_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    vulnerability_id: uuid('vulnerability_id')
      .notNull()
      .references(() => vulnerabilities.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FINDING_EVENT_KINDS }).notNull(),
    actor_id: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's username when it happened (kept if the account goes). */
    actor_name: text('actor_name'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('finding_events_vuln_idx').on(t.vulnerability_id, t.created_at)],
);

export const findingComments = pgTable(
  'finding_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    vulnerability_id: uuid('vulnerability_id')
      .notNull()
      .references(() => vulnerabilities.id, { onDelete: 'cascade' }),
    author_id: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    author_name: text('author_name').notNull(),
    body: text('body').notNull(),
    /** Members named with @username (each was notified). */
    mentions: uuid('mentions').array().notNull().default([]),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('finding_comments_vuln_idx').on(t.vulnerability_id, t.created_at)],
);

export const RETEST_VERDICTS = ['still_vulnerable', 'fixed', 'inconclusive'] as const;
export type RetestVerdict = (typeof RETEST_VERDICTS)[number];
export type RetestEvidence = { request: string | null; response: string | null; matched?: boolean };

/** A retest: exactly the finding's template against exactly its target, as one small task. */
export const findingRetests = pgTable(
  'finding_retests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    vulnerability_id: uuid('vulnerability_id')
      .notNull()
      .references(() => vulnerabilities.id, { onDelete: 'cascade' }),
    task_id: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    requested_by: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requested_by_name: text('requested_by_name'),
    /** Queued by the workspace's auto-retest schedule (migration 0033), not by a member. */
    automatic: boolean('automatic').notNull().default(false),
    status: text('status', { enum: ['queued', 'done'] })
      .notNull()
      .default('queued'),
    verdict: text('verdict', { enum: RETEST_VERDICTS }),
    reason: text('reason'),
    evidence: jsonb('evidence').$type<RetestEvidence[]>().notNull().default([]),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('finding_retests_vuln_idx').on(t.vulnerability_id, t.created_at),
    index('finding_retests_ws_created_idx').on(t.workspace_id, t.created_at),
  ],
);

/**
 * Automatic retests of open findings (issue 32, migration 0033): off / daily / weekly for the
 * chosen severities; no row = off. `next_run_at` is when the loop runs it next (stored, so a
 * restart keeps it); `last_queued` how many retests the last run queued.
 */
export const findingAutoRetestSettings = pgTable(
  'finding_auto_retest_settings',
  {
    workspace_id: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: ['off', 'daily', 'weekly'] })
      .notNull()
      .default('off'),
    severities: text('severities').array().notNull().default(['critical', 'high']),
    next_run_at: timestamp('next_run_at', { withTimezone: true }),
    last_run_at: timestamp('last_run_at', { withTimezone: true }),
    last_queued: integer('last_queued'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('finding_auto_retest_due_idx').on(t.next_run_at).where(sql`${t.frequency} <> 'off'`)],
);
