import { z } from 'zod';
import {
  type PasswordChangeInput,
  type PasswordForgotInput,
  type PasswordResetInput,
  passwordForgotResponse,
  signedOutResponse,
} from '../contract/account-security.js';
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
    /** Sign out: this token stops working on the server at once. */
    logout: () => unwrap(http.post('auth/logout/', {}, envelope(signedOutResponse))),
    /** Sign out everywhere: every token of the account stops working, this one too. */
    logoutAll: () => unwrap(http.post('auth/logout-all/', {}, envelope(signedOutResponse))),
    /** Change the password; answers a fresh session (every other one is signed out). */
    changePassword: (body: PasswordChangeInput) =>
      unwrap(http.post('auth/password/', body, envelope(sessionSchema))),
    /** Mail a reset link (the same answer whether the address has an account or not). */
    forgotPassword: (body: PasswordForgotInput) =>
      unwrap(http.post('auth/password/forgot/', body, envelope(passwordForgotResponse))),
    /** Set a new password with the emailed link's token; answers a session. */
    resetPassword: (body: PasswordResetInput) =>
      unwrap(http.post('auth/password/reset/', body, envelope(sessionSchema))),
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
