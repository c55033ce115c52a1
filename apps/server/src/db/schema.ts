import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    // Null for accounts that only ever signed in through GitHub.
    password_hash: text('password_hash'),
    profile_image: text('profile_image'),
    is_staff: boolean('is_staff').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // Case-insensitive uniqueness: 'Ali' and 'ali' are the same person.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

export const githubAccounts = pgTable('github_accounts', {
  github_id: text('github_id').primaryKey(),
  user_id: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  login: text('login').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A workspace owns all data (assets, scans, templates, workers…). Every user has one personal
 * workspace; a team is a workspace of kind 'team', and its id is what X-Workspace-ID carries.
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['personal', 'team'] }).notNull(),
    name: text('name').notNull(),
    owner_id: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    // Exactly one personal workspace per user.
    uniqueIndex('workspaces_one_personal_idx').on(t.owner_id).where(sql`${t.kind} = 'personal'`),
  ],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'user'] }).notNull(),
    joined_at: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspace_id, t.user_id] }),
    index('workspace_members_user_idx').on(t.user_id),
  ],
);

/**
 * A notification for one user. Server-made ones store a message key and its parameters and are
 * worded in the reader's language when read; `text` holds literal text when there is no key.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspace_id: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    message_key: text('message_key'),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    text: text('text'),
    link: text('link'),
    seen: boolean('seen').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.user_id, t.created_at)],
);

/** Feedback sent from the panel's top bar; read by staff. */
export const feedback = pgTable('feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  user_id: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
