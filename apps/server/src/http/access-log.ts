import type { FastifyInstance } from 'fastify';

/**
 * One access line per request, at `info` only when an operator should read it: a server error
 * (status >= 500) or a request slower than `slowMs`. Everything else goes to `debug`, so a day
 * of panel polling does not bury the lines that matter (Fastify's own per-request lines are off).
 */
export function installAccessLog(app: FastifyInstance, slowMs: number): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const status = reply.statusCode;
    const notable = status >= 500 || ms >= slowMs;
    const line = {
      method: request.method,
      // The path only: a query may carry a one-time token (email links, payment callbacks).
      url: request.url.split('?')[0],
      status,
      ms,
    };
    if (notable) request.log.info(line, ms >= slowMs ? 'slow request' : 'request failed');
    else request.log.debug(line, 'request');
  });
}
