import {
  authProvidersResponse,
  envelope,
  githubEndpointQuery,
  githubEndpointResponse,
  githubExchangeRequest,
  githubSessionSchema,
} from '@didban/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { createGithubClient, GithubExchangeError } from '../auth/github/oauth-client.js';
import {
  BROWSER_COOKIE,
  browserNonce,
  consumeState,
  createState,
  STATE_TTL_SECONDS,
} from '../auth/github/oauth-state.js';
import { accountForGithub } from '../auth/github/sign-in.js';
import { toUser } from '../auth/users.js';
import { HttpError } from '../http/errors.js';

/** The terminal client may ask to be handed the session on a one-shot listener on loopback. */
function isLoopbackRedirect(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'http:' &&
      ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) &&
      url.port !== ''
    );
  } catch {
    return false;
  }
}

const exchangeResponse = envelope(githubSessionSchema);

export function githubRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const notConfigured = () => new HttpError(501, 'github_not_configured', 'errors.github_not_configured');
  // GitHub always comes back to the panel's callback page, registered once in the OAuth app.
  const callbackUrl = `${deps.config.publicUrl}/auth/github-callback`;
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.config.publicUrl.startsWith('https:'),
    // Sent only to the sign-in calls, never to the rest of the API.
    path: '/api/v1/auth/github/',
    maxAge: STATE_TTL_SECONDS,
  };

  return async (app) => {
    // The panel shows "Sign in with GitHub" only when this says so.
    app.get(
      '/auth/providers/',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'The external sign-ins this server offers',
          response: { 200: envelope(authProvidersResponse) },
        },
      },
      async () => ({ data: { github: deps.config.github !== undefined } }),
    );

    app.get(
      '/auth/github/get-endpoint/',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'The GitHub authorize URL to send the browser to',
          querystring: githubEndpointQuery,
          response: { 200: envelope(githubEndpointResponse) },
        },
      },
      async (request, reply) => {
        if (!deps.config.github) throw notConfigured();
        const cliRedirect = request.query.redirect_uri;
        if (cliRedirect !== undefined && !isLoopbackRedirect(cliRedirect)) {
          throw new HttpError(400, 'redirect_not_allowed', 'errors.redirect_not_allowed');
        }
        let state: string;
        if (cliRedirect !== undefined) {
          state = await createState(deps.db, { cliRedirect });
        } else {
          // The panel: the state only works back in this browser (login CSRF: nobody can make
          // a victim's browser finish a sign-in the attacker started).
          const nonce = browserNonce(request.cookies[BROWSER_COOKIE]);
          reply.setCookie(BROWSER_COOKIE, nonce, cookieOptions);
          state = await createState(deps.db, { nonce });
        }
        return { data: { url: createGithubClient(deps.config.github).authorizeUrl(callbackUrl, state) } };
      },
    );

    app.post(
      '/auth/github/callback/',
      {
        config: {
          access: 'public',
          rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' },
        },
        schema: {
          tags: ['auth'],
          summary: "Turn GitHub's code into a Didban session (creating or linking the account)",
          body: githubExchangeRequest,
          response: { 200: exchangeResponse },
        },
      },
      async (request) => {
        if (!deps.config.github) throw notConfigured();
        // Used up before GitHub is asked, so two callbacks racing with one state cannot both pass.
        const state = await consumeState(deps.db, request.body.state, request.cookies[BROWSER_COOKIE]);
        if (!state) throw new HttpError(400, 'github_state', 'errors.github_state');
        let identity: Awaited<ReturnType<ReturnType<typeof createGithubClient>['identify']>>;
        try {
          identity = await createGithubClient(deps.config.github).identify(request.body.code, callbackUrl);
        } catch (error) {
          request.log.warn({ reason: (error as Error).message }, 'github exchange failed');
          if (
            error instanceof GithubExchangeError ||
            error instanceof z.ZodError ||
            error instanceof TypeError
          ) {
            throw new HttpError(400, 'github_failed', 'errors.github_failed');
          }
          throw error;
        }
        const user = await accountForGithub(deps.db, identity);
        const { token } = await deps.tokens.issueAccess(user.id, user.token_version);
        const cliRedirect = state.cliRedirect;
        return {
          data: { access: token, user: toUser(user), ...(cliRedirect ? { cli_redirect: cliRedirect } : {}) },
        };
      },
    );
  };
}
