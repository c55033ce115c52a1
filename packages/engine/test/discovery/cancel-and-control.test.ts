import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discover } from '../../src/discovery/discover.js';
import type { DiscoveredAsset, DiscoveryRecord } from '../../src/discovery/types.js';
import { type Lab, startLab } from './helpers.js';

let lab: Lab;
beforeAll(async () => {
  lab = await startLab();
}, 30_000);
afterAll(async () => {
  await lab?.stop();
});

describe('cancellation', () => {
  it('stops promptly when the signal aborts mid-run and says it was cancelled', async () => {
    const controller = new AbortController();
    const { subnet } = lab.manifest();
    const records: DiscoveryRecord[] = [];
    // A /22 of mostly silent addresses × 100 ports would take minutes; abort after 300 ms.
    const run = (async () => {
      for await (const r of discover({
        roots: [`${subnet.split('.').slice(0, 2).join('.')}.0.0/22`],
        ports: 'top-100',
        signal: controller.signal,
        timeouts: { connectMs: 2000 },
      })) {
        records.push(r);
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    const abortedAt = performance.now();
    controller.abort();
    await run;
    expect(performance.now() - abortedAt).toBeLessThan(3_000);
    expect(records.at(-1)).toMatchObject({ type: 'done', cancelled: true });
  });
});

describe('lab control API', () => {
  it('adds and removes hosts and services while the lab runs, and discovery follows', async () => {
    const base = lab.controlUrl;
    const added = await fetch(`${base}/hosts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'shop.lab.didban.test', services: [{ port: 8081, kind: 'login' }] }),
    });
    expect(added.status).toBe(201);
    const options = {
      roots: ['shop.lab.didban.test'],
      autoDiscovery: false,
      resolvers: [lab.resolver],
      ports: '8081,9000',
      timeouts: { httpMs: 4000 },
    };
    const run = async () => {
      const out: DiscoveredAsset[] = [];
      for await (const r of discover(options)) if (r.type === 'asset') out.push(r);
      return out;
    };
    const first = await run();
    expect(first.map((a) => [a.port, a.http?.title])).toEqual([[8081, 'Sign in · Didban Lab Portal']]);

    const service = await fetch(`${base}/hosts/shop.lab.didban.test/services`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ port: 9000, kind: 'wordpress' }),
    });
    expect(service.status).toBe(201);
    expect((await run()).map((a) => a.port).sort()).toEqual([8081, 9000]);

    expect(
      (await fetch(`${base}/hosts/shop.lab.didban.test/services/8081`, { method: 'DELETE' })).status,
    ).toBe(200);
    expect((await run()).map((a) => a.port)).toEqual([9000]);

    const manifest = (await (await fetch(`${base}/manifest`)).json()) as {
      hosts: { name: string; services: { port: number }[] }[];
    };
    expect(
      manifest.hosts.find((h) => h.name === 'shop.lab.didban.test')?.services.map((s) => s.port),
    ).toEqual([9000]);

    expect((await fetch(`${base}/hosts/shop.lab.didban.test`, { method: 'DELETE' })).status).toBe(200);
    expect(await run()).toEqual([]);
  });

  it('refuses names outside the lab zones', async () => {
    const res = await fetch(`${lab.controlUrl}/hosts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'example.com' }),
    });
    expect(res.status).toBe(400);
  });
});
