import type { WorkerHandle } from '@didban/worker';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { loadOrCreateSecret } from '../auth/secret.js';
import type { Config } from '../config/env.js';
import type { Db } from '../db/database.js';
import { ensureBuiltinWorker } from './builtin.js';
import { ownAddresses, trustedResolvers } from './builtin-scope.js';

/** The listening address as a URL this process can call (a wildcard bind becomes loopback). */
export function selfUrl(address: string): string {
  const url = new URL(address);
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1';
  if (url.hostname === '[::]') url.hostname = '[::1]';
  return url.origin;
}

/** What server.ts needs of a running built-in worker. */
export type BuiltinWorkerHandle = Pick<WorkerHandle, 'stop'>;

/**
 * Run the built-in worker so `pnpm start` discovers with nothing else installed. By default in
 * a child process (DIDBAN_BUILTIN_WORKER_ISOLATION=process): its scans cannot block the API's
 * event loop, every socket it opens passes the scan scope policy (internal ranges and the
 * server itself refused unless DIDBAN_BUILTIN_WORKER_ALLOW opens them), and a task that
 * computes too long is killed and failed with the reason. Its worker-protocol calls are
 * answered in-process (app.inject), so the child never needs a socket to the server.
 */
export async function startBuiltinWorker(
  config: Config,
  db: Db,
  app: FastifyInstance,
  address: string,
  log: FastifyBaseLogger,
): Promise<BuiltinWorkerHandle> {
  const { key } = await ensureBuiltinWorker(db, loadOrCreateSecret(config.secret, config.dataDir));
  // Loaded only when enabled: the engine (technology data, browser driver) is heavy to import.
  const { parseProviders, startIsolatedWorker, startWorker } = await import('@didban/worker');
  const providers = parseProviders(config.workerProviders);
  if (config.builtinWorkerIsolation === 'inline') {
    log.warn(
      'the built-in worker runs inside the API process with no scan scope policy (DIDBAN_BUILTIN_WORKER_ISOLATION=inline)',
    );
    return startWorker({
      serverUrl: selfUrl(address),
      apiKey: key,
      taskIntervalSeconds: config.builtinWorkerIntervalSeconds,
      maxConcurrency: config.builtinWorkerConcurrency,
      resolvers: config.workerResolvers,
      providers,
      onEvent: (event) => {
        if (event.type === 'retry') log.warn({ worker: 'built-in', ...event }, 'built-in worker retrying');
        // A result post every couple of seconds per running task: detail, not news.
        else if (event.type === 'batch')
          log.debug({ worker: 'built-in', ...event }, 'built-in worker: batch');
        else log.info({ worker: 'built-in', ...event }, `built-in worker: ${event.type}`);
      },
    });
  }
  const scope = {
    blockInternal: true,
    allow: config.builtinWorkerAllow,
    deny: [],
    ownAddresses: await ownAddresses(config, address),
    trusted: trustedResolvers(config),
  };
  return startIsolatedWorker({
    config: {
      apiKey: key,
      taskIntervalSeconds: config.builtinWorkerIntervalSeconds,
      maxConcurrency: config.builtinWorkerConcurrency,
      resolvers: config.workerResolvers,
      providers,
      scope,
      screenshots: config.builtinWorkerScreenshots,
      maxRequestsPerTask: config.builtinTaskMaxRequests,
    },
    api: async (request) => {
      const response = await app.inject({
        method: request.method as 'POST',
        url: request.path,
        headers: request.headers,
        payload: request.body,
      });
      return { status: response.statusCode, body: response.body };
    },
    taskTimeLimitSeconds: config.builtinTaskSeconds,
    stallLimitSeconds: config.builtinTaskStallSeconds,
    // A larger young generation saves the engine about a quarter of its CPU (docs/benchmarks.md).
    // The heap cap makes V8 stop the child rather than let it grow; response bodies live
    // outside the heap, so the supervisor also watches the child's resident size (same limit).
    execArgv: ['--max-semi-space-size=64', `--max-old-space-size=${config.builtinWorkerMemoryMb}`],
    memoryLimitMb: config.builtinWorkerMemoryMb,
    onEvent: (event) => {
      if (event.type === 'retry') log.warn({ worker: 'built-in', ...event }, 'built-in worker retrying');
      else if (event.type === 'killed') log.warn({ worker: 'built-in', ...event }, 'built-in worker killed');
      else if (event.type === 'refused')
        log.info({ worker: 'built-in', ...event }, 'built-in worker: refused by the scan scope');
      else if (event.type === 'batch') log.debug({ worker: 'built-in', ...event }, 'built-in worker: batch');
      else log.info({ worker: 'built-in', ...event }, `built-in worker: ${event.type}`);
    },
  });
}
