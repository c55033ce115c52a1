import { envelope, profileSchema, profileUpdateSchema } from '@didban/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps.js';
import { findUserById, toProfile, updateEmail } from '../auth/users.js';
import { currentUser } from '../http/access.js';
import { notFound } from '../http/errors.js';

/** The signed-in user's own account (spec §2 Settings → Profile: username read-only, email editable). */
export function profileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/panel/profile/',
      {
        config: { access: 'user' },
        schema: { tags: ['account'], summary: 'Read my profile', response: { 200: envelope(profileSchema) } },
      },
      async (request) => {
        const row = await findUserById(deps.db, currentUser(request).id);
        if (!row) throw notFound();
        return { data: await toProfile(deps.db, row) };
      },
    );

    app.patch(
      '/panel/profile/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['account'],
          summary: 'Change my email (the username cannot be changed)',
          body: profileUpdateSchema,
          response: { 200: envelope(profileSchema) },
        },
      },
      async (request) => {
        const row = await updateEmail(deps.db, currentUser(request).id, request.body.email);
        return { data: await toProfile(deps.db, row) };
      },
    );
  };
}
