import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OriginPools } from '../../src/nuclei/http/origin-pools.js';

let server: http.Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  server = http.createServer((_req, res) => res.end('ok'));
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

// Every host name connects to the local server: distinct origins, as a scan of many hosts has.
// Idle connections close after 3 s: long enough that no origin is forgotten while the 200 others
// are still being asked on a busy machine, short enough for the test to wait for it.
const options = {
  keepAliveTimeout: 3_000,
  keepAliveMaxTimeout: 3_000,
  keepAliveTimeoutThreshold: 100,
  connect: {
    lookup: (_host: string, _opts: unknown, callback: (e: null, address: string, family: number) => void) =>
      callback(null, '127.0.0.1', 4),
    autoSelectFamily: false,
  },
};

describe('origin pools', () => {
  it('keeps connections alive per origin, then forgets the origin once its last connection closed', async () => {
    const pools = new OriginPools(options);
    try {
      const before = connections;
      for (let i = 0; i < 4; i++) {
        const res = await request(`http://same.lab.test:${port}/`, { dispatcher: pools });
        expect(await res.body.text()).toBe('ok');
      }
      // One pool for the origin, and its kept-alive connections are reused (undici's Agent opens
      // two for four requests here too).
      expect(pools.size).toBe(1);
      expect(connections - before).toBeLessThan(4);
      await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          request(`http://h${i}.lab.test:${port}/`, { dispatcher: pools }).then((r) => r.body.text()),
        ),
      );
      expect(pools.size).toBe(201);
      // undici's Agent would still hold 201 pools here, and every origin a scan ever reached.
      // Their connections close 3 s after their last use; on a busy machine the timers run late.
      await expect.poll(() => pools.size, { timeout: 20_000, interval: 100 }).toBe(0);
      // A later request to a forgotten origin opens a fresh pool and works.
      const again = await request(`http://h1.lab.test:${port}/`, { dispatcher: pools });
      expect(await again.body.text()).toBe('ok');
      expect(pools.size).toBe(1);
    } finally {
      await pools.close();
    }
  }, 40_000);

  it('forgets an origin whose connection was refused', async () => {
    const pools = new OriginPools({ ...options, connect: { ...options.connect } });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    closed.close();
    await expect(request(`http://gone.lab.test:${deadPort}/`, { dispatcher: pools })).rejects.toThrow(
      /ECONNREFUSED/,
    );
    expect(pools.size).toBe(0);
    await pools.close();
  });
});
