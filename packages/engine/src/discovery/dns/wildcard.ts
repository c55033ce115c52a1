/**
 * Wildcard-DNS detection. If two random, never-registered labels under a domain both resolve,
 * the domain has a wildcard: every brute-forced or stale name under it would "resolve" too.
 * Discovery then keeps only names whose answers differ from the wildcard's and reports the
 * wildcard itself once.
 */
import { randomBytes } from 'node:crypto';
import type { DnsResolver } from './resolver.js';

export interface WildcardInfo {
  /** The domain whose children match the wildcard, e.g. `apps.example.com`. */
  domain: string;
  /** Addresses the random names resolved to. */
  ips: string[];
  /** A random name under the wildcard, used to probe it like a host. */
  sampleName: string;
}

const randomLabel = () => `didban-${randomBytes(6).toString('hex')}`;

/**
 * @example
 * const wildcard = await detectWildcard(resolver, 'apps.lab.didban.test');
 * // { domain: 'apps.lab.didban.test', ips: ['127.42.0.20'], sampleName: 'didban-…apps.lab.didban.test' }
 */
export async function detectWildcard(
  resolver: DnsResolver,
  domain: string,
  signal?: AbortSignal,
): Promise<WildcardInfo | undefined> {
  const names = [`${randomLabel()}.${domain}`, `${randomLabel()}.${domain}`];
  const results = await Promise.all(names.map((n) => resolver.resolveHost(n, signal)));
  if (results.some((r) => r.empty)) return undefined;
  const ips = [...new Set(results.flatMap((r) => [...r.a, ...r.aaaa]))].sort();
  return { domain, ips, sampleName: names[0] ?? domain };
}

/** True when a resolved name's addresses are all wildcard addresses (so it is not a real host). */
export function matchesWildcard(ips: readonly string[], wildcard: WildcardInfo): boolean {
  return ips.length > 0 && ips.every((ip) => wildcard.ips.includes(ip));
}
