import { envelope } from '@didban/core';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { findUserByUsername } from '../auth/users.js';
import { notifications, users } from '../db/schema.js';
import { notFound } from '../http/errors.js';

/**
 * Only registered when DIDBAN_TEST_HOOKS=1: lets browser tests plant notifications with literal
 * text and make a user staff. Never enabled by `pnpm start`.
 */
export function testHookRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/test/notify/',
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          body: z.strictObject({
            username: z.string(),
            text: z.string().min(1),
            link: z.string().nullable().optional(),
          }),
          response: { 201: envelope(z.object({ id: z.string() })) },
        },
      },
      async (request, reply) => {
        const user = await findUserByUsername(deps.db, request.body.username);
        if (!user) throw notFound();
        const [row] = await deps.db
          .insert(notifications)
          .values({ user_id: user.id, text: request.body.text, link: request.body.link ?? null })
          .returning({ id: notifications.id });
        return reply.status(201).send({ data: { id: row!.id } });
      },
    );

    // Browser tests need a staff user to answer a support ticket; `pnpm staff` cannot run while
    // the server holds the embedded database, so the test server grants the flag itself.
    app.post(
      '/test/make-staff/',
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          body: z.strictObject({ username: z.string() }),
          response: { 200: envelope(z.object({ ok: z.literal(true) })) },
        },
      },
      async (request) => {
        const user = await findUserByUsername(deps.db, request.body.username);
        if (!user) throw notFound();
        await deps.db.update(users).set({ is_staff: true }).where(eq(users.id, user.id));
        return { data: { ok: true as const } };
      },
    );
  };
}
