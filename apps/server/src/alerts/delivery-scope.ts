/**
 * The scan scope policy (packages/engine/src/scope) applied to alert destinations: internal
 * ranges are refused unless DIDBAN_ALERTS_ALLOW opens them, and the server's own address never is.
 * The engine package is imported on first use: it is heavy and only its scope module is needed.
 */
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { ScopePolicy } from '@didban/engine';
import type { Config } from '../config/env.js';

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

/** The address-literal or `localhost` destinations refused before any DNS (null: may go, or decided at connect). */
export async function refusedDestination(
  config: Pick<Config, 'alerts'>,
  target: string,
): Promise<string | null> {
  let host: string;
  try {
    host = new URL(target).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return null;
  }
  const refusal = (await deliveryScope(config)).checkTarget(host);
  return refusal ? refusal.message : null;
}
