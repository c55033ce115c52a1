import { type DiscoveredAssetResult, type DiscoveryPayload, discoveryPayloadSchema } from '@didban/core';
import { type DiscoveredAsset, discover } from '@didban/engine';
import { CRAWLS_AT_ONCE, crawlAsset, crawlBase, jobLimiter } from './crawl-step.js';
import { secondsToMs, type WorkerOptions } from './options.js';

/** An engine asset in the shape the server's results endpoint takes. */
export function toResult(asset: DiscoveredAsset): DiscoveredAssetResult {
  const http = asset.http;
  return {
    host: asset.host,
    port: asset.port,
    ips: asset.ips,
    cnames: asset.cnames,
    is_root: asset.isRoot,
    wildcard: asset.wildcard,
    service: asset.service,
    anomalies: asset.anomalies,
    http: http
      ? {
          status: http.status,
          title: http.title,
          content_length: http.contentLength,
          content_type: http.contentType,
          server: http.server,
          final_url: http.finalUrl,
          headers: http.headers,
          body_start: http.bodyStart,
          tls: http.tls ? { ...http.tls } : null,
          favicon_hash: http.faviconHash,
        }
      : null,
    technologies: asset.technologies.map((t) => ({
      name: t.name,
      slug: t.slug,
      version: t.version,
      categories: t.categories.map((c) => ({ name: c.name })),
      website: t.website,
      description: t.description,
      icon: t.icon.name,
    })),
    ...(asset.screenshot?.status === 'captured'
      ? { screenshot_png: asset.screenshot.data.toString('base64') }
      : {}),
  };
}

/**
 * Run a discovery task and hand its assets to `emit` as they come (the caller batches them), web
 * assets with the endpoints their crawl found unless the task or the worker turns crawling off.
 * Returns the engine's stats (and how many assets were crawled); stops when `signal` aborts.
 */
export async function runDiscoveryTask(
  rawPayload: unknown,
  options: WorkerOptions,
  signal: AbortSignal,
  emit: (asset: DiscoveredAssetResult) => Promise<void>,
): Promise<Record<string, unknown>> {
  const payload: DiscoveryPayload = discoveryPayloadSchema.parse(rawPayload);
  let stats: Record<string, unknown> = {};
  // Web assets are crawled for their endpoints (issue 30) beside the rest of the discovery, a
  // few at a time; each is reported once its crawl is done.
  const crawling = payload.crawl !== false && options.crawl !== false;
  const crawls = jobLimiter(CRAWLS_AT_ONCE);
  let crawled = 0;
  for await (const record of discover({
    roots: payload.roots,
    autoDiscovery: payload.auto_discovery,
    scope: payload.scope,
    ports: payload.ports,
    ...(options.resolvers?.length ? { resolvers: options.resolvers } : {}),
    ...(options.providers?.length ? { providers: options.providers } : {}),
    timeouts: {
      httpMs: secondsToMs(options.httpxTimeoutSeconds),
      connectMs: secondsToMs(options.naabuTimeoutSeconds),
      technologiesMs: secondsToMs(options.wappalyzerTimeoutSeconds),
      dnsMs: secondsToMs(options.dnsTimeoutSeconds),
    },
    screenshots: Boolean(options.screenshots),
    signal,
  })) {
    if (record.type === 'asset' && crawling && crawlBase(record)) {
      await crawls.run(async () => {
        const endpoints = await crawlAsset(record, signal);
        if (endpoints) crawled++;
        await emit({ ...toResult(record), ...(endpoints ? { endpoints } : {}) });
      });
    } else if (record.type === 'asset') await emit(toResult(record));
    else if (record.type === 'done') stats = { ...record.stats, cancelled: record.cancelled };
  }
  await crawls.drain();
  return crawling ? { ...stats, crawled } : stats;
}
