import type { Profile, User } from '@didban/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { users, workspaceMembers, workspaces } from '../db/schema.js';
import { HttpError } from '../http/errors.js';

type UserRow = typeof users.$inferSelect;

export function toUser(
  row: Pick<UserRow, 'id' | 'username' | 'email' | 'profile_image' | 'email_verified_at'>,
): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    profile_image: row.profile_image,
    email_verified: row.email_verified_at !== null,
  };
}

export function findUserById(db: Db, id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export function findUserByUsername(db: Db, username: string) {
  return db.query.users.findFirst({ where: sql`lower(${users.username}) = lower(${username})` });
}

export function findUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({ where: sql`lower(${users.email}) = lower(${email})` });
}

/** Postgres unique violations, wherever the driver or drizzle put them. */
function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505') return constraint ?? message ?? 'unique';
  }
  return null;
}

export const emailTaken = () =>
  new HttpError(400, 'email_taken', 'errors.email_taken', {}, { email: ['errors.email_taken'] });
export const usernameTaken = () =>
  new HttpError(400, 'username_taken', 'errors.username_taken', {}, { username: ['errors.username_taken'] });

/**
 * Create an account with its personal workspace, atomically. Duplicate usernames or emails
 * (case-insensitive) are refused with a field error even when two requests race.
 */
export async function createUser(
  db: Db,
  input: {
    username: string;
    email: string;
    passwordHash: string | null;
    profileImage?: string | null;
    /** Set when someone else already vouched for the address (GitHub's verified email). */
    emailVerified?: boolean;
  },
): Promise<UserRow> {
  if (await findUserByEmail(db, input.email)) throw emailTaken();
  if (await findUserByUsername(db, input.username)) throw usernameTaken();
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          password_hash: input.passwordHash,
          profile_image: input.profileImage ?? null,
          email_verified_at: input.emailVerified ? new Date() : null,
        })
        .returning();
      if (!user) throw new Error('insert returned no row');
      const [workspace] = await tx
        .insert(workspaces)
        .values({ kind: 'personal', name: user.username, owner_id: user.id })
        .returning({ id: workspaces.id });
      await tx
        .insert(workspaceMembers)
        .values({ workspace_id: workspace!.id, user_id: user.id, role: 'owner' });
      return user;
    });
  } catch (error) {
    const violated = uniqueViolation(error);
    if (violated?.includes('email')) throw emailTaken();
    if (violated?.includes('username')) throw usernameTaken();
    throw error;
  }
}

export async function personalWorkspaceId(db: Db, userId: string): Promise<string> {
  const row = await db.query.workspaces.findFirst({
    columns: { id: true },
    where: and(eq(workspaces.owner_id, userId), eq(workspaces.kind, 'personal')),
  });
  if (!row) throw new Error(`user ${userId} has no personal workspace`);
  return row.id;
}

export async function toProfile(db: Db, row: UserRow): Promise<Profile> {
  return {
    ...toUser(row),
    is_staff: row.is_staff,
    date_joined: row.created_at.toISOString(),
    personal_workspace_id: await personalWorkspaceId(db, row.id),
  };
}

/**
 * Change the email. A different address (not just other letter case) is unverified until its
 * owner opens the link sent to it: `changed` tells the caller to send one.
 */
export async function updateEmail(
  db: Db,
  userId: string,
  email: string,
): Promise<{ row: UserRow; changed: boolean }> {
  const other = await findUserByEmail(db, email);
  if (other && other.id !== userId) throw emailTaken();
  const current = await findUserById(db, userId);
  const changed = current?.email.toLowerCase() !== email.toLowerCase();
  try {
    const [row] = await db
      .update(users)
      .set({ email, updated_at: new Date(), ...(changed ? { email_verified_at: null } : {}) })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new Error('user vanished');
    return { row, changed };
  } catch (error) {
    if (uniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
