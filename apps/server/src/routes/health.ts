import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { pingDatabase } from '../db/database.js';

/** Liveness and readiness for load balancers and orchestrators (outside /api/v1, no auth). */
export function healthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      {
        config: { access: 'public' },
        schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } },
      },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/readyz',
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          response: {
            200: z.object({ status: z.literal('ready') }),
            503: z.object({ status: z.literal('unavailable') }),
          },
        },
      },
      async (request, reply) => {
        try {
          await pingDatabase(deps.db);
          return { status: 'ready' as const };
        } catch (error) {
          request.log.warn({ err: error }, 'database not reachable');
          return reply.status(503).send({ status: 'unavailable' as const });
        }
      },
    );
  };
}
