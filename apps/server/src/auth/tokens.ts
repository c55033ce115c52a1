import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'didban';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TokenPurpose = 'access' | 'email-verify' | 'password-reset';

/** What an access token carries besides its user: its own id (sign out this one) and the account's token version. */
export type AccessClaims = { sub: string; jti: string | null; tv: number; expiresAt: Date };

/**
 * Signed, expiring tokens (HS256 JWT via `jose`). Access tokens carry the user id, their own id
 * (`jti`) and the account's token version (`tv`); the user is loaded on every request in the same
 * query that checks both (http/identify.ts), so a deleted account, "sign out everywhere" (the
 * version raised) or "sign out" (the jti listed in revoked_tokens) ends a token at once.
 */
export function createTokenService(secret: string, accessTtlSeconds: number) {
  const key = new TextEncoder().encode(secret);

  async function sign(
    purpose: TokenPurpose,
    subject: string,
    ttlSeconds: number,
    claims: Record<string, unknown> = {},
  ) {
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    const token = await new SignJWT({ ...claims, purpose })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
    return { token, expiresAt };
  }

  /** The payload when the token is genuine, unexpired and of the purpose asked; otherwise null. */
  async function verify(purpose: TokenPurpose, token: string) {
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (payload.purpose !== purpose || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
        return null;
      }
      return {
        sub: payload.sub,
        expiresAt: new Date(payload.exp * 1000),
        claims: payload as Record<string, unknown>,
      };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }

  return {
    /** `tokenVersion`: the account's users.token_version now. */
    issueAccess: (userId: string, tokenVersion: number) =>
      sign('access', userId, accessTtlSeconds, { tv: tokenVersion, jti: randomUUID() }),
    /** Null too when the subject is not a user id, so a malformed subject is a 401, never a 500. */
    verifyAccess: async (token: string): Promise<AccessClaims | null> => {
      const verified = await verify('access', token);
      if (!verified || !UUID.test(verified.sub)) return null;
      const { jti, tv } = verified.claims;
      return {
        sub: verified.sub,
        expiresAt: verified.expiresAt,
        // Tokens from before versions existed carry neither: version 0, and no own id.
        jti: typeof jti === 'string' && UUID.test(jti) ? jti : null,
        tv: typeof tv === 'number' && Number.isInteger(tv) ? tv : 0,
      };
    },
    sign,
    verify,
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
