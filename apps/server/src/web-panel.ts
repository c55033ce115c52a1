import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serve the built panel (apps/web/dist) from the API's own port. Hashed files under /assets/ are
 * cached for a year; index.html never, so a new release is picked up on the next load. Unknown
 * non-API paths fall back to index.html (see the not-found handler) for client-side routes.
 */
export async function serveWebPanel(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.warn(
      { webDist },
      'web panel not built: run `pnpm --filter @didban/web build`; serving the API only',
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes(`${join(webDist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.decorate('spaFallback', true);
}
