import { envelope } from '../contract/envelope.js';
import {
  type TicketCreateInput,
  type TicketListQuery,
  type TicketTypeCreateInput,
  ticketListSchema,
  ticketMessagePageSchema,
  ticketMessageSchema,
  ticketSchema,
  ticketTypeListSchema,
  ticketTypeSchema,
} from '../contract/support.js';
import type { Http } from './api-client.js';

const unwrap = <T>(p: Promise<{ data: T }>) => p.then((body) => body.data);
const id = (value: string) => encodeURIComponent(value);

/** A message: text, or one file (its type is judged by content on the server). */
export type TicketMessageInput = { text: string } | { file: Blob; fileName?: string };

/**
 * Spec §7 support calls. Messages: page 1 is the newest page, in chronological order; load
 * `next_page` for older ones.
 * @example
 *   const ticket = await api.support.create({ title: 'Scan stuck', ticket_type: typeId });
 *   await api.support.send(ticket.id, { file: blob, fileName: 'screen.png' });
 */
export function supportEndpoints(http: Http) {
  return {
    types: () => unwrap(http.get('support/ticket-types/', envelope(ticketTypeListSchema))),
    /** Staff only. */
    createType: (body: TicketTypeCreateInput) =>
      unwrap(http.post('support/ticket-types/', body, envelope(ticketTypeSchema))),
    list: (query: Partial<TicketListQuery> = {}) =>
      unwrap(
        http.get('support/tickets/', envelope(ticketListSchema), {
          page: query.page ?? 1,
          page_size: query.page_size ?? 10,
          ...(query.status ? { status: query.status } : {}),
        }),
      ),
    create: (body: TicketCreateInput) =>
      unwrap(http.post('support/tickets/', { ...body, status: 'open' }, envelope(ticketSchema))),
    get: (ticketId: string) => unwrap(http.get(`support/tickets/${id(ticketId)}/`, envelope(ticketSchema))),
    close: (ticketId: string) =>
      unwrap(http.patch(`support/tickets/${id(ticketId)}/`, { status: 'closed' }, envelope(ticketSchema))),
    messages: (ticketId: string, page = 1, pageSize = 20) =>
      unwrap(
        http.get(`support/tickets/${id(ticketId)}/messages/`, envelope(ticketMessagePageSchema), {
          page,
          page_size: pageSize,
        }),
      ),
    /**
     * An attachment's bytes. `media` is the path a message carries (`/api/v1/…`); it is fetched
     * through this client so the session's token goes with it (a plain link would not).
     */
    attachment: (media: string) =>
      http.request({
        method: 'GET',
        url: media.replace(/^\/?api\/v1\//, ''),
        responseType: 'blob',
      }) as Promise<Blob>,
    /** Multipart: `text`, or `media` with `file_name` (message_type is derived by the server). */
    send: (ticketId: string, message: TicketMessageInput) => {
      const form = new FormData();
      if ('text' in message) form.append('text', message.text);
      else {
        if (message.fileName) form.append('file_name', message.fileName);
        form.append('media', message.file, message.fileName ?? 'file');
      }
      return unwrap(
        http.request(
          { method: 'POST', url: `support/tickets/${id(ticketId)}/messages/`, data: form },
          envelope(ticketMessageSchema),
        ),
      );
    },
  };
}
