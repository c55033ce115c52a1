import {
  envelope,
  markAllSeenSchema,
  notificationFeedSchema,
  notificationHistorySchema,
  notificationSchema,
  pageInfo,
  pageQuery,
} from '@didban/core';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { notifications } from '../db/schema.js';
import { currentUser } from '../http/access.js';
import { notFound } from '../http/errors.js';
import { presentNotification } from '../notifications/notify.js';

const BELL_LIMIT = 20;
const idParams = z.object({ id: z.uuid() });

/** Spec §7: the bell, the history page, mark one or all as seen. Notifications belong to a user. */
export function notificationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const counters = async (userId: string) => {
    const [row] = await db
      .select({ total: count(), unseen: sql<number>`count(*) filter (where ${notifications.seen} = false)` })
      .from(notifications)
      .where(eq(notifications.user_id, userId));
    return { total: row?.total ?? 0, unseen: Number(row?.unseen ?? 0) };
  };

  return async (app) => {
    app.get(
      '/panel/notifications/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['notifications'],
          summary: 'The newest unseen notifications and the counters (the bell)',
          response: { 200: envelope(notificationFeedSchema) },
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const rows = await db
          .select()
          .from(notifications)
          .where(and(eq(notifications.user_id, userId), eq(notifications.seen, false)))
          .orderBy(desc(notifications.created_at), desc(notifications.id))
          .limit(BELL_LIMIT);
        const { total, unseen } = await counters(userId);
        return {
          data: {
            results: rows.map((r) => presentNotification(r, request.lang)),
            unseen_count: unseen,
            total_count: total,
          },
        };
      },
    );

    app.get(
      '/panel/notifications-history/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['notifications'],
          summary: 'Every notification, newest first, paged',
          querystring: pageQuery,
          response: { 200: envelope(notificationHistorySchema) },
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const { page, page_size } = request.query;
        const rows = await db
          .select()
          .from(notifications)
          .where(eq(notifications.user_id, userId))
          .orderBy(desc(notifications.created_at), desc(notifications.id))
          .limit(page_size)
          .offset((page - 1) * page_size);
        const { total, unseen } = await counters(userId);
        return {
          data: {
            results: rows.map((r) => presentNotification(r, request.lang)),
            ...pageInfo(total, page, page_size),
            unseen_count: unseen,
          },
        };
      },
    );

    app.post(
      '/panel/notifications/:id/mark_as_seen/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['notifications'],
          summary: 'Mark one notification as seen',
          params: idParams,
          response: { 200: envelope(notificationSchema) },
        },
      },
      async (request) => {
        const [row] = await db
          .update(notifications)
          .set({ seen: true })
          .where(
            and(eq(notifications.id, request.params.id), eq(notifications.user_id, currentUser(request).id)),
          )
          .returning();
        if (!row) throw notFound();
        return { data: presentNotification(row, request.lang) };
      },
    );

    app.post(
      '/panel/notifications/mark_all_as_seen/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['notifications'],
          summary: 'Mark all my notifications as seen',
          response: { 200: envelope(markAllSeenSchema) },
        },
      },
      async (request) => {
        const rows = await db
          .update(notifications)
          .set({ seen: true })
          .where(and(eq(notifications.user_id, currentUser(request).id), eq(notifications.seen, false)))
          .returning({ id: notifications.id });
        return { data: { updated: rows.length } };
      },
    );
  };
}
