import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users, workspaces } from './accounts.js';

/**
 * An invitation to join a team, addressed to an existing user (found by email or username).
 * At most one pending invitation per team and user: the partial unique index holds even when
 * two admins invite the same person at the same moment.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    invitee_id: uuid('invitee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Kept when the inviter's account is deleted; the invitation still stands.
    inviter_id: uuid('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    role: text('role', { enum: ['admin', 'user'] }).notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'cancelled'] })
      .notNull()
      .default('pending'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    responded_at: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('team_invitations_one_pending_idx')
      .on(t.workspace_id, t.invitee_id)
      .where(sql`${t.status} = 'pending'`),
    index('team_invitations_invitee_idx').on(t.invitee_id, t.created_at),
  ],
);

/** A user's request to join a team; one pending request per team and user. */
export const teamJoinRequests = pgTable(
  'team_join_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'declined'] })
      .notNull()
      .default('pending'),
    responder_id: uuid('responder_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    responded_at: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('team_join_requests_one_pending_idx')
      .on(t.workspace_id, t.user_id)
      .where(sql`${t.status} = 'pending'`),
    index('team_join_requests_team_idx').on(t.workspace_id, t.created_at),
  ],
);

/**
 * The activity log of a team: who did what to whom. Names are copied at the time of the action
 * so the log still reads after an account is deleted (the ids then become null).
 */
export const teamActivity = pgTable(
  'team_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    actor_id: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actor_name: text('actor_name').notNull(),
    target_id: uuid('target_id').references(() => users.id, { onDelete: 'set null' }),
    target_name: text('target_name'),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_activity_team_created_idx').on(t.workspace_id, t.created_at)],
);
