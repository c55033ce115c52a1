/**
 * The chaos run's processes: Didban servers on fixed ports (so a killed one comes back at the same
 * address) and didban-worker processes, each restartable after a SIGKILL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../lib/server-process.mjs';

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
  const url = `http://127.0.0.1:${port}`;
  return managed(
    name,
    'server',
    () =>
      spawn(
        process.execPath,
        ['--conditions=didban-source', '--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')],
        {
          cwd: join(ROOT, 'apps/server'),
          env: { ...process.env, PORT: String(port), LOG_LEVEL: 'error', ...env },
          stdio: ['ignore', 'ignore', 'ignore'],
        },
      ),
    async () => {
      const deadline = Date.now() + 240_000;
      for (;;) {
        try {
          if ((await fetch(`${url}/readyz`)).ok) return;
        } catch {}
        if (Date.now() > deadline) throw new Error(`${name} did not start within 240 s`);
        await sleep(200);
      }
    },
  );
}

/** A self-hosted worker process (didban-worker) against `serverUrl`. */
export function workerProcess(name: string, serverUrl: string, key: string, resolver: string): Managed {
  return managed(
    name,
    'worker',
    () =>
      spawn(
        process.execPath,
        [
          join(ROOT, 'apps/worker/bin/didban-worker.mjs'),
          '--server',
          serverUrl,
          '--key',
          key,
          '--resolver',
          resolver,
          '--task-interval',
          '1',
          // One chunk at a time, so the chunks spread over the workers and one kill costs one chunk.
          '--concurrency',
          '1',
          '--name',
          name,
        ],
        { cwd: ROOT, stdio: ['ignore', 'ignore', 'ignore'] },
      ),
    async () => {},
  );
}
