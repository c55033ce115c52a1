import { connect, type LookupFunction } from 'node:net';
import { parseTarget } from '@didban/engine';

export type Reachability =
  | { target: string; reachable: true }
  | { target: string; reachable: false; reason: string };

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
};

/**
 * Whether anything answers at a target before the templates run: one TCP connection to its port
 * (443 then 80 for a bare host, as the engine tries https then http). Without it a dead target
 * produced "No findings." and exit 0, passing a `--fail-on` gate it never faced.
 */
export async function probeTargets(
  targets: readonly string[],
  timeoutMs: number,
  signal: AbortSignal,
  concurrency = 50,
  /** The run's `--resolver` for host names (the engine's resolverLookup); else the system's. */
  lookup?: LookupFunction,
): Promise<Reachability[]> {
  const results: Reachability[] = new Array(targets.length);
  let next = 0;
  const lane = async () => {
    while (next < targets.length && !signal.aborted) {
      const i = next++;
      results[i] = await probe(targets[i]!, timeoutMs, lookup);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, lane));
  return results.filter(Boolean);
}

async function probe(target: string, timeoutMs: number, lookup?: LookupFunction): Promise<Reachability> {
  const t = parseTarget(target);
  const ports =
    t.explicitPort !== undefined
      ? [t.explicitPort]
      : t.scheme === 'https'
        ? [443]
        : t.scheme === 'http'
          ? [80]
          : [443, 80];
  let reason = '';
  for (const port of ports) {
    const failure = await connectOnce(t.host, port, timeoutMs, lookup);
    if (failure === null) return { target, reachable: true };
    reason ||= failure;
  }
  return { target, reachable: false, reason };
}

function connectOnce(
  host: string,
  port: number,
  timeoutMs: number,
  lookup?: LookupFunction,
): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, ...(lookup ? { lookup } : {}) });
    const timer = setTimeout(() => done(`timed out after ${timeoutMs / 1000} s`), timeoutMs);
    const done = (result: string | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    socket.once('connect', () => done(null));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      done(REASONS[error.code ?? ''] ?? error.code ?? error.message),
    );
  });
}
