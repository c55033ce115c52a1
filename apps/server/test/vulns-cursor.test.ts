/**
 * Keyset pages of the workspace's findings (`cursor` / `next_cursor` on panel/vulnerabilities/):
 * the terminal client's `vulns list --all` reads every finding this way. Every finding comes
 * exactly once, in the order the offset pages give (ties on rank and last_seen_at, microsecond
 * timestamps), with the filters; a cursor this list did not make is refused in the caller's
 * language; another workspace's findings never appear; the panel's page/page_size answer stays.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { personalWorkspaceId } from './helpers/workers.js';

let server: TestServer;
// Generous: on a loaded CI machine the migrations alone can take over a minute.
beforeAll(async () => {
  server = await createTestServer();
}, 240_000);
afterAll(() => server?.close());

const TOTAL = 53;
type Auth = Record<string, string>;
type Row = { id: string; severity: string; status: string; template_id: string };

const get = (url: string, auth: Auth) =>
  server.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: auth });

/**
 * A workspace's findings: six ranks, last_seen_at in three values a microsecond apart (so long
 * ties on (rank, last_seen_at) that only the id breaks), four statuses, two template families.
 */
async function seeded(count = TOTAL, prefix = 'ws') {
  const owner = await registerUser(server);
  const workspaceId = await personalWorkspaceId(server, owner.user.id);
  await server.db.execute(sql`
    insert into vulnerabilities (workspace_id, dedupe_key, template_id, template_name, severity, severity_rank,
                                 protocol, host, port, matched_at, status, first_seen_at, last_seen_at)
    select ${workspaceId}::uuid, ${prefix} || '-' || i,
           (case when i % 2 = 0 then 'even-' else 'odd-' end) || (i % 5), 'Template ' || i,
           (array['unknown','info','low','medium','high','critical'])[1 + i % 6], i % 6,
           'http', 'h' || i || '.test', 443, 'https://h' || i || '.test/',
           (array['open','in_progress','fixed','false_positive'])[1 + i % 4],
           timestamptz '2026-11-01 10:00:00+00',
           timestamptz '2026-11-20 10:00:00+00' + ((i % 3) || ' microseconds')::interval
    from generate_series(1, ${count}) as s(i)`);
  return { auth: { ...owner.auth, 'accept-language': 'en' }, workspaceId };
}

/** Every row through offset pages (the panel's way), page size 100. */
async function byOffset(query: string, auth: Auth): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const body = (await get(`panel/vulnerabilities/?${query}&page=${page}&page_size=100`, auth)).json().data;
    rows.push(...body.results);
    if (body.next_page === null) return rows;
  }
}

/** Every row through keyset pages of `size`, and how many requests it took. */
async function byCursor(query: string, auth: Auth, size: number) {
  const rows: Row[] = [];
  let cursor = '';
  let requests = 0;
  for (;;) {
    const response = await get(
      `panel/vulnerabilities/?${query}&page_size=${size}&cursor=${encodeURIComponent(cursor)}`,
      auth,
    );
    requests++;
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json().data;
    expect(Object.keys(body).sort()).toEqual(['next_cursor', 'results']);
    rows.push(...body.results);
    if (body.next_cursor === null) return { rows, requests };
    expect(body.results).toHaveLength(size);
    cursor = body.next_cursor;
  }
}

