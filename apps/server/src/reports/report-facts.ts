/**
 * Everything a report says before its findings: counts by severity and status, what changed since
 * the previous report of the same scope, SLA breaches, top risks, the series of its charts and the
 * inventory summary. Each is one aggregate query: nothing here holds the findings themselves.
 */
import { and, count, desc, eq, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import {
  assetSnapshots,
  assets,
  enumerationHistories,
  type ReportSummaryRecord,
  reports,
  vulnerabilities,
} from '../db/schema.js';
import {
  assetConditions,
  findingConditions,
  type ReportScope,
  scopeGroupIds,
  untilEnd,
} from './report-scope.js';

export type TopRisk = { template_name: string; template_id: string; severity: string; assets: number };
export type SeriesPoint = { at: Date; values: number[] };
export type Changes = {
  previousAt: Date;
  previousTotal: number;
  newFindings: number;
  fixedFindings: number;
};
export type ReportFacts = {
  summary: ReportSummaryRecord;
  changes: Changes | null;
  /** null: this server records no due dates yet (before the findings lifecycle, issue 32). */
  slaBreaches: number | null;
  topRisks: TopRisk[];
  findingsOverTime: SeriesPoint[];
  /** values: [hosts, open ports]. */
  assetsOverTime: SeriesPoint[];
  inventory: {
    hosts: number;
    ports: number;
    topPorts: { port: number; n: number }[];
    technologies: { name: string; n: number }[];
  };
};

const TOP_RISKS = 10;
const SERIES_POINTS = 60;

export async function collectFacts(
  db: Db,
  scope: ReportScope,
  reportId: string,
  createdAt: Date,
): Promise<ReportFacts> {
  const where = and(...findingConditions(scope));
  const [summary, changes, slaBreaches, topRisks, findingsOverTime, assetsOverTime, inventory] =
    await Promise.all([
      countsOf(db, where),
      changesSincePrevious(db, scope, reportId, createdAt, where),
      slaBreachCount(db, where),
      topRisksOf(db, where),
      findingsSeries(db, where),
      assetsSeries(db, scope),
      inventoryOf(db, scope),
    ]);
  return { summary, changes, slaBreaches, topRisks, findingsOverTime, assetsOverTime, inventory };
}

async function countsOf(db: Db, where: SQL | undefined): Promise<ReportSummaryRecord> {
  const rows = await db
    .select({ severity: vulnerabilities.severity, status: vulnerabilities.status, n: count() })
    .from(vulnerabilities)
    .where(where)
    .groupBy(vulnerabilities.severity, vulnerabilities.status);
  const by_severity: Record<string, number> = {};
  const by_status: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    by_severity[r.severity] = (by_severity[r.severity] ?? 0) + r.n;
    by_status[r.status] = (by_status[r.status] ?? 0) + r.n;
    total += r.n;
  }
  return { total, by_severity, by_status };
}

/** Against the newest finished report of the same scope made before this one. */
async function changesSincePrevious(
  db: Db,
  scope: ReportScope,
  reportId: string,
  createdAt: Date,
  where: SQL | undefined,
): Promise<Changes | null> {
  const [self] = await db.select({ key: reports.scope_key }).from(reports).where(eq(reports.id, reportId));
  if (!self) return null;
  const [prev] = await db
    .select({ at: reports.created_at, summary: reports.summary })
    .from(reports)
    .where(
      and(
        eq(reports.workspace_id, scope.workspaceId),
        eq(reports.scope_key, self.key),
        eq(reports.status, 'done'),
        ne(reports.id, reportId),
        lt(reports.created_at, createdAt),
      ),
    )
    .orderBy(desc(reports.created_at))
    .limit(1);
  if (!prev) return null;
  const since = prev.at.toISOString();
  const [row] = await db
    .select({
      fresh: sql<number>`count(*) filter (where ${vulnerabilities.first_seen_at} > ${since})`.mapWith(Number),
      fixed: sql<number>`count(*) filter (where ${vulnerabilities.fixed_at} > ${since})`.mapWith(Number),
    })
    .from(vulnerabilities)
    .where(where);
  return {
    previousAt: prev.at,
    previousTotal: prev.summary?.total ?? 0,
    newFindings: row?.fresh ?? 0,
    fixedFindings: row?.fixed ?? 0,
  };
}

let dueColumn: Promise<boolean> | undefined;
/**
 * Open findings past their due date. Due dates arrive with the findings lifecycle (issue 32,
 * `vulnerabilities.due_at`); until that column exists the report says SLAs are not recorded.
 */
async function slaBreachCount(db: Db, where: SQL | undefined): Promise<number | null> {
  dueColumn ??= db
    .execute(
      sql`select 1 from information_schema.columns where table_name = 'vulnerabilities' and column_name = 'due_at'`,
    )
    .then((r) => ((r as { rows?: unknown[] }).rows ?? (r as unknown as unknown[])).length > 0)
    .catch(() => false);
  if (!(await dueColumn)) return null;
  const [row] = await db
    .select({ n: count() })
    .from(vulnerabilities)
    .where(
      and(
        where,
        sql`${vulnerabilities.status} in ('open', 'in_progress')`,
        sql`"vulnerabilities"."due_at" < now()`,
      ),
    );
  return row?.n ?? 0;
}

