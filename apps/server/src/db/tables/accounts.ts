import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

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
    /** When the owner opened the verification link sent to the current email; null: unverified. */
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    /** Carried by every access token (`tv`); raising it signs the account out everywhere. */
    token_version: integer('token_version').notNull().default(0),
    /** Wrong passwords since `failed_logins_since` (per-account throttling, auth/login-throttle.ts). */
    failed_logins: integer('failed_logins').notNull().default(0),
    failed_logins_since: timestamp('failed_logins_since', { withTimezone: true }),
    /** Sign-in refused until then, whatever the password (too many failures in the window). */
    login_locked_until: timestamp('login_locked_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Case-insensitive uniqueness: 'Ali' and 'ali' are the same person.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/** Access tokens signed out one by one (`jti`), kept until they would have expired anyway. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: uuid('jti').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expires_at)],
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
 * GitHub sign-ins in progress. The state GitHub carries is random; only its hash is kept, and
 * the row is deleted by the callback that uses it (single use). `browser_hash` is the hash of
 * the nonce cookie given to the browser that started (panel sign-ins); a terminal sign-in
 * (`cli_redirect`) is bound to its loopback listener instead.
 */
export const githubOauthStates = pgTable(
  'github_oauth_states',
  {
    state_hash: text('state_hash').primaryKey(),
    browser_hash: text('browser_hash'),
    cli_redirect: text('cli_redirect'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('github_oauth_states_expires_idx').on(t.expires_at)],
);

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
