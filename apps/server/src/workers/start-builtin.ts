import type { WorkerHandle } from '@didban/worker';
import type { FastifyBaseLogger } from 'fastify';
import { loadOrCreateSecret } from '../auth/secret.js';
import type { Config } from '../config/env.js';
import type { Db } from '../db/database.js';
import { ensureBuiltinWorker } from './builtin.js';

/** The listening address as a URL this process can call (a wildcard bind becomes loopback). */
export function selfUrl(address: string): string {
  const url = new URL(address);
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1';
  if (url.hostname === '[::]') url.hostname = '[::1]';
  return url.origin;
}

/**
 * Run the built-in worker in this process, talking to this server over HTTP like any other
 * worker (same protocol, same leases), so `pnpm start` discovers with nothing else installed.
 */
export async function startBuiltinWorker(
  config: Config,
  db: Db,
  address: string,
  log: FastifyBaseLogger,
): Promise<WorkerHandle> {
  const { key } = await ensureBuiltinWorker(db, loadOrCreateSecret(config.secret, config.dataDir));
  // Loaded only when enabled: the engine (technology data, browser driver) is heavy to import.
  const { parseProviders, startWorker } = await import('@didban/worker');
  return startWorker({
    serverUrl: selfUrl(address),
    apiKey: key,
    taskIntervalSeconds: config.builtinWorkerIntervalSeconds,
    resolvers: config.workerResolvers,
    providers: parseProviders(config.workerProviders),
    onEvent: (event) => {
      if (event.type === 'retry') log.warn({ worker: 'built-in', ...event }, 'built-in worker retrying');
      else log.info({ worker: 'built-in', ...event }, `built-in worker: ${event.type}`);
    },
  });
}
