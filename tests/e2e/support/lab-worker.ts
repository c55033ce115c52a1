import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Lab, labProviders } from '../../../apps/server/test/helpers/lab';
import { endGroup, onAnyExit } from './exit-cleanup';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * A real worker from this checkout, resolving lab names through the lab's DNS server and asking
 * its passive-source stand-ins; in a process group of its own so stopLabWorker ends all of it.
 */
export function startLabWorker(
  baseUrl: string,
  lab: Lab,
  apiKey: string,
  extra: string[] = [],
  { providers = true }: { providers?: boolean } = {},
): ChildProcess {
  const sources = labProviders(lab.manifest()).map((p) => `${p.name}=${p.apiKey}@${p.baseUrl}`);
  const child = spawn(
    'node',
    [
      'apps/worker/bin/didban-worker.mjs',
      ...['--server', baseUrl, '--key', apiKey, '--resolver', lab.resolver],
      ...(providers ? ['--provider', sources.join(',')] : []),
      ...['--task-interval', '0.5', '--httpx-timeout', '4'],
      ...extra,
    ],
    { cwd: REPO, detached: true, stdio: 'ignore' },
  );
  // Detached, so Ctrl+C does not reach it: end it when the run ends in any way.
  const forget = onAnyExit(() => {
    if (child.exitCode === null) endGroup(child.pid);
  });
  child.once('exit', forget);
  return child;
}

/** End a worker started by startLabWorker and wait until it has exited. */
export async function stopLabWorker(child: ChildProcess | null): Promise<void> {
  if (!child?.pid || child.exitCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid, 'SIGTERM');
  await gone;
}
