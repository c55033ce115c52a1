/**
 * Keyset paging of the inventory (`cursor` / `next_cursor`): the terminal client's export reads a
 * whole inventory this way. Every asset comes exactly once, in the order the offset pages give,
 * for every sort column (ties, nulls, microsecond timestamps), and the panel's page/page_size
 * answers are unchanged.
 */
import { ASSET_SORT_COLUMNS } from '@didban/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetGroups } from '../src/db/schema.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { assetResult, asWorker, createWorker, personalWorkspaceId } from './helpers/workers.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const TOTAL = 47;
type Auth = Record<string, string>;
type Row = { id: string; host: string };

const get = (url: string, auth: Auth) =>
  server.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: auth });

/**
 * A workspace with two groups: 47 assets in the first (ties on every sort column, nulls in the
 * nullable ones, updated_at values a microsecond apart) and 5 in the second.
 */
async function seeded() {
  const owner = await registerUser(server);
  const workspaceId = await personalWorkspaceId(server, owner.user.id);
  const [a, b] = await server.db
    .insert(assetGroups)
    .values([
      { workspace_id: workspaceId, name: 'A', roots: ['a.test'] },
      { workspace_id: workspaceId, name: 'B', roots: ['b.test'] },
    ])
    .returning({ id: assetGroups.id });
  await server.db.execute(sql`
    insert into assets (workspace_id, group_id, host, port, ip, status, title, cname, content_length,
                        scanned_count, updated_at)
    select ${workspaceId}::uuid, ${a!.id}::uuid, 'h' || (i % 9) || '-' || i || '.a.test', (array[80, 443, 8080])[1 + i % 3],
           '10.0.' || (i % 4) || '.1', (array['200', '404', 'done'])[1 + i % 3],
           case when i % 4 = 0 then null else 'Title ' || (i % 5) end,
           case when i % 3 = 0 then null else '[''c' || (i % 2) || '.cdn.test'']' end,
           case when i % 5 = 0 then null else (i % 6) * 100 end,
           i % 4,
           timestamptz '2026-11-01 10:00:00+00' + ((i % 7) || ' microseconds')::interval
    from generate_series(1, ${TOTAL}) as s(i)`);
  await server.db.execute(sql`
    insert into assets (workspace_id, group_id, host, port)
    select ${workspaceId}::uuid, ${b!.id}::uuid, 'b' || i || '.b.test', 443 from generate_series(1, 5) as s(i)`);
  return { auth: { ...owner.auth, 'accept-language': 'en' }, groupA: a!.id, groupB: b!.id };
}

/** Every row through offset pages (the panel's way), page size 100. */
async function byOffset(path: string, query: string, auth: Auth): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const body = (await get(`${path}?${query}&page=${page}&page_size=100`, auth)).json().data;
    rows.push(...body.results);
    if (body.next_page === null) return rows;
  }
}

/** Every row through keyset pages of `size`, and how many requests it took. */
async function byCursor(path: string, query: string, auth: Auth, size: number) {
  const rows: Row[] = [];
  let cursor = '';
  let requests = 0;
  for (;;) {
    const response = await get(
      `${path}?${query}&page_size=${size}&cursor=${encodeURIComponent(cursor)}`,
      auth,
    );
    requests++;
    expect(response.statusCode).toBe(200);
    const body = response.json().data;
    expect(Object.keys(body).sort()).toEqual(['next_cursor', 'results']);
    rows.push(...body.results);
    if (body.next_cursor === null) return { rows, requests };
    expect(body.results).toHaveLength(size);
    cursor = body.next_cursor;
  }
}

