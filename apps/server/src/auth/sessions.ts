/**
 * Ending access tokens before they expire. "Sign out" lists this token's id in revoked_tokens
 * (kept until the token would have expired anyway); "sign out everywhere" and a password change
 * raise the account's token version, which every older token carries and identify() compares.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { revokedTokens, users } from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';

/** This one token stops working; the account's other sessions go on. */
export async function revokeToken(db: Db, userId: string, token: { jti: string | null; expiresAt: Date }) {
  // A token from before token ids cannot be listed alone: it goes with all the account's.
  if (!token.jti) return void (await raiseTokenVersion(db, userId));
  await db
    .insert(revokedTokens)
    .values({ jti: token.jti, user_id: userId, expires_at: token.expiresAt })
    .onConflictDoNothing();
  // Rows past their token's expiry prove nothing any more.
  await db.delete(revokedTokens).where(lt(revokedTokens.expires_at, sql`now()`));
}

/** Every token issued so far stops working; returns the new version for a fresh token. */
export async function raiseTokenVersion(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ token_version: sql`${users.token_version} + 1`, updated_at: new Date() })
    .where(eq(users.id, userId))
    .returning({ version: users.token_version });
  return row?.version ?? 0;
}
