import { randomUUID } from 'node:crypto';
import {
  cleanFileName,
  envelope,
  type MessageKey,
  pageInfo,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_MESSAGE_MAX,
  ticketCreateSchema,
  ticketListQuery,
  ticketListSchema,
  ticketMessagePageQuery,
  ticketMessagePageSchema,
  ticketMessageSchema,
  ticketSchema,
  ticketTypeCreateSchema,
  ticketTypeListSchema,
  ticketTypeSchema,
  ticketUpdateSchema,
} from '@didban/core';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { ticketMessages, tickets, ticketTypes, users } from '../db/schema.js';
import { currentUser } from '../http/access.js';
import { HttpError, notFound } from '../http/errors.js';
import { notifyUsers } from '../notifications/notify.js';
import { classifyAttachment } from '../support/attachments.js';
import {
  findTicket,
  presentMessage,
  presentTicket,
  presentTicketType,
  senderColumns,
  ticketColumns,
  visibleTo,
} from '../support/tickets.js';

const idParams = z.object({ id: z.uuid() });
const attachmentParams = z.object({ id: z.uuid(), messageId: z.uuid() });
const jsonMessage = z.object({ text: z.string().optional() });

const refuse = (status: number, code: string, key: MessageKey, params: Record<string, unknown> = {}) =>
  new HttpError(status, code, key, params);

type Incoming = { text: string; file?: { bytes: Buffer; names: string[]; mimetype: string } };

/**
 * Read a message: multipart (`text`, or `media` + `file_name`; `message_type` is ignored, the
 * server derives it) or JSON `{ text }`. The file is buffered (10 MB at most) before anything
 * is stored, so a refused message leaves nothing behind.
 */
async function readMessage(request: FastifyRequest): Promise<Incoming> {
  if (!request.isMultipart()) {
    const parsed = jsonMessage.safeParse(request.body ?? {});
    return { text: parsed.success ? (parsed.data.text ?? '') : '' };
  }
  const fields: Record<string, string> = {};
  let file: Incoming['file'];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      const filePart = part as MultipartFile;
      const bytes = await filePart.toBuffer();
      if (file) throw refuse(400, 'attachment_one', 'support.attachment_one');
      file = { bytes, names: [filePart.filename ?? ''], mimetype: filePart.mimetype };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw refuse(413, 'attachment_too_large', 'support.attachment_too_large');
    if (code === 'FST_FILES_LIMIT') throw refuse(400, 'attachment_one', 'support.attachment_one');
    throw error;
  }
  if (file && fields.file_name) file.names.unshift(fields.file_name);
  return { text: fields.text ?? '', file };
}

/**
 * Spec §7 support calls (not under panel/). Tickets belong to their owner; staff see and answer
 * every ticket. Another user's ticket is 404. A closed ticket takes no messages.
 */
