import type { Lang, Ticket, TicketMessage } from '@didban/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { type ticketMessages, tickets, ticketTypes, users } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import type { AuthUser } from '../http/fastify-types.js';

type TicketTypeRow = typeof ticketTypes.$inferSelect;
type MessageRow = typeof ticketMessages.$inferSelect;

export const presentTicketType = (row: TicketTypeRow, lang: Lang) => ({
  id: row.id,
  name: lang === 'fa' ? row.name_fa : row.name_en,
});

/** Columns for a ticket with its owner, type and message count, as `presentTicket` takes them. */
export const ticketColumns = {
  ticket: tickets,
  type: ticketTypes,
  owner: { id: users.id, username: users.username, profile_image: users.profile_image },
  message_count: sql<number>`(select count(*) from ticket_messages m where m.ticket_id = ${tickets.id})::int`,
};

type TicketJoined = {
  ticket: typeof tickets.$inferSelect;
  type: TicketTypeRow | null;
  owner: { id: string; username: string; profile_image: string | null };
  message_count: number;
};

export function presentTicket(row: TicketJoined, lang: Lang): Ticket {
  return {
    id: row.ticket.id,
    title: row.ticket.title,
    ticket_type: row.type ? presentTicketType(row.type, lang) : null,
    priority: row.ticket.priority,
    status: row.ticket.status,
    user: row.owner,
    message_count: Number(row.message_count),
    created_at: row.ticket.created_at.toISOString(),
    updated_at: row.ticket.updated_at.toISOString(),
    closed_at: row.ticket.closed_at?.toISOString() ?? null,
  };
}

/** Tickets a user may see: their own; staff see every ticket. */
export const visibleTo = (user: AuthUser) => (user.is_staff ? undefined : eq(tickets.user_id, user.id));

/**
 * A ticket the user takes part in (its owner, or staff); anyone else gets 404 so a ticket id
 * reveals nothing.
 */
export async function findTicket(db: Db, user: AuthUser, id: string): Promise<TicketJoined> {
  const [row] = await db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.user_id))
    .leftJoin(ticketTypes, eq(ticketTypes.id, tickets.type_id))
    .where(and(eq(tickets.id, id), visibleTo(user)));
  if (!row) throw notFound();
  return row;
}

export const attachmentPath = (ticketId: string, messageId: string) =>
  `/api/v1/support/tickets/${ticketId}/messages/${messageId}/attachment/`;

type Sender = { id: string; username: string; profile_image: string | null; is_staff: boolean } | null;

export function presentMessage(row: MessageRow, sender: Sender, viewerId: string): TicketMessage {
  return {
    id: row.id,
    text: row.text,
    media: row.file_key ? attachmentPath(row.ticket_id, row.id) : null,
    message_type: row.message_type,
    file_name: row.file_name,
    file_size: row.file_size,
    content_type: row.content_type,
    created_at: row.created_at.toISOString(),
    sender: sender ? { id: sender.id, username: sender.username, profile_image: sender.profile_image } : null,
    sender_is_staff: sender?.is_staff ?? false,
    is_mine: sender?.id === viewerId,
  };
}

export const senderColumns = {
  id: users.id,
  username: users.username,
  profile_image: users.profile_image,
  is_staff: users.is_staff,
};
