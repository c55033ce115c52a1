/**
 * An unverified account never blocks the owner of a verified address (issue 35). Anyone can sign
 * up with someone else's address. A GitHub sign-in with that address verified takes it from the
 * unverified account (which keeps its data and sessions under a placeholder address it is told
 * to replace) and gives it to a fresh account of the GitHub user; the squatter's activity log
 * records it and the squatter is notified. A password-reset link opened from that mailbox hands
 * the account itself to the mailbox's owner (its password replaced, every session signed out,
 * the address verified) — the common case being a real owner who never clicked the
 * verification link — and its activity log records that too.
 */
import { randomBytes } from 'node:crypto';
import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { users } from '../db/schema.js';
import { notifyUsers } from '../notifications/notify.js';
import type { Tx } from '../queue/task-kinds.js';
import { logActivity } from '../teams/activity.js';
import { createUser, findUserByUsername, personalWorkspaceId } from './users.js';

type Account = typeof users.$inferSelect;

/**
 * Take `email` from the unverified account holding it, if any, leaving it a placeholder no mail
 * goes to (RFC 2606 `.invalid`), unique per account. Returns that account when the
 * address was taken (nothing when a verified account holds it or nobody does).
 */
export async function takeFromUnverified(db: Db, email: string): Promise<Account | null> {
  const [squatter] = await db
    .update(users)
    .set({ email: sql`'reclaimed-' || ${users.id}::text || '@reclaimed.invalid'`, updated_at: new Date() })
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.email_verified_at)))
    .returning();
  return squatter ?? null;
}

/** A free username from the address's local part (the sign-up rules' characters). */
async function usernameFor(db: Db, email: string, wanted?: string) {
  const base =
    (wanted ?? email.split('@')[0] ?? 'user').replace(/[^\p{L}\p{N}._-]/gu, '').slice(0, 40) || 'user';
  const name = base.length >= 3 ? base : `${base}-user`;
  return (await findUserByUsername(db, name)) ? `${name}-${randomBytes(3).toString('hex')}` : name;
}

/** The owner's new account with the verified address; the squatter's log and bell say so. */
export async function reclaimAddress(
  db: Db,
  squatter: Account,
  email: string,
  owner: { passwordHash: string | null; username?: string; profileImage?: string | null },
): Promise<Account> {
  const created = await createUser(db, {
    username: await usernameFor(db, email, owner.username),
    email,
    passwordHash: owner.passwordHash,
    profileImage: owner.profileImage ?? null,
    emailVerified: true,
  });
  const workspaceId = await personalWorkspaceId(db, squatter.id);
  await logActivity(db, {
    workspaceId,
    action: 'account.email_reclaimed',
    actor: { id: created.id, username: created.username },
    target: { id: squatter.id, username: squatter.username },
    details: { email },
  });
  await notifyUsers(db, [squatter.id], {
    key: 'notify.email_reclaimed',
    params: { email },
    link: '/settings/profile',
    workspaceId,
  });
  return created;
}

/** The log line of a reset that proved an unverified address (the reset route's transaction). */
export async function recordResetReclaim(tx: Tx, account: Account) {
  await logActivity(tx, {
    workspaceId: await personalWorkspaceId(tx as unknown as Db, account.id),
    action: 'account.reset_reclaimed',
    actor: { id: account.id, username: account.username },
    details: { email: account.email },
  });
}
