/**
 * TCP connect scan: a port is open when the three-way handshake completes. No raw sockets, so
 * it needs no privileges and works the same in a container or on Windows.
 */
import net from 'node:net';
import { concurrentMap } from '../util/concurrent-map.js';

export interface PortTarget {
  ip: string;
  port: number;
}

export type PortState = 'open' | 'closed' | 'filtered';

export interface PortResult extends PortTarget {
  state: PortState;
  /** Time to connect or fail, ms. */
  rttMs: number;
}

/**
 * Try one connection. `closed` = refused (RST); `filtered` = no answer within the timeout or
 * unreachable.
 */
export function probePort(
  ip: string,
  port: number,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<PortResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect({ host: ip, port });
    let settled = false;
    const finish = (state: PortState) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      // RST instead of FIN: we never talk to the port, and it frees the socket at once.
      socket.resetAndDestroy();
      resolve({ ip, port, state, rttMs: performance.now() - started });
    };
    const onAbort = () => finish('filtered');
    const timer = setTimeout(() => finish('filtered'), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => finish('open'));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      finish(error.code === 'ECONNREFUSED' ? 'closed' : 'filtered'),
    );
  });
}

export interface ScanOptions {
  timeoutMs: number;
  concurrency: number;
  signal?: AbortSignal;
}

/**
 * Scan targets (lazily pulled) and yield only open ports, as they are found.
 *
 * @example
 * for await (const open of scanPorts(pairs(['127.0.0.1'], [22, 80]), { timeoutMs: 1000, concurrency: 500 })) {
 *   console.log(`${open.ip}:${open.port}`);
 * }
 */
export async function* scanPorts(
  targets: Iterable<PortTarget> | AsyncIterable<PortTarget>,
  options: ScanOptions,
): AsyncGenerator<PortResult> {
  const results = concurrentMap(
    targets,
    options.concurrency,
    (t) => probePort(t.ip, t.port, options.timeoutMs, options.signal),
    { signal: options.signal },
  );
  for await (const result of results) if (result.state === 'open') yield result;
}

/** Every (ip, port) pair, host-major, without building the cross product in memory. */
export function* portPairs(ips: Iterable<string>, ports: readonly number[]): Generator<PortTarget> {
  for (const ip of ips) for (const port of ports) yield { ip, port };
}
