import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './accounts.js';
import { assetGroups } from './assets.js';
import { scanHistories, scans, vulnerabilities } from './scans.js';

/**
 * Counters kept by triggers (migrations 0019, 0020) so lists and the dashboard never count a million
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

/**
 * Each (scan, finding) pair once, however many of the scan's runs link it (`links`), with the
 * finding's severity rank and status copied (migration 0020). The vulnerability list filtered by
 * a scan tests membership on its key.
 */
export const scanVulnerabilities = pgTable(
  'scan_vulnerabilities',
  {
    scan_id: uuid('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    vulnerability_id: uuid('vulnerability_id')
      .notNull()
      .references(() => vulnerabilities.id, { onDelete: 'cascade' }),
    severity_rank: smallint('severity_rank').notNull(),
    status: text('status').notNull(),
    links: integer('links').notNull(),
  },
  (t) => [
    primaryKey({ name: 'scan_vulnerabilities_pk', columns: [t.scan_id, t.vulnerability_id] }),
    index('scan_vulnerabilities_vuln_idx').on(t.vulnerability_id),
  ],
);

/** A scan's distinct findings by severity rank and status. */
export const scanVulnerabilityCounters = pgTable(
  'scan_vulnerability_counters',
  {
    scan_id: uuid('scan_id')
      .notNull()
      .references(() => scans.id, { onDelete: 'cascade' }),
    severity_rank: smallint('severity_rank').notNull(),
    status: text('status').notNull(),
    shard: smallint('shard').notNull(),
    n: count(),
  },
  (t) => [
    primaryKey({
      name: 'scan_vulnerability_counters_pk',
      columns: [t.scan_id, t.severity_rank, t.status, t.shard],
    }),
  ],
);

/** Assets of a workspace using a technology (by Wappalyzer slug). */
export const technologyCounters = pgTable(
  'technology_counters',
  {
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    shard: smallint('shard').notNull(),
    n: count(),
  },
  (t) => [primaryKey({ name: 'technology_counters_pk', columns: [t.workspace_id, t.slug, t.shard] })],
);

/** Assets of a workspace using a technology at a version. */
export const technologyVersionCounters = pgTable(
  'technology_version_counters',
  {
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    version: text('version').notNull(),
    shard: smallint('shard').notNull(),
    n: count(),
  },
  (t) => [
    primaryKey({
      name: 'technology_version_counters_pk',
      columns: [t.workspace_id, t.slug, t.version, t.shard],
    }),
  ],
);

/** A technology's details as its assets carry them (the largest seen of each, as max() gives). */
export const technologyInfo = pgTable(
  'technology_info',
  {
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name'),
    icon: text('icon'),
    website: text('website'),
    description: text('description'),
    categories: jsonb('categories').$type<{ name: string }[]>(),
  },
  (t) => [primaryKey({ name: 'technology_info_pk', columns: [t.workspace_id, t.slug] })],
);

/** Assets of a group by port (the port filter's options with their counts). */
export const assetPortCounters = pgTable(
  'asset_port_counters',
  {
    group_id: uuid('group_id')
      .notNull()
      .references(() => assetGroups.id, { onDelete: 'cascade' }),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    port: integer('port').notNull(),
    shard: smallint('shard').notNull(),
    n: count(),
  },
  (t) => [
    primaryKey({ name: 'asset_port_counters_pk', columns: [t.group_id, t.port, t.shard] }),
    index('asset_port_counters_ws_idx').on(t.workspace_id),
  ],
);

/** Assets of a group by HTTP status (the status filter's total and options; migration 0021). */
export const assetStatusCounters = pgTable(
  'asset_status_counters',
  {
    group_id: uuid('group_id')
      .notNull()
      .references(() => assetGroups.id, { onDelete: 'cascade' }),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    shard: smallint('shard').notNull(),
    n: count(),
  },
  (t) => [
    primaryKey({ name: 'asset_status_counters_pk', columns: [t.group_id, t.status, t.shard] }),
    index('asset_status_counters_ws_idx').on(t.workspace_id),
  ],
);

/** Links of a run by severity rank × their finding's status (a run's list filtered by status; migration 0021). */
export const scanHistoryStatusCounters = pgTable(
  'scan_history_status_counters',
  {
    history_id: uuid('history_id')
      .notNull()
      .references(() => scanHistories.id, { onDelete: 'cascade' }),
    severity_rank: smallint('severity_rank').notNull(),
    status: text('status').notNull(),
    shard: smallint('shard').notNull(),
    n: count(),
  },
  (t) => [
    primaryKey({
      name: 'scan_history_status_counters_pk',
      columns: [t.history_id, t.severity_rank, t.status, t.shard],
    }),
  ],
);
