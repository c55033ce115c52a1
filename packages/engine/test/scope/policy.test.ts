import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScopePolicy, installSocketGuard, parseScopeRanges, ScopeRangeError } from '../../src/index.js';

describe('scope policy', () => {
  const scope = createScopePolicy({
    blockInternal: true,
    allow: '127.42.0.0/24',
    ownAddresses: ['127.42.0.1:8080', '203.0.113.9'],
  });

  it('refuses internal addresses in every spelling', () => {
    for (const ip of [
      '127.0.0.1',
      '127.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '0.0.0.0',
      '0',
      '::',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '169.254.169.254',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      'fd00::1',
      'fe80::1%eth0',
      '224.0.0.1',
      '240.0.0.1',
      '198.18.0.1',
      '192.0.2.1',
      '2001:db8::1',
    ])
      expect(scope.check(ip), ip).toMatchObject({ reason: 'internal' });
  });

  it('lets public addresses and the allowed range through, but never the server itself', () => {
    expect(scope.check('1.1.1.1')).toBeNull();
    expect(scope.check('2606:4700::1111')).toBeNull();
    expect(scope.check('127.42.0.5', 80)).toBeNull();
    expect(scope.check('::ffff:127.42.0.5')).toBeNull();
    expect(scope.check('127.42.0.1', 8080)).toMatchObject({ reason: 'own' });
    expect(scope.check('127.42.0.1', 8081)).toBeNull();
    expect(scope.check('127.42.0.1', 8080)?.message).toBe(
      "127.42.0.1:8080 is this server's own address: outside the allowed scan scope",
    );
    expect(scope.check('127.0.0.1')?.message).toBe(
      '127.0.0.1 is outside the allowed scan scope (internal range 127.0.0.0/8)',
    );
  });

  it('judges typed roots without DNS: addresses, CIDRs, localhost', () => {
    expect(scope.checkTarget('2130706433')).toMatchObject({ address: '127.0.0.1' });
    expect(scope.checkTarget('localhost')).toMatchObject({ reason: 'internal' });
    expect(scope.checkTarget('10.0.0.0/8')).toMatchObject({ reason: 'internal' });
    expect(scope.checkTarget('0.0.0.0/0')).not.toBeNull();
    expect(scope.checkTarget('127.42.0.0/25')).toBeNull();
    expect(scope.checkTarget('8.8.8.0/24')).toBeNull();
    expect(scope.checkTarget('example.com')).toBeNull();
  });

  it('parses operator lists and rejects nonsense', () => {
    expect(parseScopeRanges('10.0.0.0/8, 127.42.0.0/24 ::1').map((r) => r.text)).toEqual([
      '10.0.0.0/8',
      '127.42.0.0/24',
      '::1',
    ]);
    expect(() => parseScopeRanges('10.0.0.0/33')).toThrow(ScopeRangeError);
    expect(() => parseScopeRanges('intranet')).toThrow(ScopeRangeError);
  });

  it('a lookup refuses names that resolve inward (EDIDBANSCOPE)', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      scope.lookup('localhost', {}, (e: NodeJS.ErrnoException | null) => resolve(e)),
    );
    expect(error?.code).toBe('EDIDBANSCOPE');
    expect(await scope.checkHost('localhost')).toMatchObject({ reason: 'internal' });
  });

  it('a policy without blockInternal refuses only what is denied', () => {
    const open = createScopePolicy({ deny: '10.0.0.0/8' });
    expect(open.check('127.0.0.1')).toBeNull();
    expect(open.check('10.0.0.1')).toMatchObject({ reason: 'denied', range: '10.0.0.0/8' });
  });
});

describe('socket guard', () => {
  let server: http.Server;
  let port = 0;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((_q, s) => {
      hits++;
      s.end('canary');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const get = (url: string) =>
    new Promise<string>((resolve) => {
      http
        .get(url, (res) => {
          res.resume();
          res.on('end', () => resolve(`ok ${res.statusCode}`));
        })
        .on('error', (e: NodeJS.ErrnoException) => resolve(`error ${e.code}`));
    });

  it('refuses TCP and UDP to refused addresses in every spelling and lets them through once allowed', async () => {
    const uninstall = installSocketGuard(createScopePolicy({ blockInternal: true }));
    try {
      for (const host of ['127.0.0.1', 'localhost', '2130706433', '0x7f000001', '127.1'])
        expect(await get(`http://${host}:${port}/`), host).toBe('error EDIDBANSCOPE');
      const udp = dgram.createSocket('udp4');
      const sent = await new Promise<string>((resolve) =>
        udp.send('x', 53, '127.0.0.1', (e) =>
          resolve(e ? ((e as NodeJS.ErrnoException).code ?? 'error') : 'sent'),
        ),
      );
      udp.close();
      expect(sent).toBe('EDIDBANSCOPE');
      expect(hits).toBe(0);
    } finally {
      uninstall();
    }
    const again = installSocketGuard(createScopePolicy({ blockInternal: true, allow: '127.0.0.1' }));
    try {
      expect(await get(`http://127.0.0.1:${port}/`)).toBe('ok 200');
      expect(await get(`http://2130706433:${port}/`)).toBe('ok 200');
      expect(hits).toBe(2);
    } finally {
      again();
    }
  });
});
