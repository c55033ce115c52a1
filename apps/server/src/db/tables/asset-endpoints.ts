import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './accounts.js';
import { assets } from './assets.js';

/**
 * The endpoints the discovery crawl found on a web asset (issue 30, migration 0032): one row per
 * asset + method + normalised URL, at most ASSET_ENDPOINTS_MAX per asset (more are counted on
 * the asset's `endpoint_overflow`). A DAST scan fuzzes them.
 */
export const assetEndpoints = pgTable(
  'asset_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    asset_id: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** The URL as the crawler last saw it (parameter values included). */
    url: text('url').notNull(),
    /** Scheme and host in lower case, no fragment, query names sorted with their values dropped. */
    url_key: text('url_key').notNull(),
    params: jsonb('params').$type<string[]>().notNull().default([]),
    source: text('source').notNull(),
    body_type: text('body_type'),
    /** A form's body as the crawler would submit it (the fuzz input's body). */
    body: text('body'),
    first_seen_at: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('asset_endpoints_asset_method_url_idx').on(t.asset_id, t.method, t.url_key),
    index('asset_endpoints_ws_asset_idx').on(t.workspace_id, t.asset_id, t.last_seen_at),
  ],
);