export function supportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage } = deps;

  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: TICKET_ATTACHMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 64 * 1024, parts: 6 },
    });

    app.get(
      '/support/ticket-types/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['support'],
          summary: 'Ticket types, named in the caller’s language',
          response: { 200: envelope(ticketTypeListSchema) },
        },
      },
      async (request) => {
        const rows = await db
          .select()
          .from(ticketTypes)
          .orderBy(asc(ticketTypes.created_at), asc(ticketTypes.name_en));
        return { data: { results: rows.map((r) => presentTicketType(r, request.lang)) } };
      },
    );

    app.post(
      '/support/ticket-types/',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['support'],
          summary: 'Add a ticket type (staff)',
          body: ticketTypeCreateSchema,
          response: { 201: envelope(ticketTypeSchema) },
        },
      },
      async (request, reply) => {
        const [row] = await db.insert(ticketTypes).values(request.body).returning();
        return reply.status(201).send({ data: presentTicketType(row!, request.lang) });
      },
    );

    app.get(
      '/support/tickets/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['support'],
          summary: 'My tickets (staff: every ticket), most recently active first',
          querystring: ticketListQuery,
          response: { 200: envelope(ticketListSchema) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { page, page_size, status } = request.query;
        const where = and(visibleTo(user), status ? eq(tickets.status, status) : undefined);
        const rows = await db
          .select(ticketColumns)
          .from(tickets)
          .innerJoin(users, eq(users.id, tickets.user_id))
          .leftJoin(ticketTypes, eq(ticketTypes.id, tickets.type_id))
          .where(where)
          .orderBy(desc(tickets.updated_at), desc(tickets.id))
          .limit(page_size)
          .offset((page - 1) * page_size);
        const [total] = await db.select({ n: count() }).from(tickets).where(where);
        return {
          data: {
            results: rows.map((r) => presentTicket(r, request.lang)),
            ...pageInfo(total?.n ?? 0, page, page_size),
          },
        };
      },
    );

    app.post(
      '/support/tickets/',
      {
        config: { access: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['support'],
          summary: 'Open a ticket (status open); `message`, if given, is its first message',
          body: ticketCreateSchema,
          response: { 201: envelope(ticketSchema) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { title, ticket_type, priority, message } = request.body;
        const [type] = await db.select().from(ticketTypes).where(eq(ticketTypes.id, ticket_type));
        if (!type)
          throw new HttpError(
            400,
            'validation',
            'errors.validation',
            {},
            { ticket_type: ['support.type_unknown'] },
          );
        const id = await db.transaction(async (tx) => {
          const [ticket] = await tx
            .insert(tickets)
            .values({ user_id: user.id, type_id: type.id, title, priority, status: 'open' })
            .returning({ id: tickets.id });
          if (message) {
            await tx
              .insert(ticketMessages)
              .values({ ticket_id: ticket!.id, sender_id: user.id, text: message, message_type: 'text' });
          }
          return ticket!.id;
        });
        // Every staff member hears of a new ticket (the one who opened it excepted).
        const staffIds = await db.select({ id: users.id }).from(users).where(eq(users.is_staff, true));
        await notifyUsers(
          db,
          staffIds.map((s) => s.id).filter((staffId) => staffId !== user.id),
          {
            key: 'notify.ticket_opened',
            params: { username: user.username, title },
            link: `/settings/support/${id}`,
          },
        );
        return reply.status(201).send({ data: presentTicket(await findTicket(db, user, id), request.lang) });
      },
    );

    app.get(
      '/support/tickets/:id/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['support'],
          summary: 'One ticket (its owner or staff)',
          params: idParams,
          response: { 200: envelope(ticketSchema) },
        },
      },
      async (request) => ({
        data: presentTicket(await findTicket(db, currentUser(request), request.params.id), request.lang),
      }),
    );

    app.patch(
      '/support/tickets/:id/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['support'],
          summary: 'Change the status: the owner closes; staff may also set open or in_progress',
          params: idParams,
          body: ticketUpdateSchema,
          response: { 200: envelope(ticketSchema) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const found = await findTicket(db, user, request.params.id);
        const { status } = request.body;
        if (status !== 'closed' && !user.is_staff)
          throw refuse(403, 'forbidden', 'support.status_staff_only');
        if (found.ticket.status === 'closed' && status !== 'closed')
          throw refuse(409, 'ticket_closed', 'support.ticket_already_closed');
        if (found.ticket.status !== status) {
          await db
            .update(tickets)
            .set({
              status,
              closed_at: status === 'closed' ? sql`now()` : null,
              updated_at: sql`now()`,
            })
            .where(eq(tickets.id, found.ticket.id));
        }
        return { data: presentTicket(await findTicket(db, user, found.ticket.id), request.lang) };
      },
    );

    app.get(
      '/support/tickets/:id/messages/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['support'],
          summary:
            'Messages, paged: page 1 is the newest page; each page is in chronological order; next_page holds older ones',
          params: idParams,
          querystring: ticketMessagePageQuery,
          response: { 200: envelope(ticketMessagePageSchema) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const found = await findTicket(db, user, request.params.id);
        const { page, page_size } = request.query;
        const rows = await db
          .select({ message: ticketMessages, sender: senderColumns })
          .from(ticketMessages)
          .leftJoin(users, eq(users.id, ticketMessages.sender_id))
          .where(eq(ticketMessages.ticket_id, found.ticket.id))
          .orderBy(desc(ticketMessages.created_at), desc(ticketMessages.id))
          .limit(page_size)
          .offset((page - 1) * page_size);
        return {
          data: {
            // Fetched newest first to page from the bottom; shown oldest first within the page.
            results: rows.reverse().map((r) => presentMessage(r.message, r.sender, user.id)),
            ...pageInfo(Number(found.message_count), page, page_size),
          },
        };
      },
    );

    app.post(
      '/support/tickets/:id/messages/',
      {
        config: { access: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['support'],
          summary:
            'Send a message: multipart `text`, or `media` (one file, at most 10 MB) with `file_name`; message_type is derived from the content',
          params: idParams,
          response: { 201: envelope(ticketMessageSchema) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const found = await findTicket(db, user, request.params.id);
        if (found.ticket.status === 'closed') throw refuse(409, 'ticket_closed', 'support.ticket_closed');
        const incoming = await readMessage(request);
        const text = incoming.text.trim();
        const file = incoming.file && incoming.file.bytes.length > 0 ? incoming.file : undefined;
        if (!text && !file) throw refuse(400, 'message_empty', 'support.message_empty');
        if (text && file) throw refuse(400, 'message_both', 'support.message_both');
        if (text.length > TICKET_MESSAGE_MAX) throw refuse(400, 'message_too_long', 'support.message_max');

        const id = randomUUID();
        let values: typeof ticketMessages.$inferInsert = {
          id,
          ticket_id: found.ticket.id,
          sender_id: user.id,
          text,
          message_type: 'text',
        };
        if (file) {
          const fileName = cleanFileName(file.names[0]);
          const verdict = await classifyAttachment(file.bytes, file.names, file.mimetype);
          if (!verdict.ok)
            throw refuse(400, 'attachment_disguised', 'support.attachment_disguised', { name: fileName });
          values = {
            ...values,
            text: null,
            message_type: verdict.messageType,
            file_key: `tickets/${found.ticket.id}/${id}`,
            file_name: fileName,
            file_size: file.bytes.length,
            content_type: verdict.contentType,
          };
          await storage.put(values.file_key!, file.bytes);
        }
        const row = await db
          .transaction(async (tx) => {
            const [inserted] = await tx.insert(ticketMessages).values(values).returning();
            // A staff answer moves an open ticket to in progress.
            const status =
              user.is_staff && found.ticket.status === 'open' ? 'in_progress' : found.ticket.status;
            await tx
              .update(tickets)
              .set({ status, updated_at: sql`now()` })
              .where(eq(tickets.id, found.ticket.id));
            return inserted!;
          })
          .catch(async (error) => {
            if (values.file_key) await storage.delete(values.file_key);
            throw error;
          });
        if (user.is_staff && user.id !== found.ticket.user_id) {
          await notifyUsers(db, [found.ticket.user_id], {
            key: 'notify.ticket_reply',
            params: { title: found.ticket.title },
            link: `/settings/support/${found.ticket.id}`,
          });
        }
        const sender = { ...user, profile_image: user.profile_image };
        return reply.status(201).send({ data: presentMessage(row, sender, user.id) });
      },
    );

    app.get(
      '/support/tickets/:id/messages/:messageId/attachment/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['support'],
          summary: 'Download an attachment (the ticket owner and staff only)',
          params: attachmentParams,
        },
      },
      async (request, reply) => {
        const found = await findTicket(db, currentUser(request), request.params.id);
        const [message] = await db
          .select()
          .from(ticketMessages)
          .where(
            and(
              eq(ticketMessages.id, request.params.messageId),
              eq(ticketMessages.ticket_id, found.ticket.id),
            ),
          );
        const bytes = message?.file_key ? await storage.get(message.file_key) : null;
        if (!message || !bytes) throw notFound();
        const inline = message.message_type !== 'file';
        const name = encodeURIComponent(message.file_name ?? 'file');
        return reply
          .type(message.content_type ?? 'application/octet-stream')
          .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${name}`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, max-age=300')
          .send(bytes);
      },
    );
  };
}
