import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'didban';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TokenPurpose = 'access' | 'email-verify';

/**
 * Signed, expiring tokens (HS256 JWT via `jose`). Access tokens carry only the user id; the user
 * is loaded on every request, so a deleted account loses access at once.
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
    issueAccess: (userId: string) => sign('access', userId, accessTtlSeconds),
    /** Null too when the subject is not a user id, so a malformed subject is a 401, never a 500. */
    verifyAccess: async (token: string) => {
      const claims = await verify('access', token);
      return claims && UUID.test(claims.sub) ? claims : null;
    },
    sign,
    verify,
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
