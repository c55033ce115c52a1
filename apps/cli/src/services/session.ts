import { type SignInInput, signInSchema, type User, validateWith } from '@didban/core';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';

/** Field errors as one line: "email: Enter a valid email address; password: …". */
function fieldErrorsLine(errors: Record<string, string[]>): string {
  return Object.entries(errors)
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; ');
}

/** Remember the session for this server; a new sign-in starts in the personal workspace. */
function saveSession(ctx: Context, token: string, user: User): void {
  ctx.store.update({ server: ctx.settings.server, token, workspace: null });
  ctx.out(ctx.t('login.ok', { server: ctx.settings.server, username: user.username, email: user.email }));
}

/** `POST auth/login/` with the same rules the panel's form applies before sending. */
export async function loginWithPassword(ctx: Context, input: Partial<SignInInput>): Promise<void> {
  const checked = validateWith(signInSchema, input, ctx.lang);
  if (!checked.ok) throw usageError('usage.invalid_fields', { detail: fieldErrorsLine(checked.errors) });
  const session = await ctx.api({ token: undefined, workspace: undefined }).auth.login(checked.value);
  saveSession(ctx, session.access, session.user);
}

/** A token made elsewhere (CI secret, the panel): checked with `POST /token/verify/` before saving. */
export async function loginWithToken(ctx: Context, token: string): Promise<void> {
  const verified = await ctx.api({ token: undefined, workspace: undefined }).auth.verifyToken(token);
  saveSession(ctx, token, verified.user);
}

/** A GitHub session handed over by the browser, verified like any other token. */
export const loginWithHandedToken = loginWithToken;

/**
 * Revoke the stored token on its server (`POST auth/logout/`), then forget it. A server that
 * cannot be reached or already refuses the token still gets it forgotten here: logging out never
 * fails, but only a revoked token is dead for whoever may have copied it.
 */
export async function logout(ctx: Context): Promise<void> {
  const stored = ctx.store.read();
  if (!stored.token) {
    ctx.out(ctx.t('logout.none'));
    return;
  }
  let unrevoked: string | null = null;
  try {
    await ctx.api({ token: stored.token, workspace: undefined }).auth.logout();
  } catch (error) {
    // 401: the token was already dead (expired, signed out elsewhere); anything else is said.
    if ((error as { status?: number }).status !== 401) unrevoked = (error as Error).message;
  }
  ctx.store.update({ token: null, workspace: null });
  ctx.out(ctx.t('logout.ok', { server: stored.server ?? ctx.settings.server }));
  if (unrevoked) ctx.out(unrevoked);
}
