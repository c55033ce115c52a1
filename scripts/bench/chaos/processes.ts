/**
 * The chaos run's processes: Didban servers on fixed ports (so a killed one comes back at the same
 * address) and didban-worker processes, each restartable after a SIGKILL.
 */
import type { ChildProcess } from 'node:child_process';
import { spawnServer, waitReady } from '../lib/server-process.mjs';
import { spawnWorker } from '../lib/worker-process.mjs';

export type Managed = {
  name: string;
  kind: 'server' | 'worker';
  start(): Promise<void>;
  /** SIGKILL: no goodbye to the server, no lease given back. */
  kill(): void;
  stop(): Promise<void>;
  alive(): boolean;
  starts: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function managed(
  name: string,
  kind: Managed['kind'],
  launch: () => ChildProcess,
  ready: () => Promise<void>,
): Managed {
  let child: ChildProcess | null = null;
  const m: Managed = {
    name,
    kind,
    starts: 0,
    async start() {
      child = launch();
      m.starts += 1;
      await ready();
    },
    kill() {
      child?.kill('SIGKILL');
      child = null;
    },
    async stop() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      c.kill('SIGTERM');
      await Promise.race([new Promise((r) => c.once('exit', r)), sleep(5_000)]);
      if (c.exitCode === null) c.kill('SIGKILL');
    },
    alive: () => child !== null && child.exitCode === null,
  };
  return m;
}

/** A server process (apps/server/src/main.ts) on `port`; ready once /readyz answers. */
export function serverProcess(name: string, port: number, env: Record<string, string>): Managed {
  return managed(
    name,
    'server',
    () => spawnServer(port, { LOG_LEVEL: 'error', ...env }, ['ignore', 'ignore', 'ignore']),
    // No `child` given: a server killed while it starts is started again by the driver, not an error.
    () => waitReady(`http://127.0.0.1:${port}`, { timeoutMs: 240_000, name }),
  );
}

/** A self-hosted worker process (didban-worker) against `serverUrl`. */
export function workerProcess(name: string, serverUrl: string, key: string, resolver: string): Managed {
  return managed(
    name,
    'worker',
    () =>
      spawnWorker({
        server: serverUrl,
        key,
        resolver,
        // One chunk at a time, so the chunks spread over the workers and one kill costs one chunk.
        args: ['--concurrency', '1', '--name', name],
        stdio: ['ignore', 'ignore', 'ignore'],
      }),
    async () => {},
  );
}
