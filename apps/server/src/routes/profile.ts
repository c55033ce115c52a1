import { envelope, profileSchema, profileUpdateSchema, resendVerificationResponse } from '@didban/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps.js';
import { sendVerificationEmail } from '../auth/email-verification.js';
import { findUserById, toProfile, updateEmail } from '../auth/users.js';
import { currentUser } from '../http/access.js';
import { HttpError, notFound } from '../http/errors.js';

/**
 * Calls that email a verification link: 5 a minute per account (access control has identified
 * the caller by then), not per address, so changing addresses does not escape it.
 */
const mailsPerAccount = {
  max: 5,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
};

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
        // Every new address gets a verification email: unlimited changes would let one account
        // mail any addresses as fast as it likes through the operator's SMTP.
        config: { access: 'user', rateLimit: mailsPerAccount },
        schema: {
          tags: ['account'],
          summary: 'Change my email (the username cannot be changed)',
          body: profileUpdateSchema,
          response: { 200: envelope(profileSchema) },
        },
      },
      async (request) => {
        const { row, changed } = await updateEmail(deps.db, currentUser(request).id, request.body.email);
        // A new address is unverified until its owner opens the link sent to it.
        if (changed) await sendVerificationEmail(deps, row, request.lang, request.log);
        return { data: await toProfile(deps.db, row) };
      },
    );

    app.post(
      '/panel/profile/resend-verification/',
      {
        config: {
          access: 'user',
          rateLimit: mailsPerAccount,
        },
        schema: {
          tags: ['account'],
          summary: 'Email the verification link for my current address again',
          response: { 200: envelope(resendVerificationResponse) },
        },
      },
      async (request) => {
        const row = await findUserById(deps.db, currentUser(request).id);
        if (!row) throw notFound();
        if (row.email_verified_at) {
          throw new HttpError(409, 'email_already_verified', 'errors.email_already_verified');
        }
        await sendVerificationEmail(deps, row, request.lang, request.log);
        return { data: { email: row.email, sent: true as const } };
      },
    );
  };
}
