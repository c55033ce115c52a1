/** What the crawler reports: the requests of a web asset worth fuzzing, and how it found them. */

/** Where an endpoint was first seen (the order is the precedence when several sources find it). */
export type EndpointSource = 'link' | 'form' | 'script' | 'sitemap' | 'robots';

export const ENDPOINT_SOURCES: readonly EndpointSource[] = ['link', 'form', 'script', 'sitemap', 'robots'];

export type EndpointBodyType = 'form' | 'json' | 'multipart';

/**
 * One endpoint: same method, path and parameter names are one endpoint, whatever the values; `url`
 * (and `body`) keep one example value set.
 */
export interface CrawledEndpoint {
  /** `GET` or `POST` (a form's method; script calls may name others). */
  method: string;
  /** Absolute URL without fragment, with the example query string. */
  url: string;
  /** Parameter names: the query's, then the body's, each once, in order of appearance. */
  params: string[];
  source: EndpointSource;
  /** How `body` is encoded, for requests with a body. */
  bodyType?: EndpointBodyType;
  /**
   * Example body: `a=1&b=2` for `form` and `multipart` (the multipart wire form is built by
   * `endpointToFuzzInput`), JSON text for `json`.
   */
  body?: string;
}

export interface CrawlOptions {
  /** Links away from the base URL an endpoint may be (base = 0). Pages at the last depth are listed, not fetched. Default 3. */
  maxDepth?: number;
  /** Requests for pages and scripts (robots.txt and sitemaps not counted). Default 200. */
  maxPages?: number;
  /** Whole crawl deadline. Default 60,000 ms. */
  timeMs?: number;
  /** Requests in flight at once. Default 4. */
  concurrency?: number;
  /** Body bytes read per response (the rest is not read). Default 2 MiB. */
  bodyLimit?: number;
  /** One request's deadline. Default 10,000 ms (never past the crawl deadline). */
  requestTimeoutMs?: number;
  /** Skip paths robots.txt disallows (for `*` or Didban). Default true. */
  respectRobots?: boolean;
  /** Read /sitemap.xml (and the sitemaps robots.txt names). Default true. */
  sitemap?: boolean;
  /** Endpoints kept at most (a page of endless links cannot grow memory). Default 5,000. */
  maxEndpoints?: number;
  /** Address to connect to (what discovery resolved); looked up once when omitted. */
  ip?: string;
  userAgent?: string;
  signal?: AbortSignal;
}

export type CrawlStop = 'pages' | 'time' | 'endpoints' | 'aborted';

export interface CrawlResult {
  /** Deduplicated, sorted by URL then method. */
  endpoints: CrawledEndpoint[];
  /** Pages and scripts requested (robots.txt and sitemaps not counted). */
  pagesFetched: number;
  /** Limits that cut the crawl short (empty when it ran out of links). */
  stoppedBy: CrawlStop[];
  /** In-scope URLs robots.txt kept the crawler from (when respectRobots). */
  robotsSkipped: string[];
  /** Distinct URLs on other hosts or ports (links, forms, scripts, sitemaps, redirects): counted, never requested. */
  outOfScope: number;
  /** Requests that failed (refused, timed out before headers, …). */
  errors: number;
}
