/**
 * A bounded, in-scope crawl of one web asset: from its base URL, follow links, forms and scripts'
 * obvious endpoints (plus robots.txt and sitemap.xml), and report the endpoints found.
 *
 * Scope is the base URL's origin: scheme, host and port. A link, redirect, sitemap entry or
 * script URL anywhere else is counted and never requested. Every request is the engine's own
 * `requestOnce` to the one address resolved for the asset (a name cannot rebind mid-crawl), so in
 * a process with a scope policy (the worker's child) each connect also passes the socket guard
 * like any discovery probe. Only GET requests are sent: a POST form is listed, never submitted.
 *
 * Limits: depth, pages, overall time, concurrency, body bytes per response, endpoints kept, links
 * and forms read per page; whichever ends the crawl is named in `stoppedBy`.
 *
 * @example
 * const { endpoints } = await crawl('http://shop.lab.didban.test/', { ip: '127.42.0.50', maxDepth: 2 });
 * const inputs = endpoints.map((e) => endpointToFuzzInput(e));
 */
import dns from 'node:dns';
import net from 'node:net';
import { bodyText } from '../http/html.js';
import { type RawResponse, requestOnce } from '../http/request.js';
import { EndpointSet, endpointKey, isStaticAsset, normaliseUrl, paramNames } from './endpoint-set.js';
import { formRequest } from './form-endpoint.js';
import { extractPage } from './html-extract.js';
import { parseRobots, type Robots } from './robots.js';
import { scriptEndpoints } from './script-endpoints.js';
import { parseSitemap } from './sitemap.js';
import type { CrawlOptions, CrawlResult, CrawlStop, EndpointSource } from './types.js';

export const CRAWL_DEFAULTS = {
  maxDepth: 3,
  maxPages: 200,
  timeMs: 60_000,
  concurrency: 4,
  bodyLimit: 2 * 1024 * 1024,
  requestTimeoutMs: 10_000,
  maxEndpoints: 5000,
} as const;

/** Sitemap files read at most (an index may name many). */
const MAX_SITEMAPS = 5;
/** Links that end a session rather than show a page. */
const SESSION_ENDING = /(?:^|\/)(?:log-?out|sign-?out|logoff)(?:\/|$|\.)/i;

export class CrawlInputError extends Error {
  override name = 'CrawlInputError';
}

interface Job {
  url: URL;
  depth: number;
  kind: 'page' | 'script';
}

