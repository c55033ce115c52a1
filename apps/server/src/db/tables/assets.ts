import type { DiscoveryOutcome } from '@didban/core';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './accounts.js';
import { timestamps } from './columns.js';
import { tasks, workerGroups } from './workers.js';

/**
 * What discovery needs of an asset group (spec §3). The Assets issue adds schedules and the
 * panel API on top of these columns.
 */
export const assetGroups = pgTable(
  'asset_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    roots: jsonb('roots').$type<string[]>().notNull(),
    scope_include: jsonb('scope_include').$type<string[]>().notNull().default([]),
    scope_exclude: jsonb('scope_exclude').$type<string[]>().notNull().default([]),
    port_setting: text('port_setting', { enum: ['top-100', 'top-1000', 'custom'] })
      .notNull()
      .default('top-100'),
    custom_ports: text('custom_ports'),
    auto_discovery: boolean('auto_discovery').notNull().default(true),
    worker_group_id: uuid('worker_group_id').references(() => workerGroups.id, { onDelete: 'set null' }),
    /** not_scanned, running, finished, failed, cancelled (spec §4). */
    status: text('status').notNull().default('not_scanned'),
    ...timestamps,
  },
  (t) => [index('asset_groups_workspace_idx').on(t.workspace_id)],
);

/** One discovery run of a group: spec §3 enumeration history entry. */
export const enumerationHistories = pgTable(
  'enumeration_histories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    group_id: uuid('group_id')
      .notNull()
      .references(() => assetGroups.id, { onDelete: 'cascade' }),
    /** running, finished, failed, cancelled. */
    status: text('status').notNull().default('running'),
    task_id: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    /** Seconds. */
    duration: doublePrecision('duration'),
    new_assets: integer('new_assets').notNull().default(0),
    /** What the worker saw (names tried, resolved, ports): why a discovery found nothing. */
    outcome: jsonb('outcome').$type<DiscoveryOutcome>(),
    /** New hosts this run found past the plan's asset limit: counted, not stored (0027). */
    over_limit: integer('over_limit').notNull().default(0),
    /** The first of them, `host:port` (at most OVER_LIMIT_LISTED). */
    over_limit_hosts: jsonb('over_limit_hosts').$type<string[]>().notNull().default([]),
    /** The plan's asset limit when this run first met it; null while under it. */
    asset_limit: integer('asset_limit'),
    error: text('error'),
    ...timestamps,
  },
  (t) => [index('enumeration_histories_group_idx').on(t.group_id, t.started_at)],
);

export type AssetTechnology = {
  name: string;
  slug: string;
  version: string | null;
  categories: { name: string }[];
  website: string | null;
  description: string | null;
  icon: string | null;
};

/** One asset per group + host + port (spec §3); discovery upserts into it. */
export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    group_id: uuid('group_id')
      .notNull()
      .references(() => assetGroups.id, { onDelete: 'cascade' }),
    /** The enumeration history that last saw this asset. */
    enumeration_history_id: uuid('enumeration_history_id').references(() => enumerationHistories.id, {
      onDelete: 'set null',
    }),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    /** Comma-separated addresses, as spec §3 shows them. */
    ip: text('ip').notNull().default(''),
    is_root: boolean('is_root').notNull().default(false),
    /** HTTP status code as text, or 'done' for a non-HTTP service. */
    status: text('status').notNull().default('done'),
    service: text('service'),
    title: text('title'),
    /** CNAME chain as a list, spec §3 "text holding a list of names". */
    cname: text('cname'),
    content_length: integer('content_length'),
    content_type: text('content_type'),
    server: text('server'),
    final_url: text('final_url'),
    response_headers: jsonb('response_headers').$type<Record<string, string>>(),
    body_start: text('body_start'),
    tls: jsonb('tls').$type<Record<string, unknown>>(),
    favicon_hash: integer('favicon_hash'),
    technologies: jsonb('technologies').$type<AssetTechnology[]>().notNull().default([]),
    anomalies: jsonb('anomalies').$type<string[]>().notNull().default([]),
    wildcard: boolean('wildcard').notNull().default(false),
    screenshot_key: text('screenshot_key'),
    scanned_count: integer('scanned_count').notNull().default(0),
    /** Endpoints the last crawl found on it past ASSET_ENDPOINTS_MAX: counted, not stored (0032). */
    endpoint_overflow: integer('endpoint_overflow').notNull().default(0),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a finished re-discovery no longer saw it (0035): kept for its history and findings,
     * left out of the live inventory and its counters; null again once a discovery sees it.
     */
    gone_at: timestamp('gone_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('assets_group_host_port_idx').on(t.group_id, t.host, t.port),
    index('assets_workspace_idx').on(t.workspace_id, t.updated_at),
    // The inventory's sorts and filters (issue 5; see docs/benchmarks.md "## Assets").
    index('assets_ws_updated_id_idx').on(t.workspace_id, t.updated_at, t.id),
    index('assets_ws_host_idx').on(t.workspace_id, t.host, t.id),
    index('assets_ws_port_idx').on(t.workspace_id, t.port, t.id),
    index('assets_ws_status_idx').on(t.workspace_id, t.status, t.id),
    index('assets_ws_created_idx').on(t.workspace_id, t.created_at),
  ],
);
