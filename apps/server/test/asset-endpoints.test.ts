import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetEndpoints, assets, scanChunks, tasks } from '../src/db/schema.js';
import { ensureBuiltinWorker } from '../src/workers/builtin.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { assetResult, asWorker, createWorker } from './helpers/workers.js';

// Issue 30: the endpoints the discovery crawl found are stored per web asset (unique per method +
// normalised URL, at most 2,000 with the rest counted), listed paged and searched on the asset's
// own route of its workspace, and a DAST scan hands them to its runs.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(() => server?.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });

const shopEndpoints = [
  { method: 'GET', url: 'http://shop.lab.test/search?q=shoes&page=2', params: ['q', 'page'], source: 'link' },
  // The same endpoint with other values and the query in another order: one row, the latest URL.
  {
    method: 'get',
    url: 'HTTP://Shop.Lab.Test:80/search?page=9&q=hats#top',
    params: ['page', 'q'],
    source: 'link',
  },
  {
    method: 'POST',
    url: 'http://shop.lab.test/login',
    params: ['user', 'password'],
    source: 'form',
    body_type: 'form',
    body: 'user=a&password=b',
  },
  { method: 'GET', url: 'http://shop.lab.test/api/items?id=1', params: ['id'], source: 'script' },
];

async function discoveredShop() {
  const owner = await registerUser(server);
  const en = { ...owner.auth, 'accept-language': 'en' };
  const group = (await call('POST', 'panel/assets/', en, { name: 'Shop', roots: 'shop.lab.test' })).json()
    .data;
  const worker = asWorker(server, (await createWorker(server, owner.auth, { name: 'own' })).api_key);
  const task = (await worker.claim()).json().data.task;
  expect(task.kind).toBe('discovery');
  const posted = await worker.results(task.id, 0, [
    assetResult('shop.lab.test', 80, { is_root: true, endpoints: shopEndpoints }),
    // A host the crawl did not reach (no endpoints field): nothing stored for it.
    assetResult('mail.shop.lab.test', 25),
  ]);
  expect(posted.statusCode).toBe(200);
  expect((await worker.complete(task.id, {})).statusCode).toBe(200);
  const [asset] = await server.db
    .select()
    .from(assets)
    .where(and(eq(assets.group_id, group.id), eq(assets.host, 'shop.lab.test')));
  return { owner, en, group, asset: asset! };
}

