import { envelope, feedbackItemSchema, feedbackSchema, pagedList, pageInfo, pageQuery } from '@didban/core';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { feedback, users } from '../db/schema.js';
import { currentUser } from '../http/access.js';

/** Feedback from the top bar: any signed-in user sends, staff read. */
export function feedbackRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.post(
      '/panel/send-feedback/',
      {
        config: { access: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['feedback'],
          summary: 'Send feedback to the operators',
          body: feedbackSchema,
          response: { 201: envelope(z.object({ id: z.string() })) },
        },
      },
      async (request, reply) => {
        const [row] = await db
          .insert(feedback)
          .values({ user_id: currentUser(request).id, ...request.body })
          .returning({ id: feedback.id });
        return reply.status(201).send({ data: { id: row!.id } });
      },
    );

    app.get(
      '/panel/feedback/',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['feedback'],
          summary: 'Read feedback (staff only)',
          querystring: pageQuery,
          response: { 200: envelope(pagedList(feedbackItemSchema)) },
        },
      },
      async (request) => {
        const { page, page_size } = request.query;
        const [total] = await db.select({ n: count() }).from(feedback);
        const rows = await db
          .select({
            id: feedback.id,
            title: feedback.title,
            description: feedback.description,
            created_at: feedback.created_at,
            user: { id: users.id, username: users.username, email: users.email },
          })
          .from(feedback)
          .innerJoin(users, eq(users.id, feedback.user_id))
          .orderBy(desc(feedback.created_at), desc(feedback.id))
          .limit(page_size)
          .offset((page - 1) * page_size);
        return {
          data: {
            results: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
            ...pageInfo(total?.n ?? 0, page, page_size),
          },
        };
      },
    );
  };
}