describe('findings keyset paging', () => {
  it('gives every finding once, in the offset order, with and without filters', {
    timeout: 120_000,
  }, async () => {
    const { auth } = await seeded();
    const other = await seeded(12, 'other');
    const otherIds = new Set((await byOffset('', other.auth)).map((r) => r.id));
    expect(otherIds.size).toBe(12);
    for (const query of [
      '',
      'severity=high,critical,low',
      'status=open,in_progress&severity_group=vulnerabilities',
      'search=even-&status=open,fixed,false_positive',
      'assignee=none&severity=medium',
    ]) {
      const expected = await byOffset(query, auth);
      const { rows, requests } = await byCursor(query, auth, 4);
      expect(
        rows.map((r) => r.id),
        query,
      ).toEqual(expected.map((r) => r.id));
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      expect(rows.some((r) => otherIds.has(r.id))).toBe(false);
      expect(requests).toBe(Math.max(1, Math.ceil(rows.length / 4)));
    }
    expect((await byCursor('', auth, 7)).rows).toHaveLength(TOTAL);
    const filtered = (await byCursor('severity=critical&status=in_progress', auth, 2)).rows;
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((r) => r.severity === 'critical' && r.status === 'in_progress')).toBe(true);
    // One page of 1000 holds them all, and needs no second request.
    const all = await byCursor('', auth, 1000);
    expect(all.requests).toBe(1);
    expect(all.rows).toHaveLength(TOTAL);
  });

  it('keeps a workspace’s cursor to its own findings: another workspace’s cursor pages only its own', async () => {
    const a = await seeded(20, 'a');
    const b = await seeded(20, 'b');
    const bIds = new Set((await byOffset('', b.auth)).map((r) => r.id));
    const first = (await get('panel/vulnerabilities/?page_size=5&cursor=', a.auth)).json().data;
    // B's user replays A's cursor: the position is only a sort key, the rows are B's.
    const replay = (
      await get(`panel/vulnerabilities/?page_size=1000&cursor=${first.next_cursor}`, b.auth)
    ).json().data;
    expect(replay.results.length).toBeGreaterThan(0);
    expect(replay.results.every((r: Row) => bIds.has(r.id))).toBe(true);
  });

  it('leaves the panel’s page/page_size answer as it was', async () => {
    const { auth } = await seeded();
    const body = (await get('panel/vulnerabilities/?page=2&page_size=10', auth)).json().data;
    expect(body).toMatchObject({ result_count: TOTAL, total_pages: 6, current_page: 2, next_page: 3 });
    expect(body).not.toHaveProperty('next_cursor');
    expect(body.results).toHaveLength(10);
    expect((await get('panel/vulnerabilities/', auth)).json().data.results).toHaveLength(10);
    const tooBig = await get('panel/vulnerabilities/?page_size=101', auth);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors).toEqual({ page_size: ['Must be at most 100.'] });
  });

  it('refuses a cursor it did not make, in the caller’s language', async () => {
    const { auth } = await seeded();
    const first = (await get('panel/vulnerabilities/?page_size=5&cursor=', auth)).json().data;
    const refused = async (query: string, headers: Auth = auth) => {
      const response = await get(`panel/vulnerabilities/?${query}`, headers);
      expect(response.statusCode, query).toBe(400);
      return response.json();
    };
    const en = await refused('cursor=not-a-cursor');
    expect(en.message).toBe('Some fields are not valid.');
    expect(en.errors).toEqual({
      cursor: ['This cursor was not made by this list; start again without one, then pass each next_cursor.'],
    });
    const fa = await refused('cursor=not-a-cursor', { ...auth, 'accept-language': 'fa' });
    expect(fa.errors).toEqual({
      cursor: [
        'این cursor را این فهرست نساخته است؛ بدون آن از نو شروع کنید و سپس هر next_cursor را بفرستید.',
      ],
    });
    const forge = (value: unknown[]) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const id = first.results[0].id;
    // An impossible date PostgreSQL would refuse with an error, a rank out of range, the inventory's shape.
    for (const bad of [
      forge(['findings', 3, '2026-02-31 10:00:00+00', id]),
      forge(['findings', 9, '2026-11-20 10:00:00+00', id]),
      forge(['findings', 3, '2026-11-20 10:00:00+00', 'not-a-uuid']),
      forge(['-updated_at', '2026-11-20 10:00:00+00', id]),
    ]) {
      expect(Object.keys((await refused(`cursor=${bad}`)).errors)).toEqual(['cursor']);
    }
    expect((await refused(`page=2&cursor=${first.next_cursor}`)).errors).toEqual({
      page: ['Give either page or cursor, not both.'],
    });
    expect(Object.keys((await refused('page_size=1001&cursor=')).errors)).toEqual(['page_size']);
  });
});
