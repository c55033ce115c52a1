import type { FastifyInstance } from 'fastify';

/**
 * Lets `app.close()` end as soon as the requests in flight are answered. Fastify closes the
 * connections that are idle when it starts closing, but a keep-alive connection whose request
 * was still running (a worker's claim or heartbeat, a panel poll) stays open after its answer
 * until the keep-alive timeout (72 s), and close() waits for it all that time: a server stopped
 * by SIGTERM took over a minute to let go. From the moment closing starts, every answer says
 * `Connection: close` and its connection is ended once the answer is sent.
 */
export function closeConnectionsPromptly(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    // An answer sent just before closing began (without the header) may leave its connection
    // open; end it here rather than wait out the keep-alive timeout.
    if (closing) request.raw.socket?.end?.();
  });
}
