import type { WorkerCapabilities } from '@didban/core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users, workspaces } from './accounts.js';
import { timestamps } from './columns.js';

/** A named set of workers in a workspace (spec §3); asset groups and scans may pick one. */
export const workerGroups = pgTable(
  'worker_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Key in the file storage (PNG/JPG, checked by its magic bytes, ≤ 2 MB). */
    photo_key: text('photo_key'),
    photo_type: text('photo_type'),
    ...timestamps,
  },
  (t) => [index('worker_groups_workspace_idx').on(t.workspace_id)],
);

/**
 * A self-hosted worker. The API key is shown once and only its SHA-256 is kept (the key is 32
 * random bytes, so a plain hash is enough). `builtin` marks the server's in-process worker: it
 * has no workspace and takes tasks that name no worker group from any workspace.
 */
export const workers = pgTable(
  'workers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    group_id: uuid('group_id').references(() => workerGroups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    country: text('country'),
    ip: text('ip'),
    version: text('version'),
    /** Capability gates and out-of-band server as reported at its last hello (issue 31). */
    capabilities: jsonb('capabilities').$type<WorkerCapabilities>(),
    key_hash: text('key_hash').notNull(),
    /** First characters of the key, so a user can tell keys apart without the secret. */
    key_prefix: text('key_prefix').notNull(),
    builtin: boolean('builtin').notNull().default(false),
    /** Who made the key; their leaving the team revokes it. Null: built-in or made before 0015. */
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('workers_key_hash_idx').on(t.key_hash),
    index('workers_workspace_idx').on(t.workspace_id),
    index('workers_created_by_idx').on(t.workspace_id, t.created_by),
    // One built-in worker row per installation name (see ensureBuiltinWorker).
    uniqueIndex('workers_builtin_name_idx').on(t.name).where(sql`${t.builtin}`),
  ],
);

export const TASK_STATUSES = ['queued', 'leased', 'done', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * The work queue. `kind` is open-ended ('discovery' now, 'template-run' later); `payload` is
 * what the worker needs. A claim leases the task to one worker until `lease_expires_at`; an
 * expired lease puts it back in the queue until `attempts` reaches `max_attempts` (or, when the
 * task has none of its own, DIDBAN_TASK_MAX_ATTEMPTS).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    worker_group_id: uuid('worker_group_id').references(() => workerGroups.id, { onDelete: 'set null' }),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('queued'),
    lease_owner: uuid('lease_owner').references(() => workers.id, { onDelete: 'set null' }),
    lease_expires_at: timestamp('lease_expires_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** This task's own bound on claims; null: the installation's (DIDBAN_TASK_MAX_ATTEMPTS). */
    max_attempts: integer('max_attempts'),
    error: text('error'),
    /** What the worker reported on completion (engine stats). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('tasks_queue_idx').on(t.status, t.created_at),
    index('tasks_workspace_idx').on(t.workspace_id),
  ],
);

/**
 * Result batches already stored, so a batch posted twice is stored once. A retry after an
 * expired lease starts its numbering again, so the attempt is part of the key.
 */
export const taskResultBatches = pgTable(
  'task_result_batches',
  {
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    seq: integer('seq').notNull(),
    worker_id: uuid('worker_id').references(() => workers.id, { onDelete: 'set null' }),
    item_count: integer('item_count').notNull(),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.task_id, t.attempt, t.seq] })],
);
