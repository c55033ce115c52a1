/**
 * Per-account sign-in throttling, beside the per-address rate limit (which many source addresses
 * get around): after 5 wrong passwords within 15 minutes the account refuses every sign-in — the
 * right password too — for 1 minute, doubling with each further failure up to an hour. The owner
 * is told when the lock starts (a notification and an email with a reset link).
 */
import { translate } from '@didban/core';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../app-deps.js';
import { users } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { notifyUsers } from '../notifications/notify.js';

export const FAILURES_BEFORE_LOCK = 5;
const WINDOW_MINUTES = 15;
const MAX_LOCK_MINUTES = 60;

type Account = typeof users.$inferSelect;

/** 429 with Retry-After while the account is locked. */
export function assertNotLocked(user: Account | undefined) {
  const until = user?.login_locked_until;
  if (!until || until.getTime() <= Date.now()) return;
  const seconds = Math.ceil((until.getTime() - Date.now()) / 1000);
  throw new HttpError(429, 'account_locked', 'errors.account_locked', {
    minutes: Math.ceil(seconds / 60),
  }).withHeaders({ 'retry-after': String(seconds) });
}

/** Count a wrong password; lock (and tell the owner) once the window holds too many. */
export async function recordFailedSignIn(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  user: Account,
  log: { warn(obj: object, msg: string): void },
) {
  const [row] = await deps.db
    .update(users)
    .set({
      failed_logins: sql`case when ${users.failed_logins_since} is null
        or ${users.failed_logins_since} < now() - make_interval(mins => ${WINDOW_MINUTES})
        then 1 else ${users.failed_logins} + 1 end`,
      failed_logins_since: sql`case when ${users.failed_logins_since} is null
        or ${users.failed_logins_since} < now() - make_interval(mins => ${WINDOW_MINUTES})
        then now() else ${users.failed_logins_since} end`,
    })
    .where(eq(users.id, user.id))
    .returning({ failures: users.failed_logins });
  const failures = row?.failures ?? 0;
  if (failures < FAILURES_BEFORE_LOCK) return;
  const minutes = Math.min(MAX_LOCK_MINUTES, 2 ** (failures - FAILURES_BEFORE_LOCK));
  await deps.db
    .update(users)
    .set({ login_locked_until: sql`now() + make_interval(mins => ${minutes})` })
    .where(eq(users.id, user.id));
  if (failures !== FAILURES_BEFORE_LOCK) return;
  await notifyUsers(deps.db, [user.id], {
    key: 'notify.login_locked',
    params: { minutes, count: failures },
    link: '/settings/security',
  });
  const link = `${deps.config.publicUrl}/auth/forgot-password`;
  deps.mailer
    .send({
      to: user.email,
      subject: translate('mail.locked_subject', 'en'),
      text: `${translate('mail.locked_body', 'en', { username: user.username, count: failures, minutes, link })}\n\n---\n\n${translate('mail.locked_body', 'fa', { username: user.username, count: failures, minutes, link })}`,
    })
    .catch((error: unknown) =>
      log.warn({ err: error, userId: user.id }, 'the lock notice could not be mailed'),
    );
}

/** A right password ends the run of failures. */
export async function clearFailedSignIns(deps: Pick<AppDeps, 'db'>, user: Account) {
  if (user.failed_logins === 0 && !user.login_locked_until) return;
  await deps.db
    .update(users)
    .set({ failed_logins: 0, failed_logins_since: null, login_locked_until: null })
    .where(eq(users.id, user.id));
}
