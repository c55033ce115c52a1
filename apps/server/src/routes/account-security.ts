/**
 * Account security (issue 35): change password, forgotten password and reset by the emailed
 * link, sign out of this session and of every session.
 */
import {
  envelope,
  passwordChangeRequest,
  passwordForgotRequest,
  passwordForgotResponse,
  passwordResetRequest,
  sessionSchema,
  signedOutResponse,
} from '@didban/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps.js';
import { recordResetReclaim } from '../auth/address-ownership.js';
import { assertPasswordAllowed } from '../auth/password-policy.js';
import { requestPasswordReset, resetFingerprint } from '../auth/password-reset.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { raiseTokenVersion, revokeToken } from '../auth/sessions.js';
import { findUserById, toUser } from '../auth/users.js';
import { users } from '../db/schema.js';
import { currentUser } from '../http/access.js';
import { HttpError, notFound } from '../http/errors.js';

const resetInvalid = () => new HttpError(400, 'reset_link_invalid', 'errors.reset_link_invalid');

/** Password changes: 5 a minute per account, so a stolen session cannot guess the old password fast. */
const perAccount = {
  max: 5,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
};

export function accountSecurityRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const perAddress = { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' };

  return async (app) => {
    app.post(
      '/auth/logout/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['auth'],
          summary: 'Sign out: this access token stops working at once (other sessions go on)',
          response: { 200: envelope(signedOutResponse) },
        },
      },
      async (request) => {
        const token = request.accessToken;
        if (token) await revokeToken(deps.db, currentUser(request).id, token);
        return { data: { signed_out: true as const } };
      },
    );

    app.post(
      '/auth/logout-all/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['auth'],
          summary: 'Sign out everywhere: every access token of the account stops working, this one too',
          response: { 200: envelope(signedOutResponse) },
        },
      },
      async (request) => {
        await raiseTokenVersion(deps.db, currentUser(request).id);
        return { data: { signed_out: true as const } };
      },
    );

    app.post(
      '/auth/password/',
      {
        config: { access: 'user', rateLimit: perAccount },
        schema: {
          tags: ['auth'],
          summary:
            'Change my password (the current one required); every other session is signed out, this one gets a fresh token',
          body: passwordChangeRequest,
          response: { 200: envelope(sessionSchema) },
        },
      },
      async (request) => {
        const user = await findUserById(deps.db, currentUser(request).id);
        if (!user) throw notFound();
        if (!user.password_hash) throw new HttpError(400, 'no_password_set', 'errors.no_password_set');
        const { old_password, new_password } = request.body;
        if (!(await verifyPassword(user.password_hash, old_password)))
          throw new HttpError(
            400,
            'old_password_wrong',
            'errors.old_password_wrong',
            {},
            { old_password: ['errors.old_password_wrong'] },
          );
        if (old_password === new_password)
          throw new HttpError(
            400,
            'validation',
            'errors.validation',
            {},
            { new_password: ['auth.new_password_same'] },
          );
        assertPasswordAllowed(new_password, user, 'new_password');
        const hash = await hashPassword(new_password);
        const [row] = await deps.db
          .update(users)
          .set({
            password_hash: hash,
            token_version: sql`${users.token_version} + 1`,
            failed_logins: 0,
            failed_logins_since: null,
            login_locked_until: null,
            updated_at: new Date(),
          })
          .where(eq(users.id, user.id))
          .returning();
        const { token } = await deps.tokens.issueAccess(row!.id, row!.token_version);
        request.log.info({ userId: user.id }, 'password changed; other sessions signed out');
        return { data: { access: token, user: toUser(row!) } };
      },
    );

    app.post(
      '/auth/password/forgot/',
      {
        config: { access: 'public', rateLimit: perAddress },
        schema: {
          tags: ['auth'],
          summary:
            'Email a single-use link to reset the password (the same answer whether the address has an account or not)',
          body: passwordForgotRequest,
          response: { 202: envelope(passwordForgotResponse) },
        },
      },
      async (request, reply) => {
        await requestPasswordReset(deps, request.body.email, request.lang, request.log);
        return reply.code(202).send({ data: { sent: true as const } });
      },
    );

    app.post(
      '/auth/password/reset/',
      {
        config: { access: 'public', rateLimit: perAddress },
        schema: {
          tags: ['auth'],
          summary:
            'Set a new password with the emailed link (works once, for 30 minutes); signs out every session and signs in',
          body: passwordResetRequest,
          response: { 200: envelope(sessionSchema) },
        },
      },
      async (request) => {
        const claims = await deps.tokens.verify('password-reset', request.body.token);
        const user = claims ? await findUserById(deps.db, claims.sub) : undefined;
        if (
          !claims ||
          !user ||
          claims.claims.fp !== resetFingerprint(user) ||
          claims.claims.email !== user.email.toLowerCase()
        )
          throw resetInvalid();
        assertPasswordAllowed(request.body.new_password, user, 'new_password');
        const hash = await hashPassword(request.body.new_password);
        const row = await deps.db.transaction(async (tx) => {
          const [updated] = await tx
            .update(users)
            .set({
              password_hash: hash,
              token_version: sql`${users.token_version} + 1`,
              failed_logins: 0,
              failed_logins_since: null,
              login_locked_until: null,
              // The link reached this mailbox: the address is proven.
              email_verified_at: sql`coalesce(${users.email_verified_at}, now())`,
              updated_at: new Date(),
            })
            // The fingerprint again, inside the update: two resets racing with one link cannot both pass.
            .where(sql`${users.id} = ${user.id} and ${users.token_version} = ${user.token_version}`)
            .returning();
          if (!updated) throw resetInvalid();
          // Whoever signed up with this address never proved it; the mailbox's owner just did, and
          // the account is theirs now: a squatter's password and sessions are gone.
          if (!user.email_verified_at) await recordResetReclaim(tx, updated);
          return updated;
        });
        const { token } = await deps.tokens.issueAccess(row.id, row.token_version);
        request.log.info({ userId: row.id }, 'password reset by emailed link; every session signed out');
        return { data: { access: token, user: toUser(row) } };
      },
    );
  };
}
