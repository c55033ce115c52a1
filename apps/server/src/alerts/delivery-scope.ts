/**
 * The scan scope policy (packages/engine/src/scope) applied to alert destinations: internal
 * ranges are refused unless DIDBAN_ALERTS_ALLOW opens them, and the server's own address never is.
 * The engine package is imported on first use: it is heavy and only its scope module is needed.
 */
import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { ScopePolicy } from '@didban/engine';
import type { Config } from '../config/env.js';
import { ownAddresses } from '../workers/builtin-scope.js';

const policies = new Map<string, Promise<ScopePolicy>>();

export function deliveryScope(
  config: Pick<Config, 'alerts'>,
  ownAddresses: string[] = [],
): Promise<ScopePolicy> {
  const key = `${config.alerts.allow}|${ownAddresses.join(',')}`;
  let policy = policies.get(key);
  if (!policy) {
    policy = import('@didban/engine').then(({ createScopePolicy }) =>
      createScopePolicy({ blockInternal: true, allow: config.alerts.allow, ownAddresses }),
    );
    policies.set(key, policy);
  }
  return policy;
}

/** A destination's address, resolved once and checked; the connection is pinned to it. */
export type Resolve = (host: string, port: number) => Promise<LookupAddress>;

/**
 * Resolve a destination through the policy and keep the first address allowed *for this port*:
 * the server's own endpoints are `ip:port`, which the policy's lookup (it knows no port) cannot
 * see, and node:net skips a lookup for an address literal, so both are checked here before the
 * connection is made to the address returned (no second DNS answer can differ from it).
 * Rejects with code EDIDBANSCOPE.
 */
export function scopeResolver(policy: ScopePolicy): Resolve {
  return (host, port) =>
    new Promise((resolve, reject) => {
      policy.lookup(host, { all: true }, (error: NodeJS.ErrnoException | null, found: LookupAddress[]) => {
        if (error) return reject(error);
        const allowed = found.find((a) => policy.check(a.address, port) === null);
        if (allowed) return resolve(allowed);
        const refusal = policy.check(found[0]!.address, port)!;
        const literal = host === found[0]!.address;
        reject(
          Object.assign(new Error(literal ? refusal.message : `${host} resolves to ${refusal.message}`), {
            code: 'EDIDBANSCOPE',
          }),
        );
      });
    });
}

/** A dns.lookup stand-in that answers the pinned address (node:http may ask for `all`). */
export const pinnedLookup =
  (pinned: LookupAddress): LookupFunction =>
  (_host, options, callback) =>
    options.all ? callback(null, [pinned]) : callback(null, pinned.address, pinned.family);

/**
 * The server's own endpoints the alert loop refuses, for a listening address
 * (`http://0.0.0.0:8080`: every interface) and its database, as ip:port; whole addresses are
 * left out so a receiver on this machine (another port) stays possible.
 */
export async function alertOwnAddresses(
  config: Config,
  listenAddress: string | undefined,
): Promise<string[]> {
  return (await ownAddresses(config, listenAddress)).filter(
    (a) => a.startsWith('[') || /^[\d.]+:\d+$/.test(a),
  );
}

/** Why a destination is refused, as the panel names it at its field. */
export type DestinationRefusal = 'own' | 'internal' | 'resolves';

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443, 'smtp:': 587, 'smtps:': 465 };
/** A name that does not answer this fast is left to the send, which checks it again anyway. */
const SAVE_LOOKUP_MS = 2_000;

/**
 * Judge a destination URL when a channel is saved, with the very resolver and policy its sends use
 * (own endpoints included), so a channel that could only ever fail with "destination refused" is
 * not stored. A name that does not resolve (yet) is accepted: the send decides, as before.
 */
export async function refusedDestination(
  config: Pick<Config, 'alerts'>,
  own: string[],
  target: string,
): Promise<DestinationRefusal | null> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || DEFAULT_PORTS[url.protocol] || 0);
  const policy = await deliveryScope(config, own);
  // Addresses in any spelling (`2130706433` stays as written in an smtp: URL) and `localhost`.
  const literal = policy.checkTarget(host);
  if (literal) return literal.reason === 'own' ? 'own' : 'internal';
  let timer: NodeJS.Timeout | undefined;
  const verdict = await Promise.race([
    scopeResolver(policy)(host, port).then(
      () => null,
      (error: NodeJS.ErrnoException) => (error.code === 'EDIDBANSCOPE' ? (error.message as string) : null),
    ),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), SAVE_LOOKUP_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  if (verdict === null) return null;
  if (/is this server's own address/.test(verdict)) return 'own';
  return isIP(host) ? 'internal' : 'resolves';
}
