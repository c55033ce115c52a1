import { z } from 'zod';
import { userSchema } from './user.js';

/** `POST auth/login/` and `POST auth/register/` answer with a session. */
export const sessionSchema = z.object({ access: z.string(), user: userSchema });
export type Session = z.infer<typeof sessionSchema>;

/** The GitHub exchange answers a session, plus where to hand it on when the terminal client asked. */
export const githubSessionSchema = sessionSchema.extend({ cli_redirect: z.string().optional() });
export type GithubSession = z.infer<typeof githubSessionSchema>;

export const tokenVerifyRequest = z.strictObject({ token: z.string().min(1).max(4096) });
export const tokenVerifyResponse = z.object({
  valid: z.literal(true),
  user: userSchema,
  expires_at: z.string(),
});
export type TokenVerifyResponse = z.infer<typeof tokenVerifyResponse>;

/** `GET auth/github/get-endpoint/`: the GitHub authorize URL to send the browser to. */
export const githubEndpointQuery = z.object({
  // The terminal client asks GitHub to come back to a one-shot listener on 127.0.0.1.
  redirect_uri: z.string().max(2048).optional(),
});
export const githubEndpointResponse = z.object({ url: z.string() });

/** `GET auth/providers/`: the external sign-ins this server offers (GitHub only when configured). */
export const authProvidersResponse = z.object({ github: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersResponse>;

/** The callback page posts what GitHub gave it back; the server answers a Didban session. */
export const githubExchangeRequest = z.strictObject({
  code: z.string().min(1).max(512),
  state: z.string().min(1).max(4096),
});

/** `POST auth/verify-email/`: the token from the emailed link. */
export const emailVerifyRequest = z.strictObject({ token: z.string().min(1).max(4096) });
export const emailVerifyResponse = z.object({ email: z.string(), verified: z.literal(true) });
export type EmailVerifyResponse = z.infer<typeof emailVerifyResponse>;

/** `POST panel/profile/resend-verification/`: where the new link went. */
export const resendVerificationResponse = z.object({ email: z.string(), sent: z.literal(true) });