async function topRisksOf(db: Db, where: SQL | undefined): Promise<TopRisk[]> {
  const rows = await db
    .select({
      template_id: vulnerabilities.template_id,
      template_name: sql<string>`max(${vulnerabilities.template_name})`,
      severity: sql<string>`max(${vulnerabilities.severity})`,
      rank: sql<number>`max(${vulnerabilities.severity_rank})`.mapWith(Number),
      assets:
        sql<number>`count(distinct coalesce(${vulnerabilities.asset_id}::text, ${vulnerabilities.host}))`.mapWith(
          Number,
        ),
    })
    .from(vulnerabilities)
    .where(
      and(
        where,
        sql`${vulnerabilities.status} in ('open', 'in_progress')`,
        sql`${vulnerabilities.severity_rank} >= 2`,
      ),
    )
    .groupBy(vulnerabilities.template_id)
    .orderBy(sql`4 desc`, sql`5 desc`, vulnerabilities.template_id)
    .limit(TOP_RISKS);
  return rows.map(({ rank: _rank, ...r }) => r);
}

/** New findings per day (or week, over long ranges) by severity, the last SERIES_POINTS buckets. */
async function findingsSeries(db: Db, where: SQL | undefined): Promise<SeriesPoint[]> {
  const [span] = await db
    .select({
      first: sql<string | null>`min(${vulnerabilities.first_seen_at})`,
      last: sql<string | null>`max(${vulnerabilities.first_seen_at})`,
    })
    .from(vulnerabilities)
    .where(where);
  if (!span?.first || !span.last) return [];
  const days = (new Date(span.last).getTime() - new Date(span.first).getTime()) / 86_400_000;
  const unit = days > SERIES_POINTS * 7 ? 'month' : days > SERIES_POINTS ? 'week' : 'day';
  const rows = await db
    .select({
      at: sql<string>`date_trunc(${unit}, ${vulnerabilities.first_seen_at}, 'UTC')`,
      critical: sql<number>`count(*) filter (where ${vulnerabilities.severity_rank} = 5)`.mapWith(Number),
      high: sql<number>`count(*) filter (where ${vulnerabilities.severity_rank} = 4)`.mapWith(Number),
      medium: sql<number>`count(*) filter (where ${vulnerabilities.severity_rank} = 3)`.mapWith(Number),
      low: sql<number>`count(*) filter (where ${vulnerabilities.severity_rank} = 2)`.mapWith(Number),
      info: sql<number>`count(*) filter (where ${vulnerabilities.severity_rank} <= 1)`.mapWith(Number),
    })
    .from(vulnerabilities)
    .where(where)
    .groupBy(sql`1`)
    .orderBy(sql`1 desc`)
    .limit(SERIES_POINTS);
  return rows
    .reverse()
    .map((r) => ({ at: new Date(r.at), values: [r.critical, r.high, r.medium, r.low, r.info] }));
}

/**
 * Hosts and open ports (host:port pairs) after each finished discovery of the scope's groups: the
 * newest snapshot of every group, summed per day, each group carried forward until its next run.
 */
async function assetsSeries(db: Db, scope: ReportScope): Promise<SeriesPoint[]> {
  const groups = await scopeGroupIds(db, scope);
  if (groups && groups.length === 0) return [];
  const conditions: SQL[] = [
    eq(enumerationHistories.workspace_id, scope.workspaceId),
    eq(enumerationHistories.status, 'finished'),
  ];
  if (groups) conditions.push(inArray(enumerationHistories.group_id, groups));
  if (scope.record.since)
    conditions.push(
      sql`${enumerationHistories.completed_at} >= ${new Date(scope.record.since).toISOString()}`,
    );
  if (scope.record.until)
    conditions.push(
      sql`${enumerationHistories.completed_at} <= ${untilEnd(scope.record.until).toISOString()}`,
    );
  const rows = await db
    .select({
      group: enumerationHistories.group_id,
      at: enumerationHistories.completed_at,
      hosts:
        sql<number>`(select count(distinct s.host) from ${assetSnapshots} s where s.history_id = ${enumerationHistories.id})`.mapWith(
          Number,
        ),
      ports:
        sql<number>`(select count(*) from ${assetSnapshots} s where s.history_id = ${enumerationHistories.id})`.mapWith(
          Number,
        ),
    })
    .from(enumerationHistories)
    .where(and(...conditions))
    .orderBy(desc(enumerationHistories.completed_at))
    .limit(500);
  const latest = new Map<string, [number, number]>();
  const byDay = new Map<number, SeriesPoint>();
  for (const r of rows.reverse()) {
    if (!r.at) continue;
    latest.set(r.group, [r.hosts, r.ports]);
    const dayStart = Date.UTC(r.at.getUTCFullYear(), r.at.getUTCMonth(), r.at.getUTCDate());
    let hosts = 0;
    let ports = 0;
    for (const [h, p] of latest.values()) {
      hosts += h;
      ports += p;
    }
    byDay.set(dayStart, { at: new Date(dayStart), values: [hosts, ports] });
  }
  return [...byDay.values()].slice(-SERIES_POINTS);
}

async function inventoryOf(db: Db, scope: ReportScope) {
  const where = and(...assetConditions(scope));
  const [totals, topPorts, technologies] = await Promise.all([
    db
      .select({ hosts: sql<number>`count(distinct ${assets.host})`.mapWith(Number), ports: count() })
      .from(assets)
      .where(where),
    db
      .select({ port: assets.port, n: count() })
      .from(assets)
      .where(where)
      .groupBy(assets.port)
      .orderBy(desc(count()), assets.port)
      .limit(10),
    db
      .select({ name: sql<string>`t->>'name'`, n: sql<number>`count(*)`.mapWith(Number) })
      .from(sql`${assets} cross join lateral jsonb_array_elements(${assets.technologies}) as t`)
      .where(where)
      .groupBy(sql`1`)
      .orderBy(sql`2 desc`, sql`1`)
      .limit(15),
  ]);
  return { hosts: totals[0]?.hosts ?? 0, ports: totals[0]?.ports ?? 0, topPorts, technologies };
}
