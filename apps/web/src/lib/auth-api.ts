import {
  authProvidersResponse,
  emailVerifyResponse,
  envelope,
  githubEndpointResponse,
  githubSessionSchema,
  type SignInInput,
  type SignUpInput,
  sessionSchema,
  tokenVerifyResponse,
} from '@didban/core';
import { http } from './http';

const unwrap = <T>(p: Promise<{ data: T }>) => p.then((body) => body.data);

/**
 * The account calls of spec §7 with core's schemas. Mirrors core's `authEndpoints` (not exported
 * from the core barrel) so the sign-in chunk need not carry the whole client; use core's once it
 * is exported.
 */
export const authApi = {
  login: (body: SignInInput) => unwrap(http.post('auth/login/', body, envelope(sessionSchema))),
  register: (body: SignUpInput) => unwrap(http.post('auth/register/', body, envelope(sessionSchema))),
  verifyToken: (token: string) =>
    unwrap(http.post('/token/verify/', { token }, envelope(tokenVerifyResponse))),
  providers: () => unwrap(http.get('auth/providers/', envelope(authProvidersResponse))),
  githubEndpoint: () => unwrap(http.get('auth/github/get-endpoint/', envelope(githubEndpointResponse))),
  githubExchange: (code: string, state: string) =>
    unwrap(http.post('auth/github/callback/', { code, state }, envelope(githubSessionSchema))),
  verifyEmail: (token: string) =>
    unwrap(http.post('auth/verify-email/', { token }, envelope(emailVerifyResponse))),
};
