/**
 * Taking a JARM fingerprint: ten plain TCP connections, each sending one ClientHello and reading
 * the first answer. The sockets are opened with net.connect, so the process's scope guard
 * (packages/engine/src/scope/socket-guard.ts) checks every one like any other engine traffic.
 */
import { connect } from 'node:net';
import { onAbort } from '../../util/abort-registry.js';
import { buildClientHello, JARM_PROBES } from './probes.js';
import { jarmHash, NO_ANSWER, readServerHello } from './server-hello.js';

/** The reference reads one `recv(1484)`. */
const READ_LIMIT = 1484;

export interface JarmOptions {
  /** Per probe: connect plus answer. A probe that times out makes the whole fingerprint zeros, as in the reference. */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

class ProbeTimeout extends Error {}

/** Bytes answered to one ClientHello: up to the end of the first TLS record (or 1,484 bytes). */
function exchange(
  host: string,
  port: number,
  hello: Buffer,
  options: JarmOptions,
): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (error: Error | undefined, data?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unregister();
      socket.destroy();
      if (error) reject(error);
      else resolve(data);
    };
    const timer = setTimeout(
      () => finish(new ProbeTimeout(`JARM probe to ${host}:${port} timed out`)),
      options.timeoutMs,
    );
    const unregister = options.signal
      ? onAbort(options.signal, () => finish(new Error('aborted')))
      : () => {};
    socket.once('connect', () => socket.write(hello));
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const recordEnd = received.length >= 5 ? 5 + received.readUInt16BE(3) : Number.POSITIVE_INFINITY;
      if (received.length >= Math.min(recordEnd, READ_LIMIT))
        finish(undefined, received.subarray(0, READ_LIMIT));
    });
    socket.once('end', () => finish(undefined, received));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      // A scope refusal is not an answer: the caller must not fingerprint what it may not reach.
      error.code === 'EDIDBANSCOPE'
        ? finish(error)
        : finish(undefined, received.length > 0 ? received : undefined),
    );
  });
}

/**
 * The JARM fingerprint of a TLS service (62 characters; 62 zeros when nothing answers TLS).
 * @example await jarmFingerprint('127.0.0.1', 8443, { timeoutMs: 5000 })
 */
export async function jarmFingerprint(host: string, port: number, options: JarmOptions): Promise<string> {
  const answers: string[] = [];
  for (const probe of JARM_PROBES) {
    if (options.signal?.aborted) throw new Error('aborted');
    try {
      answers.push(readServerHello(await exchange(host, port, buildClientHello(probe, host), options)));
    } catch (error) {
      if (error instanceof ProbeTimeout) return jarmHash(JARM_PROBES.map(() => NO_ANSWER));
      throw error;
    }
  }
  return jarmHash(answers);
}
