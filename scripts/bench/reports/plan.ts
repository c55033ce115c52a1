/**
 * The report's findings query on PostgreSQL (issue 33): seeds N findings (default 10,000) in a
 * fresh database and prints EXPLAIN ANALYZE of the first and a middle keyset page as
 * stream-findings builds them (ordered by severity rank desc, template id, host, id).
 * `DIDBAN_PLAN_PG=postgres://postgres@127.0.0.1:5432/test node --conditions=didban-source --import tsx scripts/bench/reports/plan.ts [N]`
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../apps/server/src/db/database.js';
import { users, vulnerabilities, workspaces } from '../../../apps/server/src/db/schema.js';
import { findingConditions } from '../../../apps/server/src/reports/report-scope.js';
import { seedFindings } from '../../../apps/server/test/helpers/report-findings.js';

// drizzle-orm and pg are the server's dependencies, not the root's.
const serverRequire = createRequire(new URL('../../../apps/server/package.json', import.meta.url));
const { and, eq, sql } = (await import(serverRequire.resolve('drizzle-orm'))) as typeof import('drizzle-orm');
const pg = ((await import(serverRequire.resolve('pg'))) as { default: typeof import('pg') }).default;

const n = Number(process.argv[2]) || 10_000;
const admin = process.env.DIDBAN_PLAN_PG ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `didban_plan_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const url = new URL(admin);
const c = new pg.Client({ connectionString: admin });
await c.connect();
await c.query(`CREATE DATABASE ${name}`);
url.pathname = `/${name}`;
const database = await openDatabase({
  databaseUrl: url.toString(),
  dataDir: mkdtempSync(join(tmpdir(), 'plan-')),
});
try {
  const db = database.db;
  const [u] = await db
    .insert(users)
    .values({ username: 'plan', email: 'plan@example.test', password: 'x' } as never)
    .returning({ id: users.id });
  const [ws] = await db
    .insert(workspaces)
    .values({ name: 'plan', kind: 'personal', owner_id: u!.id } as never)
    .returning({ id: workspaces.id });
  await seedFindings(db, ws!.id, n);
  await db.execute(sql`analyze vulnerabilities`);
  const scope = { kind: 'workspace' as const, workspaceId: ws!.id, record: {} };
  const v = vulnerabilities;
  const order = [sql`${v.severity_rank} desc`, v.template_id, v.host, v.id];
  const [mid] = (await db
    .select({ rank: v.severity_rank, template: v.template_id, host: v.host, id: v.id })
    .from(v)
    .orderBy(...order)
    .offset(Math.floor(n / 2))
    .limit(1)) as { rank: number; template: string; host: string; id: string }[];
  for (const after of [null, mid!]) {
    const keyset = after
      ? [
          sql`(${v.severity_rank} < ${after.rank} or (${v.severity_rank} = ${after.rank} and (${v.template_id}, ${v.host}, ${v.id}) > (${after.template}, ${after.host}, ${after.id})))`,
        ]
      : [];
    const ids = db
      .select({ id: v.id })
      .from(v)
      .where(and(...findingConditions(scope), ...keyset))
      .orderBy(...order)
      .limit(250)
      .as('page_ids');
    const q = db
      .select({
        id: v.id,
        request: sql`left(${v.request}, 800)`,
        response: sql`left(${v.response}, 800)`,
      })
      .from(v)
      .innerJoin(ids, eq(v.id, ids.id))
      .orderBy(...order)
      .toSQL();
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const r = await client.query({
      text: `EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`,
      values: q.params as unknown[],
    });
    await client.end();
    console.log(`--- ${after ? 'a middle page' : 'the first page'} of ${n}`);
    for (const row of r.rows) console.log(row['QUERY PLAN']);
  }
} finally {
  await database.close();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
}
