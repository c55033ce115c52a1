import type { LookupFunction } from 'node:net';
import { DnsResolver } from '../../discovery/dns/resolver.js';

const TTL_MS = 60_000;

/**
 * A `lookup` for sockets that asks the given DNS servers (`ip` or `ip:port`) instead of the
 * system's resolver: the host names of http targets then resolve where the user's `--resolver`
 * points, as DNS templates and discovery already did (a lab or internal zone the system does not
 * know). Answers are kept a minute. A name without an address fails as the system's would
 * (ENOTFOUND), so the request counts as a network error.
 * @example sendRequest(spec, { ...opts, lookup: resolverLookup(['127.0.0.53:5353']) })
 */
export function resolverLookup(servers: readonly string[], timeoutMs = 2_000): LookupFunction {
  const resolver = new DnsResolver({ servers, timeoutMs, retries: 1 });
  const cache = new Map<string, { at: number; addresses: { address: string; family: number }[] }>();
  const resolve = async (name: string) => {
    const key = name.toLowerCase();
    const hit = cache.get(key);
    if (hit && performance.now() - hit.at < TTL_MS) return hit.addresses;
    const host = await resolver.resolveHost(key);
    const addresses = [
      ...host.a.map((address) => ({ address, family: 4 })),
      ...host.aaaa.map((address) => ({ address, family: 6 })),
    ];
    if (addresses.length > 0) {
      if (cache.size >= 10_000) cache.clear();
      cache.set(key, { at: performance.now(), addresses });
    }
    return addresses;
  };
  return ((
    hostname: string,
    options: { family?: number | string; all?: boolean },
    callback: (...args: unknown[]) => void,
  ) => {
    const family =
      options.family === 'IPv6' ? 6 : options.family === 'IPv4' ? 4 : Number(options.family ?? 0);
    resolve(hostname).then(
      (found) => {
        const usable = family === 4 || family === 6 ? found.filter((a) => a.family === family) : found;
        if (usable.length === 0) {
          const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
            code: 'ENOTFOUND',
            hostname,
          });
          callback(error, options.all ? [] : undefined, undefined);
        } else if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: Error) => callback(error, options.all ? [] : undefined, undefined),
    );
  }) as LookupFunction;
}
