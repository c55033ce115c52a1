import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type DiscoveredAssetResult, discoveredAssetResultSchema } from '@didban/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDiscoveryTask } from '../src/discovery-task.js';
import type { WorkerOptions } from '../src/options.js';

// Issue 30: discovery's web step crawls each web asset and the worker reports the endpoints with
// the asset (the built-in worker's child runs this same code); the task or the worker turns it off.
let server: http.Server;
let port: number;
const requested: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    requested.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' });
    if (req.url === '/')
      res.end(
        '<html><title>Shop</title><a href="/search?q=shoes&page=1">search</a><form method="post" action="/contact"><input name="name"><input name="msg"></form></html>',
      );
    else res.end('<html><title>page</title></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function discover(payload: object = {}, options: Partial<WorkerOptions> = {}) {
  const items: DiscoveredAssetResult[] = [];
  const stats = await runDiscoveryTask(
    {
      group_id: 'g',
      history_id: 'h',
      roots: ['127.0.0.1'],
      auto_discovery: false,
      scope: { include: [], exclude: [] },
      ports: String(port),
      ...payload,
    },
    { serverUrl: 'http://unused', apiKey: 'unused', ...options },
    new AbortController().signal,
    async (item) => {
      items.push(discoveredAssetResultSchema.parse(item));
    },
  );
  return { items, stats };
}

describe('the crawl step of a discovery task', () => {
  it('reports a web asset with the links and forms its crawl found', async () => {
    const { items, stats } = await discover();
    expect(stats).toMatchObject({ assets: 1, crawled: 1 });
    expect(items).toHaveLength(1);
    const endpoints = items[0]!.endpoints!;
    expect(endpoints.map((e) => [e.method, e.url, e.params, e.source, e.body_type ?? null])).toEqual(
      expect.arrayContaining([
        ['GET', `http://127.0.0.1:${port}/search?q=shoes&page=1`, ['q', 'page'], 'link', null],
        ['POST', `http://127.0.0.1:${port}/contact`, ['name', 'msg'], 'form', 'form'],
      ]),
    );
    expect(requested).toContain('/search?q=shoes&page=1');
  });

  it('does not crawl when the task or the worker turns it off', async () => {
    requested.length = 0;
    const offByTask = await discover({ crawl: false });
    expect(offByTask.items[0]).toBeDefined();
    expect(offByTask.items[0]!.endpoints).toBeUndefined();
    const offByWorker = await discover({}, { crawl: false });
    expect(offByWorker.items[0]!.endpoints).toBeUndefined();
    expect(offByWorker.stats).not.toHaveProperty('crawled');
    // Only the probes of discovery itself reached the server: never the page the crawl would follow.
    expect(requested).not.toContain('/search?q=shoes&page=1');
  });
});
