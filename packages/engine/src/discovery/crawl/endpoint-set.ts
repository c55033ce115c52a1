/**
 * The crawl's endpoints, deduplicated: one per method, origin, path and set of parameter names.
 * When several sources find the same endpoint the earlier one in ENDPOINT_SOURCES wins, and among
 * examples of one source the shortest URL (then the first in sort order), so the result does not
 * depend on which response arrived first.
 */
import { type CrawledEndpoint, ENDPOINT_SOURCES } from './types.js';

/** Paths whose responses are never worth fuzzing nor parsing. */
const STATIC_EXTENSION =
  /\.(?:css|png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|woff2?|ttf|otf|eot|mp[34]|m4a|ogg|webm|avi|mov|pdf|zip|gz|tgz|rar|7z|exe|dmg|iso)$/i;

export function isStaticAsset(url: URL): boolean {
  return STATIC_EXTENSION.test(url.pathname);
}

/** The URL as the crawler keeps it: no fragment, no credentials. */
export function normaliseUrl(url: URL): URL {
  const clean = new URL(url.href);
  clean.hash = '';
  clean.username = '';
  clean.password = '';
  return clean;
}

function uniqueNames(params: URLSearchParams): string[] {
  return [...new Set([...params.keys()])];
}

export function endpointKey(method: string, url: URL, bodyNames: readonly string[] = []): string {
  const names = [...new Set([...uniqueNames(url.searchParams), ...bodyNames])].sort();
  return `${method} ${url.origin}${url.pathname}?${names.join('&')}`;
}

/** Parameter names of an endpoint: the query's then the body's, each once. */
export function paramNames(url: URL, bodyNames: readonly string[] = []): string[] {
  return [...new Set([...uniqueNames(url.searchParams), ...bodyNames])];
}

export class EndpointSet {
  private readonly byKey = new Map<string, CrawledEndpoint>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.byKey.size;
  }

  get full(): boolean {
    return this.byKey.size >= this.max;
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** Adds or improves the endpoint; false when it is new and the set is full. */
  add(key: string, endpoint: CrawledEndpoint): boolean {
    const old = this.byKey.get(key);
    if (!old) {
      if (this.full) return false;
      this.byKey.set(key, endpoint);
      return true;
    }
    const rank = (e: CrawledEndpoint) => ENDPOINT_SOURCES.indexOf(e.source);
    const better =
      rank(endpoint) < rank(old) ||
      (rank(endpoint) === rank(old) &&
        (endpoint.url.length < old.url.length ||
          (endpoint.url.length === old.url.length && endpoint.url < old.url)));
    if (better) this.byKey.set(key, endpoint);
    return true;
  }

  list(): CrawledEndpoint[] {
    return [...this.byKey.values()].sort((a, b) =>
      a.url === b.url ? a.method.localeCompare(b.method) : a.url < b.url ? -1 : 1,
    );
  }
}
