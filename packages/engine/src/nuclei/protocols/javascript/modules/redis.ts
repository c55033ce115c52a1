import { Redis } from 'ioredis';
import { onAbort } from '../../../util/abort-registry.js';
import { exchange, type ModuleContext, portOf } from './context.js';
import type { HostModule } from './types.js';

/** INFO after a PING, as nuclei's go-redis calls do (a refused AUTH or NOAUTH is an error). */
async function serverInfo(
  ctx: ModuleContext,
  host: unknown,
  port: unknown,
  password?: unknown,
): Promise<string> {
  const client = new Redis({
    host: String(host),
    port: portOf(port),
    password: password === undefined || password === null || password === '' ? undefined : String(password),
    lazyConnect: true,
    connectTimeout: ctx.timeoutMs,
    commandTimeout: ctx.timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    reconnectOnError: () => false,
  });
  client.on('error', () => {});
  const stop = () => client.disconnect();
  const unregister = onAbort(ctx.signal, stop);
  try {
    await client.connect();
    await client.ping();
    return await client.info();
  } finally {
    unregister();
    client.disconnect();
  }
}

/**
 * fingerprintx's Redis check (nuclei's IsAuthenticated): a PING answered `+PONG`, or refused with
 * an authentication error, is a Redis server; anything else is an error.
 */
async function isRedis(ctx: ModuleContext, host: unknown, port: unknown): Promise<boolean> {
  const reply = (
    await exchange(ctx, String(host), portOf(port), Buffer.from('*1\r\n$4\r\nPING\r\n'))
  ).toString('latin1');
  if (reply.startsWith('+PONG') || /^-(NOAUTH|ERR operation not permitted|ERR Client sent AUTH)/.test(reply))
    return true;
  throw new Error('the service is not redis');
}

/** nuclei/redis (pkg/js/libs/redis) over ioredis. */
export const redisModule: HostModule = {
  name: 'redis',
  functions: {
    GetServerInfo: (ctx, host, port) => serverInfo(ctx, host, port),
    GetServerInfoAuth: (ctx, host, port, password) => serverInfo(ctx, host, port, password),
    Connect: async (ctx, host, port, password) => {
      await serverInfo(ctx, host, port, password);
      return true;
    },
    IsAuthenticated: (ctx, host, port) => isRedis(ctx, host, port),
  },
  guest: `
    return {
      GetServerInfo: (h, p) => __host('redis', 'GetServerInfo', h, p),
      GetServerInfoAuth: (h, p, pw) => __host('redis', 'GetServerInfoAuth', h, p, pw),
      Connect: (h, p, pw) => __host('redis', 'Connect', h, p, pw),
      IsAuthenticated: (h, p) => __host('redis', 'IsAuthenticated', h, p),
    };
  `,
  api: ['GetServerInfo', 'GetServerInfoAuth', 'Connect', 'IsAuthenticated'],
};
