/**
 * The report's findings, a page at a time (reports/stream-findings.ts): each page after the first
 * reads two index ranges in turn — the rest of the cursor's severity rank, then the lower ranks —
 * instead of one OR the planner sorted for every page. Whatever the page size, every finding of
 * the scope comes exactly once, in the report's order (severity rank descending, then template id,
 * host and id; long ties on template and host that only the id breaks), with the scope's filters,
 * and never another workspace's.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportScopeRecord } from '../src/db/schema.js';
import type { ReportScope } from '../src/reports/report-scope.js';
import { findingPages } from '../src/reports/stream-findings.js';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { personalWorkspaceId } from './helpers/workers.js';

let server: TestServer;
let workspaceId: string;
let otherWorkspaceId: string;
const TOTAL = 61;

beforeAll(async () => {
  server = await createTestServer();
  workspaceId = await personalWorkspaceId(server, (await registerUser(server)).user.id);
  otherWorkspaceId = await personalWorkspaceId(server, (await registerUser(server)).user.id);
  // Five ranks, three templates, four hosts: each (rank, template, host) holds several findings.
  for (const [ws, count] of [
    [workspaceId, TOTAL],
    [otherWorkspaceId, 9],
  ] as const)
    await server.db.execute(sql`
      insert into vulnerabilities (workspace_id, dedupe_key, template_id, template_name, severity, severity_rank,
                                   protocol, host, port, matched_at, status, first_seen_at, last_seen_at)
      select ${ws}::uuid, 'k-' || i, 'tpl-' || (i % 3), 'Template ' || (i % 3),
             (array['info','low','medium','high','critical'])[1 + i % 5], 1 + i % 5,
             'http', 'h' || (i % 4) || '.pages.test', 443, 'https://h' || i || '.pages.test/',
             (array['open','fixed'])[1 + i % 2],
             timestamptz '2026-11-01 10:00:00+00' + (i || ' days')::interval,
             timestamptz '2026-11-01 10:00:00+00' + (i || ' days')::interval
      from generate_series(1, ${count}) as s(i)`);
}, 240_000);
afterAll(() => server?.close());

type Key = { id: string; severity_rank: number; template_id: string; host: string; status: string };

/** The scope's findings in the report's order, read in one query (what the pages must add up to). */
async function expected(where = sql`true`): Promise<Key[]> {
  const r = (await server.db.execute(sql`
    select id, severity_rank, template_id, host, status from vulnerabilities
    where workspace_id = ${workspaceId} and ${where}
    order by severity_rank desc, template_id, host, id`)) as unknown as { rows: Key[] };
  return r.rows;
}

async function walked(record: ReportScopeRecord, pageSize: number) {
  const scope: ReportScope = { kind: 'workspace', workspaceId, record };
  const pages: Key[][] = [];
  for await (const page of findingPages(server.db, scope, pageSize))
    pages.push(
      page.map((f) => ({
        id: f.id,
        severity_rank: f.severity_rank,
        template_id: f.template_id,
        host: f.host,
        status: f.status,
      })),
    );
  return pages;
}

describe("the report's findings pages", () => {
  it.each([1, 4, 7, 250])('in pages of %i: every finding once, in the report order', async (size) => {
    const all = await expected();
    expect(all).toHaveLength(TOTAL);
    const pages = await walked({}, size);
    expect(pages.flat()).toEqual(all);
    expect(pages.map((p) => p.length)).toEqual(
      Array.from({ length: Math.ceil(TOTAL / size) }, (_, i) => Math.min(size, TOTAL - i * size)),
    );
  });

  it("keeps the scope's filters on both ranges of a page (status, severity, dates)", async () => {
    const open = await expected(sql`status = 'open'`);
    expect((await walked({ status: ['open'] }, 3)).flat()).toEqual(open);
    const high = await expected(sql`severity_rank in (4, 2)`);
    expect(high.length).toBeGreaterThan(10);
    expect((await walked({ severity: ['high', 'low'] }, 5)).flat()).toEqual(high);
    const since = await expected(sql`last_seen_at >= timestamptz '2026-12-01T00:00:00Z'`);
    expect(since.length).toBeGreaterThan(5);
    expect((await walked({ since: '2026-12-01' }, 4)).flat()).toEqual(since);
  });

  it("never reads another workspace's findings", async () => {
    const ids = new Set((await walked({}, 6)).flat().map((f) => f.id));
    const theirs = (await server.db.execute(
      sql`select id from vulnerabilities where workspace_id = ${otherWorkspaceId}`,
    )) as unknown as { rows: { id: string }[] };
    expect(theirs.rows).toHaveLength(9);
    for (const row of theirs.rows) expect(ids.has(row.id)).toBe(false);
  });
});
