/**
 * A small web site that is clean by default (security headers, no version banners, 404 for
 * unknown paths) and exhibits exactly the weaknesses planted on it. Three clean modes exist so the
 * public library can be shown silent on: a plain page, a soft-404 site (200 for every path, with
 * the path echoed back) and a site that answers 404 to everything.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CleanMode, HttpWeakness, Reply } from './types.js';

/** Headers of a well-configured site; weaknesses remove or replace them. */
export const CLEAN_HEADERS: Readonly<Record<string, string>> = {
  server: 'nginx',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'content-security-policy': "default-src 'self'; frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'geolocation=(), camera=(), microphone=()',
};

const HOME =
  '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Didban Lab Shop</title></head>\n<body><h1>Didban Lab Shop</h1><p>Nothing to see here.</p></body></html>\n';
const NOT_FOUND =
  '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>404 Not Found</title></head>\n<body><h1>Not Found</h1></body></html>\n';

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mutable state of one site: its clean mode and the weaknesses planted on it, in order. */
export class WeakSite {
  readonly planted = new Map<string, HttpWeakness>();
  constructor(readonly mode: CleanMode = 'plain') {}

  /** The request handler for node:http / node:https. */
  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    // Drain any request body first so keep-alive connections stay usable.
    req.resume();
    req.on('end', () => this.answer(req, res));
  };

  private answer(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://lab');
    const weaknesses = [...this.planted.values()];
    let reply: Reply | undefined;
    for (const w of weaknesses) {
      if (w.method && req.method === w.method.name) reply = w.method.reply(req);
      const route = w.routes?.[url.pathname];
      if (!reply && route) reply = typeof route === 'function' ? route(req, url) : route;
      if (reply) break;
    }
    if (!reply) reply = this.cleanReply(req, url, weaknesses);

    const headers: Record<string, string> = { ...CLEAN_HEADERS, 'content-type': 'text/html; charset=utf-8' };
    for (const w of weaknesses) for (const name of w.omit ?? []) delete headers[name];
    for (const w of weaknesses) {
      const extra = typeof w.headers === 'function' ? w.headers(req) : w.headers;
      for (const [k, v] of Object.entries(extra ?? {})) headers[k.toLowerCase()] = v;
    }
    for (const [k, v] of Object.entries(reply.headers ?? {})) headers[k.toLowerCase()] = v;
    const body = reply.body === undefined ? Buffer.alloc(0) : Buffer.from(reply.body);
    headers['content-length'] = String(body.length);
    res.writeHead(reply.status ?? 200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  private cleanReply(_req: IncomingMessage, url: URL, weaknesses: HttpWeakness[]): Reply {
    if (this.mode === 'all-404') return { status: 404, body: NOT_FOUND };
    if (url.pathname === '/') {
      const home = weaknesses.find((w) => w.home)?.home;
      return { status: 200, body: home ?? HOME };
    }
    if (this.mode === 'soft-404') {
      // Soft 404: a 200 page that mentions the path, the classic trap for loose matchers.
      return {
        status: 200,
        body: `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Page not found</title></head>\n<body><h1>Sorry</h1><p>We could not find ${escapeHtml(url.pathname + url.search)}.</p></body></html>\n`,
      };
    }
    return { status: 404, body: NOT_FOUND };
  }
}
