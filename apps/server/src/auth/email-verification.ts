import { type Lang, translate } from '@didban/core';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../app-deps.js';
import { users } from '../db/schema.js';
import { HttpError } from '../http/errors.js';

/** How long an emailed link works. */
export const VERIFY_LINK_HOURS = 48;

type Recipient = { id: string; username: string; email: string };

/** The panel page that confirms an address (apps/web route /auth/verify-email). */
export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
}

/**
 * Email a signed, expiring link that confirms `user.email`. The token names the address, so a
 * link sent before an email change cannot confirm the new one. Sending happens in the
 * background: a slow or failing SMTP server never fails a sign-up (the failure is logged and
 * the user can ask again from the profile); with no SMTP the mailer logs the message.
 */
export async function sendVerificationEmail(
  deps: Pick<AppDeps, 'tokens' | 'mailer' | 'config'>,
  user: Recipient,
  lang: Lang,
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  const { token } = await deps.tokens.sign('email-verify', user.id, VERIFY_LINK_HOURS * 3600, {
    email: user.email.toLowerCase(),
  });
  const link = verificationLink(deps.config.publicUrl, token);
  deps.mailer
    .send({
      to: user.email,
      subject: translate('mail.verify_subject', lang),
      text: translate('mail.verify_body', lang, {
        username: user.username,
        email: user.email,
        link,
        hours: VERIFY_LINK_HOURS,
      }),
    })
    .catch((error: unknown) =>
      log.warn({ err: error, userId: user.id }, 'the verification email could not be sent'),
    );
}

const invalidLink = () => new HttpError(400, 'email_verify_invalid', 'errors.email_verify_invalid');

/**
 * Mark the address of a verification token as confirmed. Refused (400) when the token is not
 * genuine or expired, or the account's email is no longer the one the link was sent to.
 * Opening the same link twice is harmless.
 */
export async function confirmEmail(deps: Pick<AppDeps, 'tokens' | 'db'>, token: string) {
  const verified = await deps.tokens.verify('email-verify', token);
  const email = verified?.claims.email;
  if (!verified || typeof email !== 'string') throw invalidLink();
  const [row] = await deps.db
    .update(users)
    .set({ email_verified_at: sql`coalesce(${users.email_verified_at}, now())` })
    .where(sql`${users.id}::text = ${verified.sub} and lower(${users.email}) = ${email}`)
    .returning({ email: users.email });
  if (!row) throw invalidLink();
  return row;
}
