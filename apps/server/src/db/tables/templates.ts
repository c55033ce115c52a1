import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './accounts.js';
import { timestamps } from './columns.js';

/**
 * A workspace's own Nuclei template. The YAML is the source of truth; the columns beside it are
 * read from it at save time (by the core parser) so lists filter without parsing. The public
 * library is not stored here: it is read from the shipped folder at start.
 */
export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The YAML `id:`; unique in a workspace so scans and workflows can name it. */
    template_id: text('template_id').notNull(),
    name: text('name').notNull(),
    severity: text('severity').notNull(),
    tags: text('tags').array().notNull().default([]),
    protocol: text('protocol').notNull(),
    author: text('author').array().notNull().default([]),
    /** Set when the engine will not run the template (headless, code, flow, …). */
    rejected_reason: text('rejected_reason'),
    yaml: text('yaml').notNull(),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('templates_workspace_template_id_idx').on(t.workspace_id, t.template_id),
    index('templates_workspace_updated_idx').on(t.workspace_id, t.updated_at),
  ],
);
