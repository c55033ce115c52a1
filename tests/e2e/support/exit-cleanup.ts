/**
 * What a browser-test run starts outside its own process group (the detached server, a worker copied
 * from the setup guide) and the folders it makes, ended and removed on ANY exit of the process that
 * started them: a normal end, Ctrl+C (SIGINT), SIGTERM from a CI runner, or a closed terminal (SIGHUP).
 * Vitest does not run a global setup's teardown when it is interrupted, which once left a server with
 * DIDBAN_TEST_HOOKS=1 listening on a loopback port and its data folder behind.
 * Everything here is synchronous: an 'exit' listener cannot wait for anything.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';

type Cleanup = () => void;

const cleanups = new Set<Cleanup>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let installed = false;

function runAll(): void {
  for (const cleanup of [...cleanups]) {
    cleanups.delete(cleanup);
    try {
      cleanup();
    } catch {
      // one failed cleanup must not keep the others from running
    }
  }
}

function install(): void {
  if (installed) return;
  installed = true;
  process.once('exit', runAll);
  for (const signal of SIGNALS) {
    process.once(signal, () => {
      runAll();
      // Nobody else listens (our listener is gone now): end as the signal would have.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
}

/** Run `cleanup` once when this process ends in any way; the returned function forgets it. */
export function onAnyExit(cleanup: Cleanup): () => void {
  install();
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

/** SIGTERM to a process group started with `detached: true` (pnpm → tsx → node: all of it). */
export function endGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** Remove a folder this run made, whatever is in it. */
export function removeFolder(path: string): void {
  rmSync(path, { recursive: true, force: true });
}

/**
 * End every process on this machine that carries `NAME=value` in its environment (Linux /proc).
 * The run sets such a marker before any spec starts, so whatever a spec spawned (servers, workers,
 * `pnpm demo`, Chromium), in a group of its own or not, inherits it and is found here.
 */
export function endMarkedProcesses(name: string, value: string): void {
  const needle = `\0${name}=${value}\0`;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return; // not Linux: the groups ended above are all we can do
  }
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    try {
      const environ = `\0${readFileSync(`/proc/${pid}/environ`, 'latin1')}`;
      if (environ.includes(needle)) process.kill(Number(pid), 'SIGTERM');
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
}
