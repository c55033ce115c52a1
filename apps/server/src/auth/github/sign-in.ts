import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { githubAccounts } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { reclaimAddress, takeFromUnverified } from '../address-ownership.js';
import { createUser, findUserByEmail, findUserById, findUserByUsername } from '../users.js';
import type { GithubIdentity } from './oauth-client.js';

/**
 * The Didban account for a GitHub identity: the one already linked; else the account whose
 * email GitHub verified and whose owner verified it with us too, which gets linked; else a new
 * account named after the GitHub login. An account holding the address unverified is never
 * attached (anyone could have signed up with someone else's address): it loses the address to a
 * new account of the GitHub user (auth/address-ownership.ts).
 */
export async function accountForGithub(db: Db, identity: GithubIdentity) {
  const link = await db.query.githubAccounts.findFirst({ where: eq(githubAccounts.github_id, identity.id) });
  if (link) {
    const user = await findUserById(db, link.user_id);
    if (user) return user;
  }
  if (!identity.email) throw new HttpError(400, 'github_no_email', 'errors.github_no_email');
  let user = await findUserByEmail(db, identity.email);
  if (user && !user.email_verified_at) {
    // GitHub vouches for the address; the account holding it never proved it: the owner takes it back.
    const squatter = await takeFromUnverified(db, identity.email);
    user = squatter
      ? await reclaimAddress(db, squatter, identity.email, {
          passwordHash: null,
          username: identity.login,
          profileImage: identity.avatarUrl,
        })
      : await findUserByEmail(db, identity.email);
    if (!user) throw new HttpError(409, 'github_email_unverified', 'errors.github_email_unverified');
  }
  if (!user) {
    const taken = await findUserByUsername(db, identity.login);
    const username = taken ? `${identity.login}-${randomBytes(3).toString('hex')}` : identity.login;
    user = await createUser(db, {
      username,
      email: identity.email,
      passwordHash: null,
      profileImage: identity.avatarUrl,
      // oauth-client takes only an address GitHub marks verified.
      emailVerified: true,
    });
  }
  await db
    .insert(githubAccounts)
    .values({ github_id: identity.id, user_id: user.id, login: identity.login })
    .onConflictDoNothing();
  return user;
}
