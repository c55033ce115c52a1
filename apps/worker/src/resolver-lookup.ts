/**
 * Template runs connect by host name through Node's `dns.lookup` (the system resolver). A worker
 * given `--resolver` (a private DNS, or the lab's) should reach the names those servers know, as
 * discovery does; so while such a worker runs, host names are first asked of its resolvers and
 * fall back to the system's when they do not answer. IP literals never leave the process.
 */
import dns from 'node:dns';
import net from 'node:net';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

const CACHE_MS = 30_000;
// Answers kept at most (a scan of 10,000 names asks about each a few times a minute).
let cacheMax = 20_000;
const systemLookup = dns.lookup;
/** One resolver per `--resolver` list, made once: a c-ares channel per lookup cost a tenth of a scan's CPU. */
const resolvers = new Map<string, dns.promises.Resolver>();
/**
 * Answers (or the question in flight) per host name: a chunk starts dozens of templates on a host
 * at once, and they all wait for one query instead of sending one each. An LRU in the Map's
 * insertion order, so keeping it bounded costs one deletion, not a walk.
 */
const cache = new Map<string, { at: number; addresses: Promise<string[]> }>();
let installed = false;

/** The resolvers to ask, the most recently registered list first (see routeLookupsThrough). */
let askOrder: dns.promises.Resolver[] = [];

async function askResolvers(host: string): Promise<string[]> {
  for (const resolver of askOrder) {
    const addresses = await resolver.resolve4(host).catch(() => []);
    if (addresses.length) return addresses;
  }
  return [];
}

function viaResolvers(host: string): Promise<string[]> {
  const now = Date.now();
  const hit = cache.get(host);
  if (hit) {
    // Least recently used first: a hit moves to the end of the Map's order; an expired one goes.
    cache.delete(host);
    if (now - hit.at < CACHE_MS) {
      cache.set(host, hit);
      return hit.addresses;
    }
  }
  if (cache.size >= cacheMax) cache.delete(cache.keys().next().value!);
  const addresses = askResolvers(host);
  cache.set(host, { at: now, addresses });
  // No answer (a name they do not know, or a query lost on a loaded machine) is not kept: the
  // lookups waiting on it fall back to the system, the next one asks again.
  void addresses.then((found) => {
    if (found.length === 0 && cache.get(host)?.addresses === addresses) cache.delete(host);
  });
  return addresses;
}

function lookup(host: string, optionsOrCallback: unknown, maybeCallback?: unknown): void {
  const callback = (
    typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback
  ) as LookupCallback;
  const options = (typeof optionsOrCallback === 'function' ? {} : optionsOrCallback) as
    | dns.LookupOptions
    | number
    | undefined;
  const family = typeof options === 'number' ? options : options?.family;
  const all = typeof options === 'object' && options?.all === true;
  const fallback = () =>
    (systemLookup as (h: string, o: unknown, c: LookupCallback) => void)(host, options ?? {}, callback);
  if (net.isIP(host) || host === 'localhost' || family === 6 || family === 'IPv6') {
    fallback();
    return;
  }
  viaResolvers(host).then(
    (addresses) => {
      if (addresses.length === 0) return fallback();
      if (all)
        return callback(
          null,
          addresses.map((address) => ({ address, family: 4 })),
        );
      callback(null, addresses[0]!, 4);
    },
    () => fallback(),
  );
}

/**
 * Ask these resolvers (`host:port` each) first for host names, for as long as the process runs.
 * `cacheMax` bounds the answers kept (20,000; a test makes it small).
 */
export function routeLookupsThrough(
  servers: readonly string[] | undefined,
  options: { cacheMax?: number } = {},
): void {
  if (options.cacheMax !== undefined) cacheMax = options.cacheMax;
  if (!servers?.length) return;
  const key = servers.join(',');
  if (!resolvers.has(key)) {
    const resolver = new dns.promises.Resolver({ timeout: 2_000, tries: 1 });
    resolver.setServers([...servers]);
    resolvers.set(key, resolver);
    // A process that runs a second worker with other resolvers (tests do; a lab started again
    // on a new subnet answers the same names with new addresses): the newest list is asked
    // first, and answers the earlier lists gave are not kept for it.
    askOrder = [resolver, ...askOrder];
    cache.clear();
  }
  if (installed) return;
  installed = true;
  (dns as { lookup: unknown }).lookup = lookup;
}
