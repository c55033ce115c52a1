import { createHmac } from 'node:crypto';
import { DslError, type DslValue, toNum, toStr } from './values.js';

const HMAC: Record<string, string> = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' };

/**
 * Go's json.Marshal of a decoded JSON value: object keys sorted, `<`, `>`, `&`, U+2028 and
 * U+2029 escaped. Nuclei signs the claims after such a round trip, so the token's bytes follow it.
 */
function goJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(goJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${goJson(k)}:${goJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/**
 * `generate_jwt(json, algorithm[, secret[, expires]])`: a signed JWT as Nuclei makes it (HS256/384/512,
 * or `none` in any casing for an unsigned token). `expires` (a unix time) adds `iat` and `exp`.
 * @example generate_jwt('{"user":"admin"}', 'HS256', 'secret')
 */
export function generateJwt(args: readonly DslValue[]): string {
  if (args.length < 2 || args.length > 4) throw new DslError('generate_jwt needs 2 to 4 arguments');
  let claims: unknown;
  try {
    claims = JSON.parse(toStr(args[0]));
  } catch {
    throw new DslError('generate_jwt: the claims are not JSON');
  }
  if (claims === null || typeof claims !== 'object' || Array.isArray(claims))
    throw new DslError('generate_jwt: the claims must be a JSON object');
  const alg = toStr(args[1]);
  const none = alg === '' || alg.toLowerCase() === 'none';
  const hash = HMAC[alg.toUpperCase()];
  if (!none && !hash) throw new DslError(`generate_jwt: algorithm ${alg} is not supported`);
  if (args[3] !== undefined) {
    const now = Math.floor(Date.now() / 1000);
    const expires =
      typeof args[3] === 'number' ? args[3] : Date.parse(toStr(args[3])) / 1000 || toNum(args[3]);
    Object.assign(claims, { iat: now, exp: Math.floor(expires) });
  }
  const header = b64url(`{"alg":"${none ? alg : alg.toUpperCase()}","typ":"JWT"}`);
  const body = `${header}.${b64url(goJson(claims))}`;
  if (none) return `${body}.`;
  const secret = args[2] === undefined ? '' : toStr(args[2]);
  return `${body}.${createHmac(hash!, secret).update(body).digest('base64url')}`;
}
