import { bigint, index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './accounts.js';
import { assetGroups } from './assets.js';
import { scanHistories } from './scans.js';

/**
 * Counters kept by triggers (migration 0019) so lists and the dashboard never count a million
 * rows. Each is split in shards (one per connection, pg_backend_pid() % 8) so concurrent writers
 * do not queue on one row; only the sum over shards means anything. Read them through
 * src/counters/, never write them from code: the triggers do.
 */
const count = () => bigint('n', { mode: 'number' }).notNull().default(0);

/** Vulnerabilities of a workspace by severity rank and status. */
export const vulnerabilityCounters = pgTable(
  'vulnerability_counters',
  {
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    severity_rank: smallint('severity_rank').notNull(),
    status: text('status').notNull(),
    shard: smallint('shard').notNull(),
    n: count(),
  },
  (t) => [
    primaryKey({
      name: 'vulnerability_counters_pk',
      columns: [t.workspace_id, t.severity_rank, t.status, t.shard],
    }),
  ],
);

/** A run's links ('seen' and 'fixed') by severity rank. */
export const scanHistoryCounters = pgTable(
  'scan_history_counters',
  {
    history_id: uuid('history_id')
      .notNull()
      .references(() => scanHistories.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    severity_rank: smallint('severity_rank').notNull(),
    shard: smallint('shard').notNull(),
    n: count(),
  },
  (t) => [
    primaryKey({
      name: 'scan_history_counters_pk',
      columns: [t.history_id, t.kind, t.severity_rank, t.shard],
    }),
  ],
);

/** Assets of a group (and so of its workspace). */
export const assetCounters = pgTable(
  'asset_counters',
  {
    group_id: uuid('group_id')
      .notNull()
      .references(() => assetGroups.id, { onDelete: 'cascade' }),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    shard: smallint('shard').notNull(),
    n: count(),
  },
  (t) => [
    primaryKey({ name: 'asset_counters_pk', columns: [t.group_id, t.shard] }),
    index('asset_counters_ws_idx').on(t.workspace_id),
  ],
);
