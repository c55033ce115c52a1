import {
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
import { accountForGithub } from '../auth/github/sign-in.js';
import { toUser } from '../auth/users.js';
import { HttpError } from '../http/errors.js';

const STATE_TTL_SECONDS = 600;

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

  return async (app) => {
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
      async (request) => {
        if (!deps.config.github) throw notConfigured();
        const cliRedirect = request.query.redirect_uri;
        if (cliRedirect !== undefined && !isLoopbackRedirect(cliRedirect)) {
          throw new HttpError(400, 'redirect_not_allowed', 'errors.redirect_not_allowed');
        }
        const { token: state } = await deps.tokens.sign('github-state', 'github', STATE_TTL_SECONDS, {
          cli_redirect: cliRedirect,
        });
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
        const state = await deps.tokens.verify('github-state', request.body.state);
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
        const { token } = await deps.tokens.issueAccess(user.id);
        const cliRedirect =
          typeof state.claims.cli_redirect === 'string' ? state.claims.cli_redirect : undefined;
        return {
          data: { access: token, user: toUser(user), ...(cliRedirect ? { cli_redirect: cliRedirect } : {}) },
        };
      },
    );
  };
}
