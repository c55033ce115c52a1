import { z } from 'zod';
import { pagedList } from './envelope.js';

/** Spec §3: a notification. `text` is already in the caller's language; `link` is a panel path. */
export const notificationSchema = z.object({
  id: z.string(),
  text: z.string(),
  time: z.string(),
  seen: z.boolean(),
  link: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET panel/notifications/`: the bell — the newest unseen ones and the counters. */
export const notificationFeedSchema = z.object({
  results: z.array(notificationSchema),
  unseen_count: z.number().int(),
  total_count: z.number().int(),
});
export type NotificationFeed = z.infer<typeof notificationFeedSchema>;

/** `GET panel/notifications-history/`: every notification, paged, with the unseen counter. */
export const notificationHistorySchema = pagedList(notificationSchema).extend({
  unseen_count: z.number().int(),
});
export type NotificationHistory = z.infer<typeof notificationHistorySchema>;

export const markAllSeenSchema = z.object({ updated: z.number().int() });
