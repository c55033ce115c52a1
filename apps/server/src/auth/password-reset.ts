/**
 * "Forgot password": a signed link valid for 30 minutes, mailed through the server's mailer
 * (logged for the operator when there is no SMTP). The link carries a fingerprint of the
 * account's password hash and token version, so it works once: the reset changes both. The
 * request answers the same whether the address has an account or not, and each address gets at
 * most a few links per quarter hour (the route is throttled per client address too).
 */
import { createHash } from 'node:crypto';
import { type Lang, translate } from '@didban/core';
import type { AppDeps } from '../app-deps.js';
import { findUserByEmail } from './users.js';

export const RESET_LINK_MINUTES = 30;
const MAILS_PER_ADDRESS = 3;
const ADDRESS_WINDOW_MS = 15 * 60_000;

/** The panel page that sets a new password (apps/web route /auth/reset-password). */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
}

/** Changes whenever the password or the token version does, ending every earlier link. */
export function resetFingerprint(user: { password_hash: string | null; token_version: number }) {
  return createHash('sha256')
    .update(`${user.password_hash ?? ''}\u0000${user.token_version}`)
    .digest('base64url')
    .slice(0, 22);
}

/** Per-address sends, in this process (several servers each keep their own count). */
const sentTo = new Map<string, number[]>();
function addressAllows(email: string): boolean {
  const now = Date.now();
  const recent = (sentTo.get(email) ?? []).filter((t) => now - t < ADDRESS_WINDOW_MS);
  if (recent.length >= MAILS_PER_ADDRESS) return false;
  recent.push(now);
  sentTo.set(email, recent);
  if (sentTo.size > 10_000) sentTo.delete(sentTo.keys().next().value!);
  return true;
}

/** Mail a reset link when the address has an account and is under its limit; silent otherwise. */
export async function requestPasswordReset(
  deps: Pick<AppDeps, 'db' | 'tokens' | 'mailer' | 'config'>,
  email: string,
  lang: Lang,
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  const address = email.trim().toLowerCase();
  const user = await findUserByEmail(deps.db, address);
  if (!user || !addressAllows(address)) return;
  const { token } = await deps.tokens.sign('password-reset', user.id, RESET_LINK_MINUTES * 60, {
    email: user.email.toLowerCase(),
    fp: resetFingerprint(user),
  });
  const link = resetLink(deps.config.publicUrl, token);
  // In the background: the answer must not take longer when the address exists.
  deps.mailer
    .send({
      to: user.email,
      subject: translate('mail.reset_subject', lang),
      text: translate('mail.reset_body', lang, {
        username: user.username,
        link,
        minutes: RESET_LINK_MINUTES,
      }),
    })
    .catch((error: unknown) =>
      log.warn({ err: error, userId: user.id }, 'the reset email could not be sent'),
    );
}
