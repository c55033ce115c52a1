import { z } from 'zod';
import { envelope } from '../contract/envelope.js';
import type { FeedbackInput } from '../contract/feedback.js';
import {
  markAllSeenSchema,
  notificationFeedSchema,
  notificationHistorySchema,
  notificationSchema,
} from '../contract/notifications.js';
import type { Http } from './api-client.js';

const unwrap = <T>(p: Promise<{ data: T }>) => p.then((body) => body.data);

/** Spec §7 panel calls: notifications (bell and history) and feedback. */
export function notificationEndpoints(http: Http) {
  return {
    feed: () => unwrap(http.get('panel/notifications/', envelope(notificationFeedSchema))),
    history: (page = 1, pageSize = 10) =>
      unwrap(
        http.get('panel/notifications-history/', envelope(notificationHistorySchema), {
          page,
          page_size: pageSize,
        }),
      ),
    markSeen: (id: string) =>
      unwrap(
        http.post(
          `panel/notifications/${encodeURIComponent(id)}/mark_as_seen/`,
          {},
          envelope(notificationSchema),
        ),
      ),
    markAllSeen: () =>
      unwrap(http.post('panel/notifications/mark_all_as_seen/', {}, envelope(markAllSeenSchema))),
  };
}

export function feedbackEndpoints(http: Http) {
  return {
    send: (body: FeedbackInput) =>
      unwrap(http.post('panel/send-feedback/', body, envelope(z.object({ id: z.string() })))),
  };
}
