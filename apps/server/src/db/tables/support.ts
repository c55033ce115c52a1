import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { timestamps } from './columns.js';

/** Kinds of ticket a user picks from (seeded by the migration; staff add more). */
export const ticketTypes = pgTable('ticket_types', {
  id: uuid('id').primaryKey().defaultRandom(),
  name_en: text('name_en').notNull(),
  name_fa: text('name_fa').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A support ticket (spec §3, §4): open → in_progress (a staff reply) → closed. */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type_id: uuid('type_id').references(() => ticketTypes.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    priority: text('priority', { enum: ['low', 'medium', 'high'] })
      .notNull()
      .default('medium'),
    status: text('status', { enum: ['open', 'in_progress', 'closed'] })
      .notNull()
      .default('open'),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('tickets_user_updated_idx').on(t.user_id, t.updated_at)],
);

/**
 * One message of a ticket: text, or one attachment whose bytes live in file storage under
 * `file_key`. `message_type` comes from the file's content (magic bytes), never from the client.
 */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticket_id: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    sender_id: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text'),
    message_type: text('message_type', { enum: ['text', 'image', 'video', 'audio', 'file'] }).notNull(),
    file_key: text('file_key'),
    file_name: text('file_name'),
    file_size: bigint('file_size', { mode: 'number' }),
    content_type: text('content_type'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket_created_idx').on(t.ticket_id, t.created_at)],
);
