/**
 * The scan scope policy (packages/engine/src/scope) applied to alert destinations: internal
 * ranges are refused unless DIDBAN_ALERTS_ALLOW opens them, and the server's own address never is.
 * The engine package is imported on first use: it is heavy and only its scope module is needed.
 */
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

export const scopeLookup = (policy: ScopePolicy) => policy.lookup as unknown as LookupFunction;

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
