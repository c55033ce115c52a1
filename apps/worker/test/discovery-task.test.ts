import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { discoveredAssetResultSchema } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDiscoveryTask } from '../src/discovery-task.js';
import { flushAfterMsFor } from '../src/worker.js';

// A real web server on loopback for the engine to find.
let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', server: 'nginx/1.25.3' });
    res.end('<html><head><title>Worker test</title></head><body>hi</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a discovery task on the worker', () => {
  it('turns engine assets into results the server accepts', async () => {
    const items: unknown[] = [];
    const stats = await runDiscoveryTask(
      {
        group_id: 'g',
        history_id: 'h',
        roots: ['127.0.0.1'],
        auto_discovery: false,
        scope: { include: [], exclude: [] },
        ports: String(port),
      },
      { serverUrl: 'http://unused', apiKey: 'unused' },
      new AbortController().signal,
      async (item) => {
        items.push(item);
      },
    );
    expect(stats).toMatchObject({ assets: 1, cancelled: false });
    expect(items).toHaveLength(1);
    const result = discoveredAssetResultSchema.parse(items[0]);
    expect(result).toMatchObject({
      host: '127.0.0.1',
      port,
      ips: ['127.0.0.1'],
      is_root: true,
      service: 'http',
      http: { status: 200, title: 'Worker test', server: 'nginx/1.25.3', content_type: 'text/html' },
    });
    expect(result.technologies.find((t) => t.name === 'Nginx')?.version).toBe('1.25.3');
  });

  it('rejects a payload that is not a discovery payload', async () => {
    await expect(
      runDiscoveryTask(
        { roots: 'x' },
        { serverUrl: 'x', apiKey: 'x' },
        new AbortController().signal,
        async () => {},
      ),
    ).rejects.toThrow();
  });
});

describe('posting discovery results while it runs', () => {
  it('posts a partial batch once the last post is 2 s old, like a template run', () => {
    expect(flushAfterMsFor('discovery', {})).toBe(2_000);
    expect(flushAfterMsFor('template-run', {})).toBe(2_000);
    expect(flushAfterMsFor('discovery', { flushAfterMs: 0 })).toBe(0);
  });
});
