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
const systemLookup = dns.lookup;
const resolverLists = new Set<string>();
const cache = new Map<string, { at: number; addresses: string[] }>();
let installed = false;

async function viaResolvers(host: string): Promise<string[]> {
  const hit = cache.get(host);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.addresses;
  let addresses: string[] = [];
  for (const list of resolverLists) {
    const resolver = new dns.promises.Resolver({ timeout: 2_000, tries: 1 });
    resolver.setServers(list.split(','));
    addresses = await resolver.resolve4(host).catch(() => []);
    if (addresses.length) break;
  }
  cache.set(host, { at: Date.now(), addresses });
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

/** Ask these resolvers (`host:port` each) first for host names, for as long as the process runs. */
export function routeLookupsThrough(resolvers: readonly string[] | undefined): void {
  if (!resolvers?.length) return;
  resolverLists.add(resolvers.join(','));
  if (installed) return;
  installed = true;
  (dns as { lookup: unknown }).lookup = lookup;
}
