import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { githubOauthStates } from '../../db/schema.js';

/** How long a GitHub sign-in may take from the authorize page back to the panel. */
export const STATE_TTL_SECONDS = 600;
/** The HttpOnly cookie that binds a panel sign-in to the browser that started it. */
export const BROWSER_COOKIE = 'didban_github_nonce';
const NONCE = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A fresh browser nonce, or the one the browser already carries (several tabs may sign in). */
export function browserNonce(existing: string | undefined): string {
  return existing && NONCE.test(existing) ? existing : randomBytes(32).toString('base64url');
}

/**
 * Start a sign-in: a random state GitHub will carry back, stored only as its hash with what the
 * callback must check. A panel sign-in is bound to `nonce` (the browser's cookie); a terminal
 * sign-in to its loopback listener (`cliRedirect`), whose session never stays in a browser.
 */
export async function createState(
  db: Db,
  binding: { nonce: string; cliRedirect?: undefined } | { nonce?: undefined; cliRedirect: string },
): Promise<string> {
  // Old attempts nobody finished are dropped here, so the table stays small without a job.
  await db.delete(githubOauthStates).where(lt(githubOauthStates.expires_at, new Date()));
  const state = randomBytes(32).toString('base64url');
  await db.insert(githubOauthStates).values({
    state_hash: sha256(state),
    browser_hash: binding.nonce ? sha256(binding.nonce) : null,
    cli_redirect: binding.cliRedirect ?? null,
    expires_at: new Date(Date.now() + STATE_TTL_SECONDS * 1000),
  });
  return state;
}

/**
 * Use a state once: the row is deleted whatever happens next, so a second callback with the
 * same state (another code, a replay) is refused. Null when unknown, used, expired, or
 * started by another browser (the cookie's nonce does not match).
 */
export async function consumeState(
  db: Db,
  state: string,
  cookieNonce: string | undefined,
): Promise<{ cliRedirect: string | undefined } | null> {
  const [row] = await db
    .delete(githubOauthStates)
    .where(and(eq(githubOauthStates.state_hash, sha256(state)), gt(githubOauthStates.expires_at, new Date())))
    .returning();
  if (!row) return null;
  if (row.browser_hash) {
    if (!cookieNonce) return null;
    const presented = Buffer.from(sha256(cookieNonce), 'hex');
    if (!timingSafeEqual(presented, Buffer.from(row.browser_hash, 'hex'))) return null;
  }
  return { cliRedirect: row.cli_redirect ?? undefined };
}
