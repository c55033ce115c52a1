import type { RequestListener } from 'node:http';
import { readBody } from './harness.js';

/** One route of a declarative `server.json`. */
export interface JsonRoute {
  readonly method?: string;
  readonly path: string;
  /** All must be present in the request (header names lowercase). */
  readonly requestHeaders?: Readonly<Record<string, string>>;
  /** Substrings the raw query must contain. */
  readonly queryContains?: readonly string[];
  readonly bodyContains?: readonly string[];
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
  readonly body?: string;
  readonly bodyBase64?: string;
}

export interface JsonServer {
  readonly routes: readonly JsonRoute[];
  /** Appended to the server URL to form the target. */
  readonly targetPath?: string;
}

/** Serves the first route whose method, path, headers, query and body conditions all hold; else 404. */
export function jsonServerHandler(spec: JsonServer): RequestListener {
  return async (req, res) => {
    const body = await readBody(req);
    const [path = '/', query = ''] = (req.url ?? '/').split(/\?(.*)/s);
    const route = spec.routes.find(
      (r) =>
        (r.method ?? 'GET') === req.method &&
        r.path === path &&
        Object.entries(r.requestHeaders ?? {}).every(([k, v]) => req.headers[k] === v) &&
        (r.queryContains ?? []).every((q) => query.includes(q)) &&
        (r.bodyContains ?? []).every((b) => body.includes(b)),
    );
    if (!route) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(route.status ?? 200, route.headers as Record<string, string | string[]>);
    res.end(route.bodyBase64 ? Buffer.from(route.bodyBase64, 'base64') : (route.body ?? ''));
  };
}
