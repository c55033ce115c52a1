import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { createServer, type TlsOptions } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { evaluateDslCondition } from '../../src/nuclei/dsl/evaluate.js';
import { jarmFingerprint } from '../../src/nuclei/dsl/jarm/fingerprint.js';
import { clearJarmCache, prefetchJarm } from '../../src/nuclei/dsl/jarm/jarm-helper.js';
import { buildClientHello, JARM_PROBES, mung } from '../../src/nuclei/dsl/jarm/probes.js';
import { jarmHash, readServerHello } from '../../src/nuclei/dsl/jarm/server-hello.js';
import { compileOperators } from '../../src/nuclei/operators/compile-operators.js';
import { createScopePolicy, installSocketGuard } from '../../src/scope/index.js';

// Expected values below were produced by the reference implementation (salesforce/jarm's
// jarm.py v1.0) run separately, on the same bytes and against the same server configuration.

// A ServerHello record captured from a node:tls server (TLS 1.2, AES128-SHA, ALPN spdy/3).
const SERVER_HELLO =
  '160303004b0200004703038a334124d66fda5297def0b245a58dc99206510ee3e08ea736b3358fbaf72b35' +
  '00002f00001fff0100010000010001010023000000100009000706737064792f3300170000';
const bytes = (hex: string) => Buffer.from(hex, 'hex');

// The fixed configuration the reference fingerprinted as 06d06d…02228.
const PINNED: TlsOptions = {
  ciphers: 'AES128-SHA:ECDHE-RSA-AES256-SHA',
  minVersion: 'TLSv1',
  maxVersion: 'TLSv1.2',
  ALPNProtocols: ['spdy/3'],
};
const PINNED_JARM = '06d06d00006d06d00006d06d06d06dde5a0830d5b361606370e45f55f02228';

const CERTS = join(import.meta.dirname, '../../../../tests/conformance/harness/certs');
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
  clearJarmCache();
});

async function tlsServer(options: TlsOptions): Promise<{ port: number; connections: () => number }> {
  let count = 0;
  const server = createServer({
    key: readFileSync(join(CERTS, 'self-signed.key')),
    cert: readFileSync(join(CERTS, 'self-signed.crt')),
    ...options,
  });
  server.on('connection', () => count++);
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  return { port: (server.address() as AddressInfo).port, connections: () => count };
}

describe('JARM ServerHello reading (as the reference)', () => {
  it('reads cipher, version, ALPN and the extension order', () => {
    expect(readServerHello(bytes(SERVER_HELLO))).toBe('002f|0303|spdy/3|ff01-0001-0023-0010-0017');
  });

  it('gives |||  for an alert, nothing, or a non-handshake answer', () => {
    expect(readServerHello(bytes('15030300020228'))).toBe('|||');
    expect(readServerHello(undefined)).toBe('|||');
    expect(readServerHello(bytes('485454502f312e31'))).toBe('|||');
  });

  it('keeps the reference results for answers cut short', () => {
    expect(readServerHello(bytes(SERVER_HELLO).subarray(0, 44))).toBe('|0303||');
    expect(readServerHello(bytes(SERVER_HELLO).subarray(0, 60))).toBe('|||');
  });

  it('hashes ten answers into the 62-character fingerprint', () => {
    const tls12 = 'c02f|0303||ff01-0001-000b-0023-0017';
    const tls13 = '1302|0303||002b-0033';
    const answers = [tls12, tls12, '|||', tls12, tls12, '|||', tls13, tls13, '|||', '|||'];
    expect(jarmHash(answers)).toBe('29d29d00029d29d00042d42d000000ad9bf51cc3f5a1e29eecb81d0c7b06eb');
    expect(jarmHash(Array(10).fill('|||'))).toBe('0'.repeat(62));
  });
});

describe('JARM ClientHellos', () => {
  it('reorders as the reference: middle-out and top-half of an odd list', () => {
    expect(mung([1, 2, 3, 4, 5], 'MIDDLE_OUT')).toEqual([3, 4, 2, 5, 1]);
    expect(mung([1, 2, 3, 4, 5], 'TOP_HALF')).toEqual([3, 2, 1]);
    expect(mung([1, 2, 3, 4], 'BOTTOM_HALF')).toEqual([3, 4]);
  });

  it('builds well-formed records: lengths add up, the host is the SNI', () => {
    for (const probe of JARM_PROBES) {
      const hello = buildClientHello(probe, 'c2.example');
      expect(hello[0]).toBe(0x16);
      expect(hello.readUInt16BE(3)).toBe(hello.length - 5);
      expect(hello.includes(Buffer.from('c2.example'))).toBe(true);
    }
  });
});

describe('jarm() against a TLS server on loopback', () => {
  it('takes the fingerprint the reference takes', async () => {
    const { port } = await tlsServer(PINNED);
    expect(await jarmFingerprint('127.0.0.1', port, { timeoutMs: 5000 })).toBe(PINNED_JARM);
  });

  it('gives zeros when the service does not speak TLS', async () => {
    const server = createNetServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => server.close());
    const { port } = server.address() as AddressInfo;
    expect(await jarmFingerprint('127.0.0.1', port, { timeoutMs: 2000 })).toBe('0'.repeat(62));
  });

  it('makes jarm(Hostname) in a DSL matcher true once prefetched, one fingerprint for many calls', async () => {
    const server = await tlsServer(PINNED);
    const ops = compileOperators({
      matchers: [{ type: 'dsl', dsl: [`jarm(Hostname) == '${PINNED_JARM}'`, 'jarm(Hostname) != ""'] }],
    });
    const scope = new Map([['Hostname', `127.0.0.1:${server.port}`]]);
    expect(evaluateDslCondition(`jarm(Hostname) == '${PINNED_JARM}'`, scope)).toBe(false);
    await prefetchJarm(ops, scope, { timeoutMs: 5000 });
    await prefetchJarm(ops, scope, { timeoutMs: 5000 });
    expect(evaluateDslCondition(`jarm(Hostname) == '${PINNED_JARM}'`, scope)).toBe(true);
    expect(server.connections()).toBe(JARM_PROBES.length);
  });

  it('connects through the scope guard: a refused address gets no probe', async () => {
    const server = await tlsServer(PINNED);
    const uninstall = installSocketGuard(createScopePolicy({ blockInternal: true }));
    try {
      await expect(jarmFingerprint('127.0.0.1', server.port, { timeoutMs: 2000 })).rejects.toThrow(
        /outside the allowed scan scope/,
      );
    } finally {
      uninstall();
    }
    expect(server.connections()).toBe(0);
  });
});
