import {
  emailVerifyRequest,
  emailVerifyResponse,
  envelope,
  sessionSchema,
  signInSchema,
  signUpSchema,
  tokenVerifyRequest,
  tokenVerifyResponse,
} from '@didban/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps.js';
import { confirmEmail, sendVerificationEmail } from '../auth/email-verification.js';
import { assertNotLocked, clearFailedSignIns, recordFailedSignIn } from '../auth/login-throttle.js';
import { assertPasswordAllowed } from '../auth/password-policy.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import {
  createUser,
  emailTaken,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  toUser,
  usernameTaken,
} from '../auth/users.js';
import { HttpError } from '../http/errors.js';
import { identify } from '../http/identify.js';

const invalidCredentials = () => new HttpError(400, 'invalid_credentials', 'errors.invalid_credentials');

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const rateLimit = { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' };

  return async (app) => {
    app.post(
      '/auth/register/',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags: ['auth'],
          summary: 'Create an account and sign in',
          body: signUpSchema,
          response: { 201: envelope(sessionSchema) },
        },
      },
      async (request, reply) => {
        const { username, email, password } = request.body;
        // A taken name or address is said first, as before the password rules existed.
        if (await findUserByEmail(deps.db, email)) throw emailTaken();
        if (await findUserByUsername(deps.db, username)) throw usernameTaken();
        assertPasswordAllowed(password, { username, email }, 'password');
        const user = await createUser(deps.db, {
          username,
          email,
          passwordHash: await hashPassword(password),
        });
        // Signed up is signed in (spec); the address is confirmed by the emailed link, and until
        // then GitHub sign-in does not attach to this account through it.
        await sendVerificationEmail(deps, user, request.lang, request.log);
        const { token } = await deps.tokens.issueAccess(user.id, user.token_version);
        request.log.info({ userId: user.id }, 'account created');
        return reply.status(201).send({ data: { access: token, user: toUser(user) } });
      },
    );

    app.post(
      '/auth/login/',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with username, email and password',
          body: signInSchema,
          response: { 200: envelope(sessionSchema) },
        },
      },
      async (request) => {
        const { username, email, password } = request.body;
        const user = await findUserByUsername(deps.db, username);
        // Locked after too many wrong passwords, from however many addresses: even the right one waits.
        assertNotLocked(user);
        // Same answer (and the same argon2 work) whether the user exists or not.
        const passwordOk = await verifyPassword(user?.password_hash, password);
        if (!user || !passwordOk || user.email.toLowerCase() !== email.toLowerCase()) {
          if (user && !passwordOk) await recordFailedSignIn(deps, user, request.log);
          throw invalidCredentials();
        }
        await clearFailedSignIns(deps, user);
        const { token } = await deps.tokens.issueAccess(user.id, user.token_version);
        return { data: { access: token, user: toUser(user) } };
      },
    );

    app.post(
      '/auth/verify-email/',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags: ['auth'],
          summary: 'Confirm an email address with the token of the emailed link',
          body: emailVerifyRequest,
          response: { 200: envelope(emailVerifyResponse) },
        },
      },
      async (request) => {
        const { email } = await confirmEmail(deps, request.body.token);
        return { data: { email, verified: true as const } };
      },
    );

    // Spec §7 writes this one outside panel/ and with a leading slash; it still lives under /api/v1.
    app.post(
      '/token/verify/',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Check that an access token is genuine and unexpired',
          body: tokenVerifyRequest,
          response: { 200: envelope(tokenVerifyResponse) },
        },
      },
      async (request) => {
        const claims = await deps.tokens.verifyAccess(request.body.token);
        // Signed out (this token or everywhere) counts as invalid, as on every other call.
        const live = claims ? await identify(deps.db, claims, undefined) : null;
        const user = live ? await findUserById(deps.db, live.user.id) : undefined;
        if (!claims || !user) throw new HttpError(401, 'token_invalid', 'errors.token_invalid');
        return {
          data: { valid: true as const, user: toUser(user), expires_at: claims.expiresAt.toISOString() },
        };
      },
    );
  };
}
