import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, registerUser, type TestServer } from './helpers/test-server.js';
import { personalWorkspaceId } from './helpers/workers.js';

// Issue 32 at scale: the SLA filters' counts ("overdue", "due within N days", the home page's
// counts) come from the due-day counters (migration 0034) plus the boundary day's own findings.
// What a user notices: the number over the list and on the home page is exactly the number of
// findings the list holds, around midnight UTC and the moment "now", after triage, due-date
// edits and deletes — and another workspace's findings never count.
let server: TestServer;
let access: Record<string, string>;
let workspaceId: string;
let otherWorkspace: string;

beforeAll(async () => {
  server = await createTestServer();
  const owner = await registerUser(server);
  access = { authorization: `Bearer ${owner.access}` };
  workspaceId = await personalWorkspaceId(server, owner.user.id);
  const other = await registerUser(server);
  otherWorkspace = await personalWorkspaceId(server, other.user.id);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** Due dates around the boundaries: days ago, earlier today (UTC), a minute either side of now, a week on. */
const OFFSETS = [
  `- interval '40 days'`,
  `- interval '1 day'`,
  `- interval '1 minute'`,
  `+ interval '1 minute'`,
  `+ interval '6 days 23 hours'`,
  `+ interval '7 days' - interval '1 minute'`,
  `+ interval '7 days' + interval '1 minute'`,
  `+ interval '30 days'`,
];
const STATUSES = ['open', 'in_progress', 'fixed', 'accepted_risk'];

async function seed(ws: string, prefix: string) {
  let i = 0;
  for (const offset of OFFSETS)
    for (const status of STATUSES)
      for (const [severity, rank] of [
        ['critical', 5],
        ['medium', 3],
      ] as const) {
        i++;
        await server.db.execute(
          sql.raw(`insert into vulnerabilities (workspace_id, dedupe_key, template_id, template_name, severity,
            severity_rank, protocol, host, port, matched_at, status, first_seen_at, last_seen_at, due_at, due_at_manual)
            values ('${ws}', '${prefix}${i}', 't${i}', 'Template ${i}', '${severity}', ${rank}, 'http',
            'h${i}.test', 80, 'http://h${i}.test/', '${status}', now(), now(), now() ${offset}, true)`),
        );
      }
  // Today's midnight UTC exactly, and a finding with no due date (info).
  await server.db.execute(
    sql.raw(`insert into vulnerabilities (workspace_id, dedupe_key, template_id, template_name, severity,
      severity_rank, protocol, host, port, matched_at, status, first_seen_at, last_seen_at, due_at, due_at_manual)
      values ('${ws}', '${prefix}midnight', 'tm', 'Midnight', 'high', 4, 'http', 'm.test', 80, 'http://m.test/',
        'open', now(), now(), date_trunc('day', now() at time zone 'UTC') at time zone 'UTC', true),
      ('${ws}', '${prefix}none', 'tn', 'No due', 'info', 1, 'http', 'n.test', 80, 'http://n.test/', 'open', now(), now(), null, true)`),
  );
}

const listCount = async (query: string) => {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/v1/panel/vulnerabilities/?${query}`,
    headers: access,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.result_count as number;
};
/** The exact count, straight from the findings. */
const exact = async (where: string) =>
  Number(
    (
      (await server.db.execute(
        sql.raw(`select count(*)::int as n from vulnerabilities where workspace_id = '${workspaceId}'
          and status in ('open', 'in_progress') and due_at is not null and ${where}`),
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n,
  );

async function expectCountsExact() {
  expect(await listCount('overdue=true')).toBe(await exact('due_at < now()'));
  expect(await listCount('due_within=7')).toBe(await exact(`due_at < now() + interval '7 days'`));
  expect(await listCount('due_within=0')).toBe(await exact('due_at < now()'));
  expect(await listCount('due_within=30&severity=critical')).toBe(
    await exact(`due_at < now() + interval '30 days' and severity_rank = 5`),
  );
  expect(await listCount('overdue=true&status=in_progress')).toBe(
    await exact(`due_at < now() and status = 'in_progress'`),
  );
  expect(await listCount('overdue=true&status=fixed')).toBe(0);
  expect(await listCount('overdue=true&severity_group=vulnerabilities')).toBe(
    await exact(`due_at < now() and severity_rank >= 2`),
  );
  const summary = (
    await server.app.inject({ method: 'GET', url: '/api/v1/panel/findings/summary/', headers: access })
  ).json().data;
  expect(summary.overdue).toBe(await exact('due_at < now()'));
  expect(summary.due_7d).toBe(await exact(`due_at < now() + interval '7 days'`));
}

describe('SLA counts from the due-day counters (issue 32)', () => {
  it('equal the findings the list holds, at every boundary, after triage, due edits and deletes', async () => {
    await seed(workspaceId, 'a');
    await seed(otherWorkspace, 'b');
    // The seeded rows: 11 overdue (5 × 2 open/in progress of the past offsets, plus midnight), none leaking.
    expect(await listCount('overdue=true')).toBe(2 * 2 * 3 + 1);
    await expectCountsExact();

    // Triage: open → fixed and fixed → open move findings out of and into the counts.
    await server.db.execute(
      sql.raw(
        `update vulnerabilities set status = 'fixed' where workspace_id = '${workspaceId}' and dedupe_key in ('a1', 'a2', 'a9')`,
      ),
    );
    await server.db.execute(
      sql.raw(
        `update vulnerabilities set status = 'open' where workspace_id = '${workspaceId}' and status = 'accepted_risk' and severity_rank = 3`,
      ),
    );
    await expectCountsExact();
    // Due dates moved (an SLA change recomputes them all): a week later, then one back into the past.
    await server.db.execute(
      sql.raw(
        `update vulnerabilities set due_at = due_at + interval '7 days' where workspace_id = '${workspaceId}' and severity_rank = 5`,
      ),
    );
    await server.db.execute(
      sql.raw(
        `update vulnerabilities set due_at = now() - interval '2 hours' where workspace_id = '${workspaceId}' and dedupe_key = 'anone'`,
      ),
    );
    await expectCountsExact();
    // Deletes, and a rescan touching only last_seen_at (nothing changes).
    await server.db.execute(
      sql.raw(`delete from vulnerabilities where workspace_id = '${workspaceId}' and dedupe_key like 'a1%'`),
    );
    await server.db.execute(
      sql.raw(`update vulnerabilities set last_seen_at = now() where workspace_id = '${workspaceId}'`),
    );
    await expectCountsExact();
    // The counters hold one cell per severity, status and day (a row per cell and shard), not one per finding.
    const cells = (
      (await server.db.execute(
        sql.raw(
          `select count(*)::int as n from (select distinct severity_rank, status, due_day from open_due_counters where workspace_id = '${workspaceId}') c`,
        ),
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
    expect(cells).toBeLessThan(30);
  });
});
