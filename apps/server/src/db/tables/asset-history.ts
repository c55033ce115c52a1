import type { Asset } from '@didban/core';
import { sql } from 'drizzle-orm';
import {
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
import { workspaces } from './accounts.js';
import { assetGroups, assets, enumerationHistories } from './assets.js';
import { timestamps } from './columns.js';

/**
 * The inventory as it was when an enumeration history finished: one row per asset seen in that
 * run, holding the asset in its spec §3 shape, so a past history shows a real past state and two
 * histories can be compared after the live rows have moved on.
 */
export const assetSnapshots = pgTable(
  'asset_snapshots',
  {
    history_id: uuid('history_id')
      .notNull()
      .references(() => enumerationHistories.id, { onDelete: 'cascade' }),
    asset_id: uuid('asset_id').notNull(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    group_id: uuid('group_id')
      .notNull()
      .references(() => assetGroups.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    data: jsonb('data').$type<Asset>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.history_id, t.asset_id] }),
    index('asset_snapshots_history_host_idx').on(t.history_id, t.host, t.port),
  ],
);

export type FieldChange = { field: string; from: unknown; to: unknown };

/** Per-asset changelog: appeared, changed fields, disappeared — written when a discovery finishes. */
export const assetChanges = pgTable(
  'asset_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    asset_id: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    history_id: uuid('history_id').references(() => enumerationHistories.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['appeared', 'changed', 'disappeared'] }).notNull(),
    changes: jsonb('changes').$type<FieldChange[]>().notNull().default([]),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('asset_changes_asset_idx').on(t.asset_id, t.created_at)],
);

/**
 * A repeating job of the generic scheduler (scheduler/): `kind` names the handler ('enumeration'
 * here; scan schedules add theirs), `subject_id` what it runs on. `next_run_at` is the slot a
 * server claims with FOR UPDATE SKIP LOCKED and advances in the same transaction, so each slot
 * runs exactly once however many servers share the database.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subject_id: uuid('subject_id').notNull(),
    /** none, daily, weekly, monthly, custom (weekdays). */
    frequency: text('frequency').notNull(),
    /** 0 = Sunday … 6 = Saturday, for 'custom'. */
    weekdays: jsonb('weekdays').$type<number[]>().notNull().default([]),
    start_time: timestamp('start_time', { withTimezone: true }),
    next_run_at: timestamp('next_run_at', { withTimezone: true }),
    last_run_at: timestamp('last_run_at', { withTimezone: true }),
    run_count: integer('run_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('schedules_kind_subject_idx').on(t.kind, t.subject_id),
    index('schedules_due_idx').on(t.next_run_at).where(sql`${t.next_run_at} is not null`),
  ],
);