export async function crawl(baseUrl: string, options: CrawlOptions = {}): Promise<CrawlResult> {
  let base: URL;
  try {
    base = normaliseUrl(new URL(baseUrl));
  } catch {
    throw new CrawlInputError(`not a URL: ${baseUrl}`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new CrawlInputError(`only http and https URLs can be crawled: ${baseUrl}`);
  const maxDepth = options.maxDepth ?? CRAWL_DEFAULTS.maxDepth;
  const maxPages = options.maxPages ?? CRAWL_DEFAULTS.maxPages;
  const timeMs = options.timeMs ?? CRAWL_DEFAULTS.timeMs;
  const concurrency = Math.max(1, options.concurrency ?? CRAWL_DEFAULTS.concurrency);
  const bodyLimit = options.bodyLimit ?? CRAWL_DEFAULTS.bodyLimit;
  const requestTimeoutMs = options.requestTimeoutMs ?? CRAWL_DEFAULTS.requestTimeoutMs;
  const respectRobots = options.respectRobots ?? true;
  const readSitemaps = options.sitemap ?? true;
  const hostname = base.hostname.replace(/^\[|\]$/g, '');
  const ip = options.ip ?? (net.isIP(hostname) ? hostname : (await dns.promises.lookup(hostname)).address);

  const started = Date.now();
  const deadline = started + timeMs;
  const controller = new AbortController();
  const stops = new Set<CrawlStop>();
  const stop = (why: CrawlStop) => {
    stops.add(why);
    controller.abort();
  };
  const timer = setTimeout(() => stop('time'), timeMs);
  const onAbort = () => stop('aborted');
  if (options.signal?.aborted) stop('aborted');
  options.signal?.addEventListener('abort', onAbort, { once: true });

  const endpoints = new EndpointSet(options.maxEndpoints ?? CRAWL_DEFAULTS.maxEndpoints);
  const visited = new Set<string>();
  const queue: Job[] = [];
  // Distinct URLs (capped: a hostile page could name millions).
  const outOfScope = new Set<string>();
  const offScope = (url: URL) => {
    if (outOfScope.size < 10_000) outOfScope.add(url.href);
  };
  const robotsSkipped = new Set<string>();
  let robots: Robots | undefined;
  let pagesFetched = 0;
  let errors = 0;

  const fetchUrl = (url: URL): Promise<RawResponse | undefined> => {
    const remaining = deadline - Date.now();
    if (remaining <= 0 || controller.signal.aborted) return Promise.resolve(undefined);
    return requestOnce({
      ip,
      url,
      timeoutMs: Math.min(requestTimeoutMs, remaining),
      bodyLimit,
      signal: controller.signal,
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    }).catch(() => {
      // A request cut by the crawl's own deadline is the time limit, not a failure of the site.
      if (Date.now() >= deadline - 20) stop('time');
      else if (!controller.signal.aborted) errors++;
      return undefined;
    });
  };

  /** Resolve, scope-check and record one URL found at `depth`; queue it when it is a page to read. */
  const discover = (raw: string, against: URL, depth: number, source: EndpointSource, method = 'GET') => {
    let url: URL;
    try {
      url = normaliseUrl(new URL(raw, against));
    } catch {
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    if (url.origin !== base.origin) return offScope(url);
    if (depth > maxDepth || isStaticAsset(url)) return;
    if (robots && respectRobots && !robots.allowed(url.pathname + url.search)) {
      if (robotsSkipped.size < 1000) robotsSkipped.add(url.href);
      return;
    }
    const key = endpointKey(method, url);
    if (!endpoints.add(key, { method, url: url.href, params: paramNames(url), source })) {
      stops.add('endpoints');
      return;
    }
    if (method === 'GET' && depth < maxDepth && !visited.has(key) && !SESSION_ENDING.test(url.pathname)) {
      visited.add(key);
      queue.push({ url, depth, kind: 'page' });
    }
  };

  const readScript = (text: string, against: URL, depth: number) => {
    for (const call of scriptEndpoints(text)) {
      if (!call.jsonKeys) {
        discover(call.url, against, depth + 1, 'script', call.method);
        continue;
      }
      // A JSON call: the body's keys are the parameters.
      let url: URL;
      try {
        url = normaliseUrl(new URL(call.url, against));
      } catch {
        continue;
      }
      if (url.origin !== base.origin) {
        offScope(url);
        continue;
      }
      if (depth + 1 > maxDepth) continue;
      if (robots && respectRobots && !robots.allowed(url.pathname + url.search)) continue;
      const body = JSON.stringify(Object.fromEntries(call.jsonKeys.map((k) => [k, '1'])));
      endpoints.add(endpointKey(call.method, url, call.jsonKeys), {
        method: call.method,
        url: url.href,
        params: paramNames(url, call.jsonKeys),
        source: 'script',
        bodyType: 'json',
        body,
      });
    }
  };

  const scriptsSeen = new Set<string>();
  const handle = async (job: Job) => {
    const response = await fetchUrl(job.url);
    if (!response) return;
    const location = response.headers.location;
    if (response.status >= 300 && response.status < 400 && location) {
      discover(location, job.url, job.depth + 1, 'link');
      return;
    }
    const type = (response.headers['content-type'] ?? '').toLowerCase();
    const text = bodyText(response.body, type);
    if (job.kind === 'script' || /javascript|ecmascript/.test(type)) {
      readScript(text, job.url, job.depth);
      return;
    }
    const looksHtml = /html/.test(type) || (!type && /^\s*</.test(text));
    if (!looksHtml) return;
    const page = extractPage(text);
    let against = job.url;
    try {
      if (page.base) against = new URL(page.base, job.url);
    } catch {}
    for (const href of page.links) discover(href, against, job.depth + 1, 'link');
    for (const form of page.forms) {
      const request = formRequest(form, job.url, against);
      if (!request) continue;
      if (request.url.origin !== base.origin) {
        offScope(request.url);
        continue;
      }
      if (job.depth + 1 > maxDepth) continue;
      if (robots && respectRobots && !robots.allowed(request.url.pathname + request.url.search)) {
        robotsSkipped.add(request.url.href);
        continue;
      }
      if (request.method === 'GET') {
        discover(request.url.href, job.url, job.depth + 1, 'form');
        continue;
      }
      const key = endpointKey('POST', request.url, request.bodyNames);
      if (!endpoints.add(key, { ...request.endpoint, source: 'form' })) stops.add('endpoints');
    }
    for (const script of page.inlineScripts) readScript(script, against, job.depth);
    for (const src of page.scriptSrcs) {
      let url: URL;
      try {
        url = normaliseUrl(new URL(src, against));
      } catch {
        continue;
      }
      if (url.origin !== base.origin) {
        offScope(url);
        continue;
      }
      if (scriptsSeen.has(url.href) || scriptsSeen.size >= 200) continue;
      if (robots && respectRobots && !robots.allowed(url.pathname + url.search)) continue;
      scriptsSeen.add(url.href);
      queue.push({ url, depth: job.depth, kind: 'script' });
    }
  };

  try {
    // robots.txt and sitemaps first: what they disallow is known before any page is read.
    if (respectRobots || readSitemaps) {
      const response = await fetchUrl(new URL('/robots.txt', base));
      if (response && response.status === 200) robots = parseRobots(bodyText(response.body, undefined));
    }
    discover(base.href, base, 0, 'link');
    if (robots) {
      for (const path of robots.paths) discover(path, base, 1, 'robots');
    }
    if (readSitemaps) {
      const pending = [new URL('/sitemap.xml', base).href, ...(robots?.sitemaps ?? [])];
      const read = new Set<string>();
      while (pending.length > 0 && read.size < MAX_SITEMAPS && !controller.signal.aborted) {
        let url: URL;
        try {
          url = normaliseUrl(new URL(pending.shift()!, base));
        } catch {
          continue;
        }
        if (read.has(url.href)) continue;
        if (url.origin !== base.origin) {
          offScope(url);
          continue;
        }
        read.add(url.href);
        const response = await fetchUrl(url);
        if (response?.status !== 200) continue;
        const entries = parseSitemap(bodyText(response.body, response.headers['content-type']), maxPages);
        for (const page of entries.pages) discover(page, base, 1, 'sitemap');
        pending.push(...entries.sitemaps);
      }
    }

    await new Promise<void>((resolve) => {
      let active = 0;
      const pump = () => {
        while (active < concurrency && queue.length > 0 && !controller.signal.aborted) {
          if (pagesFetched >= maxPages) {
            stops.add('pages');
            break;
          }
          const job = queue.shift()!;
          pagesFetched++;
          active++;
          handle(job)
            .catch(() => {
              errors++;
            })
            .finally(() => {
              active--;
              pump();
            });
        }
        if (active === 0 && (queue.length === 0 || controller.signal.aborted || pagesFetched >= maxPages))
          resolve();
      };
      controller.signal.addEventListener('abort', () => {
        if (active === 0) resolve();
      });
      pump();
    });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
  return {
    endpoints: endpoints.list(),
    pagesFetched,
    stoppedBy: [...stops],
    robotsSkipped: [...robotsSkipped].sort(),
    outOfScope: outOfScope.size,
    errors,
  };
}