describe('endpoints per asset', () => {
  it('stores a discovery result’s endpoints once per method and normalised URL and lists them paged and searched', async () => {
    const { en, asset } = await discoveredShop();
    const page = await call('GET', `panel/all-assets/${asset.id}/endpoints/`, en);
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(data).toMatchObject({ result_count: 3, current_page: 1, overflow: 0, limit: 2000 });
    expect(
      data.results.map((e: { method: string; url: string; params: string[]; source: string }) => [
        e.method,
        e.url,
        e.params,
        e.source,
      ]),
    ).toEqual([
      ['GET', 'http://shop.lab.test/api/items?id=1', ['id'], 'script'],
      ['POST', 'http://shop.lab.test/login', ['user', 'password'], 'form'],
      ['GET', 'HTTP://Shop.Lab.Test:80/search?page=9&q=hats#top', ['page', 'q'], 'link'],
    ]);
    expect(data.results[1].body_type).toBe('form');
    expect(typeof data.results[0].last_seen_at).toBe('string');

    const second = (
      await call('GET', `panel/all-assets/${asset.id}/endpoints/?page=2&page_size=2`, en)
    ).json().data;
    expect(second).toMatchObject({ result_count: 3, current_page: 2, total_pages: 2, previous_page: 1 });
    expect(second.results.map((e: { url: string }) => e.url)).toEqual([
      'HTTP://Shop.Lab.Test:80/search?page=9&q=hats#top',
    ]);
    // Text in the URL, the method or a parameter name.
    const byParam = (await call('GET', `panel/all-assets/${asset.id}/endpoints/?search=PASSWORD`, en)).json()
      .data;
    expect(byParam.results.map((e: { url: string }) => e.url)).toEqual(['http://shop.lab.test/login']);
    const byMethod = (await call('GET', `panel/all-assets/${asset.id}/endpoints/?search=post`, en)).json()
      .data;
    expect(byMethod.result_count).toBe(1);
    const none = (await call('GET', `panel/all-assets/${asset.id}/endpoints/?search=100%25`, en)).json().data;
    expect(none).toMatchObject({ result_count: 0, results: [] });
    expect((await call('GET', `panel/all-assets/${asset.id}/endpoints/?page_size=101`, en)).statusCode).toBe(
      400,
    );
  });

  it('answers 404 for another workspace’s asset and for an unknown one', async () => {
    const { asset } = await discoveredShop();
    const stranger = await registerUser(server);
    const other = await call('GET', `panel/all-assets/${asset.id}/endpoints/`, {
      ...stranger.auth,
      'accept-language': 'en',
    });
    expect(other.statusCode).toBe(404);
    expect(JSON.stringify(other.json())).not.toContain('shop.lab.test');
    expect((await call('GET', 'panel/all-assets/not-a-uuid/endpoints/', stranger.auth)).statusCode).toBe(404);
  });

  it('keeps at most 2,000 per asset and counts the rest; a re-discovery refreshes what it sees again', async () => {
    const { en, group, asset } = await discoveredShop();
    const many = Array.from({ length: 2100 }, (_, i) => ({
      method: 'GET',
      url: `http://shop.lab.test/p${String(i).padStart(4, '0')}?x=1`,
      params: ['x'],
      source: 'link',
    }));
    // One the first crawl found, seen again: refreshed, not counted against the room left.
    many.push({ ...shopEndpoints[3]!, url: 'http://shop.lab.test/api/items?id=2' });
    await call('POST', 'panel/asset-rediscovery/', en, { asset_group_id: group.id });
    // The built-in worker reports through the same results route as a self-hosted one.
    const builtin = asWorker(
      server,
      (await ensureBuiltinWorker(server.db, 'c'.repeat(40), 'builtin-ep')).key,
    );
    const claimed = (await builtin.claim()).json().data.task;
    expect(claimed.payload.group_id).toBe(group.id);
    const worker = builtin;
    expect(
      (
        await worker.results(claimed.id, 0, [
          assetResult('shop.lab.test', 80, { is_root: true, endpoints: many }),
        ])
      ).statusCode,
    ).toBe(200);
    expect((await worker.complete(claimed.id, {})).statusCode).toBe(200);

    const rows = await server.db.select().from(assetEndpoints).where(eq(assetEndpoints.asset_id, asset.id));
    // 3 from the first crawl + 1,997 new; 103 new ones did not fit.
    expect(rows).toHaveLength(2000);
    const page = (await call('GET', `panel/all-assets/${asset.id}/endpoints/?page_size=100`, en)).json().data;
    expect(page).toMatchObject({ result_count: 2000, total_pages: 20, overflow: 103, limit: 2000 });
    const again = rows.find((r) => r.url_key === 'http://shop.lab.test/api/items?id=');
    expect(again?.url).toBe('http://shop.lab.test/api/items?id=2');
    expect(again!.last_seen_at.getTime()).toBeGreaterThan(again!.first_seen_at.getTime());
  });

  it('a DAST scan hands its runs the endpoints of their assets to fuzz; a plain scan does not', async () => {
    const { en, group } = await discoveredShop();
    const base = { asset_group: [group.id], template_ids: ['public:git-config-exposure'], template_tags: [] };
    const dast = await call('POST', 'panel/scans/', en, { ...base, name: 'Fuzz the shop', dast: true });
    expect(dast.statusCode).toBe(201);
    expect(dast.json().data.dast).toBe(true);
    // One chunk per asset here: the web asset's carries its endpoints, the mail host's none.
    const payloads = await taskPayloads(dast.json().data.scan_history_id);
    expect(payloads.map((p) => p.options)).toEqual([{ dast: true }, { dast: true }]);
    expect(payloads.map((p) => p.fuzz_endpoints?.length)).toEqual(expect.arrayContaining([0, 3]));
    expect(payloads.flatMap((p) => p.fuzz_endpoints ?? [])).toEqual([
      { method: 'GET', url: 'http://shop.lab.test/api/items?id=1', params: ['id'], source: 'script' },
      {
        method: 'POST',
        url: 'http://shop.lab.test/login',
        params: ['user', 'password'],
        source: 'form',
        body_type: 'form',
        body: 'user=a&password=b',
      },
      {
        method: 'GET',
        url: 'HTTP://Shop.Lab.Test:80/search?page=9&q=hats#top',
        params: ['page', 'q'],
        source: 'link',
      },
    ]);

    const plain = await call('POST', 'panel/scans/', en, { ...base, name: 'Known CVEs' });
    expect(plain.json().data.dast).toBe(false);
    const plainPayloads = await taskPayloads(plain.json().data.scan_history_id);
    expect(plainPayloads.map((p) => [p.options, 'fuzz_endpoints' in p])).toEqual([
      [{}, false],
      [{}, false],
    ]);

    const off = await call('PATCH', `panel/scans/${dast.json().data.id}/`, en, { dast: false });
    expect(off.json().data.dast).toBe(false);
  });
});

async function taskPayloads(historyId: string) {
  const chunks = await server.db.select().from(scanChunks).where(eq(scanChunks.history_id, historyId));
  const rows = await server.db
    .select()
    .from(tasks)
    .where(
      inArray(
        tasks.id,
        chunks.map((c) => c.task_id!),
      ),
    );
  return rows.map((t) => t.payload as { options: unknown; fuzz_endpoints?: unknown[] });
}
