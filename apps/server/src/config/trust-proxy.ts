/**
 * DIDBAN_TRUST_PROXY → fastify's `trustProxy`. Unset: no proxy is trusted and the client address
 * is the socket's, so a forged `X-Forwarded-For` cannot change whose rate limit a request uses.
 * A whole number is the count of proxy hops in front of the server; anything else is a
 * comma-separated list of proxy addresses or CIDRs (`10.0.0.5,192.168.0.0/16`). Trusting every
 * proxy (`true`) is deliberately not offered.
 */
export type TrustProxy = false | number | string[];

export function parseTrustProxy(value: string | undefined): TrustProxy | Error {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(e));
  if (bad !== undefined || entries.length === 0) {
    return new Error(`expected a hop count or comma-separated addresses/CIDRs, got "${bad ?? text}"`);
  }
  return entries;
}
