import { z } from 'zod';
import {
  authProvidersResponse,
  emailVerifyResponse,
  githubEndpointResponse,
  githubSessionSchema,
  resendVerificationResponse,
  sessionSchema,
  tokenVerifyResponse,
} from '../contract/auth.js';
import { envelope } from '../contract/envelope.js';
import { profileSchema } from '../contract/user.js';
import type { ProfileUpdateInput, SignInInput, SignUpInput } from '../validation/auth.js';
import type { Http } from './api-client.js';

const unwrap = <T>(p: Promise<{ data: T }>) => p.then((body) => body.data);

/** Typed calls of spec §7 (account and panel). Each resolves to the envelope's `data`. */
export function authEndpoints(http: Http) {
  return {
    login: (body: SignInInput) => unwrap(http.post('auth/login/', body, envelope(sessionSchema))),
    register: (body: SignUpInput) => unwrap(http.post('auth/register/', body, envelope(sessionSchema))),
    verifyToken: (token: string) =>
      unwrap(http.post('/token/verify/', { token }, envelope(tokenVerifyResponse))),
    /** Which external sign-ins the server offers (public). */
    providers: () => unwrap(http.get('auth/providers/', envelope(authProvidersResponse))),
    githubEndpoint: (redirectUri?: string) =>
      unwrap(
        http.get(
          'auth/github/get-endpoint/',
          envelope(githubEndpointResponse),
          redirectUri ? { redirect_uri: redirectUri } : undefined,
        ),
      ),
    githubExchange: (code: string, state: string) =>
      unwrap(http.post('auth/github/callback/', { code, state }, envelope(githubSessionSchema))),
    /** Confirm an email address with the token of the emailed link. */
    verifyEmail: (token: string) =>
      unwrap(http.post('auth/verify-email/', { token }, envelope(emailVerifyResponse))),
  };
}

export function profileEndpoints(http: Http) {
  return {
    get: () => unwrap(http.get('panel/profile/', envelope(profileSchema))),
    update: (body: ProfileUpdateInput) => unwrap(http.patch('panel/profile/', body, envelope(profileSchema))),
    /** Send the verification link again to the current (unverified) email. */
    resendVerification: () =>
      unwrap(http.post('panel/profile/resend-verification/', {}, envelope(resendVerificationResponse))),
  };
}

export const okSchema = envelope(z.object({ ok: z.literal(true) }));
