import type { DiscoveredEndpoint } from '@didban/core';
import { type CrawledEndpoint, crawl, type DiscoveredAsset } from '@didban/engine';

/** Web assets crawled at once by one discovery task (each crawl runs 4 requests at a time). */
export const CRAWLS_AT_ONCE = 2;

/**
 * Where the crawl of a web asset starts: its own origin (scheme from the probe, the asset's host
 * and port). The probe's final URL is used only when it stayed on that origin, so a redirect to
 * another host never moves the crawl there.
 */
export function crawlBase(asset: DiscoveredAsset): string | null {
  if (!asset.http || asset.wildcard) return null;
  const scheme = asset.service === 'https' || asset.http.tls ? 'https' : 'http';
  const host = asset.host.includes(':') ? `[${asset.host}]` : asset.host;
  const origin = new URL(`${scheme}://${host}:${asset.port}/`);
  try {
    const final = new URL(asset.http.finalUrl);
    if (final.origin === origin.origin) return final.href;
  } catch {}
  return origin.href;
}

/** A crawled endpoint as the server's results endpoint takes it. */
export function toEndpointResult(e: CrawledEndpoint): DiscoveredEndpoint {
  return {
    method: e.method,
    url: e.url,
    params: e.params,
    source: e.source,
    ...(e.bodyType ? { body_type: e.bodyType } : {}),
    ...(e.body !== undefined ? { body: e.body } : {}),
  };
}

/**
 * Crawl one discovered web asset within the crawler's default limits (depth 3, 200 pages, 60 s),
 * connecting to the address discovery resolved. A crawl that fails leaves the asset without
 * endpoints (undefined: the server keeps what it had), never fails the discovery.
 */
export async function crawlAsset(
  asset: DiscoveredAsset,
  signal: AbortSignal,
): Promise<DiscoveredEndpoint[] | undefined> {
  const base = crawlBase(asset);
  if (!base) return undefined;
  try {
    const result = await crawl(base, { ...(asset.ips[0] ? { ip: asset.ips[0] } : {}), signal });
    return result.endpoints.map(toEndpointResult);
  } catch {
    return undefined;
  }
}

/**
 * Runs at most `limit` jobs at once; `drain` waits for all of them and throws the first failure
 * (a failed job stops no other; the task fails at its end, as one failed post would fail it).
 */
export function jobLimiter(limit: number) {
  let running = 0;
  let failure: { error: unknown } | undefined;
  const waiting: (() => void)[] = [];
  const all = new Set<Promise<void>>();
  return {
    async run(job: () => Promise<void>): Promise<void> {
      while (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      if (failure) throw failure.error;
      running++;
      const done: Promise<void> = job()
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => {
          running--;
          all.delete(done);
          waiting.shift()?.();
        });
      all.add(done);
    },
    async drain(): Promise<void> {
      while (all.size) await Promise.all([...all]);
      if (failure) throw failure.error;
    },
  };
}
