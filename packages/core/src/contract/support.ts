import { z } from 'zod';
import { pagedList } from './envelope.js';

export const TICKET_STATUSES = ['open', 'in_progress', 'closed'] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

export const TICKET_PRIORITIES = ['low', 'medium', 'high'] as const;
export const ticketPrioritySchema = z.enum(TICKET_PRIORITIES);
export type TicketPriority = z.infer<typeof ticketPrioritySchema>;

export const MESSAGE_TYPES = ['text', 'image', 'video', 'audio', 'file'] as const;
export const messageTypeSchema = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof messageTypeSchema>;

/** One attachment per message, at most 10 MB; its type is judged by content on the server. */
export const TICKET_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const TICKET_TITLE_MAX = 200;
export const TICKET_MESSAGE_MAX = 5000;

const required = (key: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? key : undefined,
});

/** A ticket type, named in the caller's language. */
export const ticketTypeSchema = z.object({ id: z.string(), name: z.string() });
export type TicketType = z.infer<typeof ticketTypeSchema>;
export const ticketTypeListSchema = z.object({ results: z.array(ticketTypeSchema) });

/** Staff add a ticket type with its name in both languages. */
export const ticketTypeCreateSchema = z.strictObject({
  name_en: z
    .string(required('support.type_name_required'))
    .trim()
    .min(1, { error: 'support.type_name_required', abort: true })
    .max(100),
  name_fa: z
    .string(required('support.type_name_required'))
    .trim()
    .min(1, { error: 'support.type_name_required', abort: true })
    .max(100),
});
export type TicketTypeCreateInput = z.infer<typeof ticketTypeCreateSchema>;

/**
 * `POST support/tickets/`. New tickets are open (spec §4); `status`, when sent, must be 'open'.
 * `message`, when given, becomes the first message.
 */
export const ticketCreateSchema = z.strictObject({
  title: z
    .string(required('support.title_required'))
    .trim()
    .min(1, { error: 'support.title_required', abort: true })
    .max(TICKET_TITLE_MAX, 'support.title_max'),
  ticket_type: z.uuid({ error: 'support.type_required' }),
  priority: ticketPrioritySchema.default('medium'),
  status: z.literal('open').optional(),
  message: z.string().trim().max(TICKET_MESSAGE_MAX, 'support.message_max').optional(),
});
export type TicketCreateInput = z.input<typeof ticketCreateSchema>;

/** `PATCH support/tickets/{id}/`: the owner may close; staff may also set in_progress. */
export const ticketUpdateSchema = z.strictObject({ status: ticketStatusSchema });
export type TicketUpdateInput = z.infer<typeof ticketUpdateSchema>;

export const ticketPersonSchema = z.object({
  id: z.string(),
  username: z.string(),
  profile_image: z.string().nullable(),
});
export type TicketPerson = z.infer<typeof ticketPersonSchema>;

export const ticketSchema = z.object({
  id: z.string(),
  title: z.string(),
  ticket_type: ticketTypeSchema.nullable(),
  priority: ticketPrioritySchema,
  status: ticketStatusSchema,
  user: ticketPersonSchema,
  message_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  status: ticketStatusSchema.optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuery>;
export const ticketListSchema = pagedList(ticketSchema);
export type TicketList = z.infer<typeof ticketListSchema>;

/**
 * A ticket message (spec §3). `media` is the API path of the attachment (fetched with the
 * session's token); `is_mine` tells the chat which side to draw it on (spec §6).
 */
export const ticketMessageSchema = z.object({
  id: z.string(),
  text: z.string().nullable(),
  media: z.string().nullable(),
  message_type: messageTypeSchema,
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
  content_type: z.string().nullable(),
  created_at: z.string(),
  sender: ticketPersonSchema.nullable(),
  sender_is_staff: z.boolean(),
  is_mine: z.boolean(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/**
 * `GET support/tickets/{id}/messages/?page`: page 1 is the NEWEST page; each page is in
 * chronological order (oldest first), so the chat appends page 1 at the bottom and prepends
 * `next_page` (older messages) when scrolled to the top.
 */
export const ticketMessagePageSchema = pagedList(ticketMessageSchema);
export type TicketMessagePage = z.infer<typeof ticketMessagePageSchema>;

export const ticketMessagePageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
