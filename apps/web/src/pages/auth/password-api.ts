import {
  envelope,
  type PasswordForgotInput,
  type PasswordResetInput,
  passwordForgotResponse,
  sessionSchema,
} from '@didban/core';
import { http } from '../../lib/http';

const unwrap = <T>(p: Promise<{ data: T }>) => p.then((body) => body.data);

/**
 * "Forgot password" and the reset link's calls (issue 35), as core's `auth` endpoints make them,
 * without the whole client in these small pages' chunks.
 */
export const passwordApi = {
  forgot: (body: PasswordForgotInput) =>
    unwrap(http.post('auth/password/forgot/', body, envelope(passwordForgotResponse))),
  reset: (body: PasswordResetInput) =>
    unwrap(http.post('auth/password/reset/', body, envelope(sessionSchema))),
};