describe('inventory keyset paging', () => {
  it('gives every asset once, in the offset order, for every ordering in both directions', async () => {
    const { auth } = await seeded();
    for (const column of ASSET_SORT_COLUMNS) {
      for (const ordering of [column, `-${column}`]) {
        const expected = await byOffset('panel/all-assets/', `ordering=${ordering}`, auth);
        expect(expected).toHaveLength(TOTAL + 5);
        const { rows, requests } = await byCursor('panel/all-assets/', `ordering=${ordering}`, auth, 6);
        expect(
          rows.map((r) => r.id),
          ordering,
        ).toEqual(expected.map((r) => r.id));
        // 52 rows in pages of 6: 9 requests, the last one short; no empty trailing request.
        expect(requests).toBe(9);
      }
    }
  });

  it('applies the filters and search, and pages a group’s assets the same way', async () => {
    const { auth, groupA, groupB } = await seeded();
    const query = 'ordering=-content_length&status=200,404&search=a.test';
    const expected = await byOffset('panel/all-assets/', query, auth);
    expect(expected.length).toBeGreaterThan(10);
    expect((await byCursor('panel/all-assets/', query, auth, 4)).rows).toEqual(expected);
    const inA = await byCursor(`panel/asset-groups/${groupA}/assets/`, 'ordering=title', auth, 10);
    expect(inA.rows.map((r) => r.id)).toEqual(
      (await byOffset(`panel/asset-groups/${groupA}/assets/`, 'ordering=title', auth)).map((r) => r.id),
    );
    expect(inA.rows).toHaveLength(TOTAL);
    const inB = await byCursor(`panel/asset-groups/${groupB}/assets/`, 'ordering=host', auth, 1000);
    expect(inB.rows.map((r) => r.host)).toEqual([
      'b1.b.test',
      'b2.b.test',
      'b3.b.test',
      'b4.b.test',
      'b5.b.test',
    ]);
    expect(inB.requests).toBe(1);
  });

  it('leaves the panel’s page/page_size answers as they were', async () => {
    const { auth } = await seeded();
    const body = (await get('panel/all-assets/?ordering=host&page=2&page_size=10', auth)).json().data;
    expect(body).toMatchObject({ result_count: TOTAL + 5, total_pages: 6, current_page: 2, next_page: 3 });
    expect(body).not.toHaveProperty('next_cursor');
    expect((await get('panel/all-assets/?page_size=101', auth)).statusCode).toBe(400);
  });

  it('refuses a cursor it did not make, one of another ordering, page with cursor, pages over 1000', async () => {
    const { auth } = await seeded();
    const first = (await get('panel/all-assets/?ordering=host&page_size=5&cursor=', auth)).json().data;
    const refused = async (url: string, field: string) => {
      const response = await get(url, auth);
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    };
    await refused('panel/all-assets/?cursor=not-a-cursor', 'cursor');
    await refused(`panel/all-assets/?ordering=-host&cursor=${first.next_cursor}`, 'cursor');
    const forged = Buffer.from(JSON.stringify(['-updated_at', 'yesterday', first.results[0].id])).toString(
      'base64url',
    );
    await refused(`panel/all-assets/?cursor=${forged}`, 'cursor');
    await refused(`panel/all-assets/?page=2&cursor=${first.next_cursor}&ordering=host`, 'page');
    await refused('panel/all-assets/?page_size=1001&cursor=', 'page_size');
    expect((await get('panel/all-assets/?page_size=1000&cursor=', auth)).json().data.results).toHaveLength(
      TOTAL + 5,
    );
  });

  it('pages a past enumeration history’s inventory', async () => {
    const owner = await registerUser(server);
    const auth = { ...owner.auth, 'accept-language': 'en' };
    const { api_key } = await createWorker(server, owner.auth, { name: 'w' });
    const w = asWorker(server, api_key);
    const group = (
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/panel/assets/',
        headers: auth,
        payload: { name: 'Lab', roots: 'lab.test' },
      })
    ).json().data;
    const task = (await w.claim()).json().data.task;
    const items = ['a', 'b', 'c', 'd'].map((h) => assetResult(`${h}.lab.test`, 443));
    expect((await w.results(task.id, 0, items)).statusCode).toBe(200);
    expect((await w.complete(task.id)).statusCode).toBe(200);
    const history = task.payload.history_id;
    const { rows } = await byCursor(
      `panel/asset-groups/${group.id}/assets/`,
      `ordering=-host&history=${history}`,
      auth,
      3,
    );
    expect(rows.map((r) => r.host)).toEqual(['d.lab.test', 'c.lab.test', 'b.lab.test', 'a.lab.test']);
  });
});
