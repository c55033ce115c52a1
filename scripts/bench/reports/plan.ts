/**
 * The report's findings query on PostgreSQL (issue 33): seeds N findings (default 10,000) in a
 * fresh database, prints EXPLAIN ANALYZE of the first and a middle keyset page as
 * stream-findings builds them (ordered by severity rank desc, template id, host, id), and times
 * reading every page's keys with vulnerabilities_report_order_idx (two ranges a page) against
 * the layout before it (one OR, no index), alternately over BENCH_ROUNDS rounds (default 3).
 * `DIDBAN_PLAN_PG=postgres://postgres@127.0.0.1:5432/test node --conditions=didban-source --import tsx scripts/bench/reports/plan.ts [N]`
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../../apps/server/src/db/database.js';
import { users, vulnerabilities, workspaces } from '../../../apps/server/src/db/schema.js';
import { findingConditions } from '../../../apps/server/src/reports/report-scope.js';
import { PAGE_SIZE, pageKeys, REPORT_ORDER } from '../../../apps/server/src/reports/stream-findings.js';
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
  const base = findingConditions(scope);
  const v = vulnerabilities;
  // Before: `desc` (nulls first), which no index of the table gives; after: the report's order.
  const orderBefore = [sql`${v.severity_rank} desc`, v.template_id, v.host, v.id];
  type Key = { rank: number; template: string; host: string; id: string };
  // The layout before 0036: one OR of both ranges, no index of this order (each page a top-N sort).
  const orKeys = (after: Key | null) =>
    db
      .select({ id: v.id, rank: v.severity_rank, template: v.template_id, host: v.host })
      .from(v)
      .where(
        and(
          ...base,
          ...(after
            ? [
                sql`(${v.severity_rank} < ${after.rank} or (${v.severity_rank} = ${after.rank} and (${v.template_id}, ${v.host}, ${v.id}) > (${after.template}, ${after.host}, ${after.id})))`,
              ]
            : []),
        ),
      )
      .orderBy(...orderBefore)
      .limit(PAGE_SIZE);
  /** Every page's keys read in turn, as a report walks them: milliseconds and pages. */
  const walk = async (next: (after: Key | null) => Promise<Key[]>) => {
    const started = performance.now();
    let after: Key | null = null;
    let pages = 0;
    let rows = 0;
    for (;;) {
      const keys = await next(after);
      if (keys.length === 0) break;
      pages++;
      rows += keys.length;
      after = keys.at(-1)!;
      if (keys.length < PAGE_SIZE) break;
    }
    if (rows !== n) throw new Error(`walked ${rows} findings of ${n}`);
    return { ms: performance.now() - started, pages };
  };
  const [mid] = (await db
    .select({ rank: v.severity_rank, template: v.template_id, host: v.host, id: v.id })
    .from(v)
    .orderBy(...REPORT_ORDER)
    .offset(Math.floor(n / 2))
    .limit(1)) as Key[];
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const explain = async (title: string, q: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = q.toSQL();
    const r = await client.query({ text: `EXPLAIN (ANALYZE, BUFFERS) ${text}`, values: params });
    console.log(`--- ${title}`);
    for (const row of r.rows) console.log(row['QUERY PLAN']);
  };
  const rounds = Number(process.env.BENCH_ROUNDS) || 3;
  const results: Record<string, number[]> = { before: [], after: [] };
  // Alternately, so the machine's load falls on both alike: the index is dropped for "before".
  for (let round = 0; round < rounds; round++) {
    await client.query('DROP INDEX IF EXISTS vulnerabilities_report_order_idx');
    await client.query('ANALYZE vulnerabilities');
    if (round === 0) await explain(`before (OR, no index): a middle page of ${n}`, orKeys(mid!));
    const b = await walk(orKeys);
    results.before!.push(b.ms);
    await client.query(
      'CREATE INDEX vulnerabilities_report_order_idx ON vulnerabilities (workspace_id, severity_rank DESC NULLS LAST, template_id, host, id)',
    );
    await client.query('ANALYZE vulnerabilities');
    if (round === 0) {
      await explain(`after: the first page of ${n}`, {
        toSQL: () =>
          db
            .select({ id: v.id })
            .from(v)
            .where(and(...base))
            .orderBy(...REPORT_ORDER)
            .limit(PAGE_SIZE)
            .toSQL(),
      });
      await explain(`after: a middle page of ${n}, the rest of its rank`, {
        toSQL: () =>
          db
            .select({ id: v.id })
            .from(v)
            .where(
              and(
                ...base,
                eq(v.severity_rank, mid!.rank),
                sql`(${v.template_id}, ${v.host}, ${v.id}) > (${mid!.template}, ${mid!.host}, ${mid!.id})`,
              ),
            )
            .orderBy(...REPORT_ORDER)
            .limit(PAGE_SIZE)
            .toSQL(),
      });
      await explain(`after: a middle page of ${n}, the lower ranks`, {
        toSQL: () =>
          db
            .select({ id: v.id })
            .from(v)
            .where(and(...base, sql`${v.severity_rank} < ${mid!.rank}`))
            .orderBy(...REPORT_ORDER)
            .limit(PAGE_SIZE)
            .toSQL(),
      });
    }
    const a = await walk((after) => pageKeys(db, base, after, PAGE_SIZE));
    results.after!.push(a.ms);
    console.log(
      `round ${round + 1}: ${a.pages} pages of ${PAGE_SIZE}: before ${(b.ms / 1000).toFixed(2)} s, after ${(a.ms / 1000).toFixed(2)} s`,
    );
  }
  await client.end();
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const before = median(results.before!);
  const after = median(results.after!);
  console.log(
    `${n} findings, every page's keys: before ${(before / 1000).toFixed(2)} s, after ${(after / 1000).toFixed(2)} s (median of ${rounds}; after/before ${(after / before).toFixed(3)}), load ${loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  await database.close();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
}
