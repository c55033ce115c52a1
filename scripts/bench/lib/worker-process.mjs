// Start a self-hosted worker (didban-worker) as a child process for benchmarks.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './server-process.mjs';

/**
 * A didban-worker against `server` with this key and DNS resolver, polling every second; `args`
 * adds flags (e.g. `--concurrency 1`).
 */
export function spawnWorker({ server, key, resolver, args = [], stdio = ['ignore', 'ignore', 'inherit'] }) {
  return spawn(
    process.execPath,
    [
      join(ROOT, 'apps/worker/bin/didban-worker.mjs'),
      '--server',
      server,
      '--key',
      key,
      '--resolver',
      resolver,
      '--task-interval',
      '1',
      ...args,
    ],
    { cwd: ROOT, stdio },
  );
}
