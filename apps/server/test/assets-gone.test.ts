import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanChunks } from '../src/db/schema.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { assetResult, asWorker, createWorker } from './helpers/workers.js';

// Issue 34, item 12: a host a re-discovery no longer sees leaves the live inventory (and its
// counts, and the group's scans) but keeps its record, shown under the `gone` filter; seen again,
// it is back. Discoveries run through the worker API as a worker posts them.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 60_000);
afterAll(() => server?.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  server.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
const get = async (url: string, auth: Headers) => {
  const response = await call('GET', url, auth);
  expect(response.statusCode, url).toBe(200);
  return response.json().data;
};
const hostsOf = (page: { results: { host: string }[] }) => page.results.map((a) => a.host);

/**
 * Run the group's queued discovery through the worker API with these results (the scan's
 * template-run tasks, queued before it, are claimed and left alone).
 */
async function discover(w: ReturnType<typeof asWorker>, items: object[]) {
  let claim = (await w.claim()).json().data.task;
  while (claim?.kind === 'template-run') claim = (await w.claim()).json().data.task;
  expect(claim.kind).toBe('discovery');
  expect((await w.results(claim.id, 0, items)).statusCode).toBe(200);
  expect((await w.complete(claim.id)).statusCode).toBe(200);
  return claim.payload.history_id as string;
}

const hosts = Array.from({ length: 12 }, (_, i) => `h${String(i + 1).padStart(2, '0')}.lab.test`);
const GONE = 'h07.lab.test';

describe('a host a re-discovery no longer sees', () => {
  it('leaves the live inventory and its counts, shows under gone=true, and comes back when seen', async () => {
    const owner = await registerUser(server);
    const auth = { ...owner.auth, 'accept-language': 'en' };
    const w = asWorker(server, (await createWorker(server, owner.auth, { name: 'w' })).api_key);
    const group = (await call('POST', 'panel/assets/', auth, { name: 'Lab', roots: 'lab.test' })).json().data;
    const first = await discover(
      w,
      hosts.map((h) => assetResult(h, 443)),
    );
    expect(
      (await call('POST', 'panel/asset-rediscovery/', auth, { asset_group_id: group.id })).statusCode,
    ).toBe(201);
    const second = await discover(
      w,
      hosts.filter((h) => h !== GONE).map((h) => assetResult(h, 443)),
    );

    // The live views: 11 of the 12 stored, whichever way they are counted.
    const live = await get('panel/all-assets/?page_size=100&ordering=host', auth);
    expect(live.result_count).toBe(11);
    expect(hostsOf(live)).toEqual(hosts.filter((h) => h !== GONE));
    expect(live.results.every((a: { gone_at: string | null }) => a.gone_at === null)).toBe(true);
    expect((await get(`panel/asset-groups/${group.id}/assets/?page_size=100`, auth)).result_count).toBe(11);
    expect((await get('panel/all-assets/?port=443', auth)).result_count).toBe(11);
    expect((await get('panel/all-assets/?search=lab.test', auth)).result_count).toBe(11);
    expect(await get('panel/all-assets/?fieldname=port', auth)).toEqual([{ value: '443', count: 11 }]);
    expect((await get('panel/all-assets/?cursor=&page_size=100', auth)).results).toHaveLength(11);
    const groups = await get('panel/assets/', auth);
    expect(groups.results.find((g: { id: string }) => g.id === group.id).asset_count).toBe(11);
    expect((await get('panel/dashboard/', auth)).assets).toBe(11);
    expect((await get(`panel/enumeration-status/${group.id}`, auth)).asset_count).toBe(11);
    expect((await get('panel/all-assets/technologies/', auth))[0]).toMatchObject({
      id: 'nginx',
      asset_count: 11,
    });
    expect(
      (await get('panel/all-assets/filter-by-technology?technology_id=nginx&page_size=100', auth))
        .result_count,
    ).toBe(11);

    // The record is kept: the gone filter lists it with the time it went.
    const gone = await get('panel/all-assets/?gone=true', auth);
    expect(gone.result_count).toBe(1);
    expect(gone.results[0]).toMatchObject({ host: GONE, port: 443, gone_at: expect.any(String) });
    const goneAt = Date.parse(gone.results[0].gone_at);
    expect(Date.now() - goneAt).toBeLessThan(60_000);
    expect((await get(`panel/asset-groups/${group.id}/assets/?gone=true`, auth)).result_count).toBe(1);
    expect((await get(`panel/all-assets/${gone.results[0].id}/`, auth)).gone_at).toBe(
      gone.results[0].gone_at,
    );
    const bad = await call('GET', 'panel/all-assets/?gone=maybe', auth);
    expect(bad.statusCode).toBe(400);

    // Each history keeps what its run saw.
    const past = await get(`panel/all-assets/?history=${first}&page_size=100&ordering=host`, auth);
    expect(hostsOf(past)).toEqual(hosts);
    expect(past.results.find((a: { host: string }) => a.host === GONE).gone_at).toBeNull();
    expect((await get(`panel/all-assets/?history=${second}&page_size=100`, auth)).result_count).toBe(11);

    // A scan of the group targets its live assets only.
    const scan = await call('POST', 'panel/scans/', auth, {
      name: 'Nightly',
      asset_group: [group.id],
      template_ids: ['public:git-config-exposure'],
      template_tags: [],
    });
    expect(scan.statusCode).toBe(201);
    const chunks = await server.db
      .select()
      .from(scanChunks)
      .where(eq(scanChunks.history_id, scan.json().data.scan_history_id));
    const targets = chunks.flatMap((c) => c.targets);
    expect(targets).toHaveLength(11);
    expect(targets).not.toContain(`https://${GONE}:443`);

    // Seen again by a third run: back in the live inventory, no longer gone.
    expect(
      (await call('POST', 'panel/asset-rediscovery/', auth, { asset_group_id: group.id })).statusCode,
    ).toBe(201);
    await discover(
      w,
      hosts.map((h) => assetResult(h, 443)),
    );
    const back = await get('panel/all-assets/?page_size=100', auth);
    expect(back.result_count).toBe(12);
    expect(back.results.find((a: { host: string }) => a.host === GONE).gone_at).toBeNull();
    expect((await get('panel/all-assets/?gone=true', auth)).result_count).toBe(0);
    expect((await get('panel/dashboard/', auth)).assets).toBe(12);
    expect((await get('panel/all-assets/?port=443', auth)).result_count).toBe(12);
  });

  it('is not marked gone by a discovery that failed', async () => {
    const owner = await registerUser(server);
    const auth = { ...owner.auth, 'accept-language': 'en' };
    const w = asWorker(server, (await createWorker(server, owner.auth, { name: 'w' })).api_key);
    const group = (await call('POST', 'panel/assets/', auth, { name: 'Lab', roots: 'lab.test' })).json().data;
    await discover(
      w,
      hosts.slice(0, 3).map((h) => assetResult(h, 443)),
    );
    await call('POST', 'panel/asset-rediscovery/', auth, { asset_group_id: group.id });
    const claim = (await w.claim()).json().data.task;
    expect((await w.results(claim.id, 0, [assetResult(hosts[0]!, 443)])).statusCode).toBe(200);
    expect((await w.fail(claim.id, 'worker crashed')).statusCode).toBe(200);
    expect((await get('panel/all-assets/', auth)).result_count).toBe(3);
    expect((await get('panel/all-assets/?gone=true', auth)).result_count).toBe(0);
  });
});
