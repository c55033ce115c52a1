/**
 * The findings of a report, a page at a time, so a report of 100,000 findings holds one page in
 * memory: evidence is cut in the query, a template's texts are read once per run of its findings
 * (the order keeps them together), triage actors' names from one query per page.
 *
 * Order (the report's, stable and documented): most severe first, then by template id, then by
 * host, port and matched URL, then id — so each template's findings come one after another and the
 * report prints the template once above them. Keyset on (severity_rank desc, template_id, host,
 * id); the page's ids are chosen on the narrow columns first and only those rows' evidence is read
 * (docs/benchmarks.md, "Findings grouped by template", for the plan).
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { type StatusChange, users, vulnerabilities } from '../db/schema.js';
import { templateInfo } from '../scans/template-info.js';
import { findingConditions, type ReportScope } from './report-scope.js';

/** Characters of request and response evidence a report prints. */
export const EVIDENCE_CHARS = 800;
export const PAGE_SIZE = 250;

export type ReportFinding = {
  id: string;
  template_id: string;
  template_name: string;
  severity: string;
  severity_rank: number;
  status: string;
  host: string;
  port: number | null;
  matched_at: string;
  first_seen_at: Date;
  last_seen_at: Date;
  request: string | null;
  response: string | null;
  request_trimmed: boolean;
  response_trimmed: boolean;
  history: (StatusChange & { by_name: string | null })[];
  description: string | null;
  remediation: string | null;
  references: string[];
};

/** A template's findings in the report: how many of each (severity rank, template id). */
export const groupKey = (f: { severity_rank: number; template_id: string }) =>
  `${f.severity_rank}\u0000${f.template_id}`;

export type Cursor = { rank: number; template: string; host: string; id: string };

const v = vulnerabilities;
// `nulls last` as vulnerabilities_report_order_idx has it (the column is NOT NULL, so the order is
// the same): a plain `desc` means nulls first, which the index cannot give, and the planner sorted
// the scope for the first page and for every page that crosses into a lower rank.
export const REPORT_ORDER = [sql`${v.severity_rank} desc nulls last`, v.template_id, v.host, v.id];

/**
 * The keys of the page after `after`, read on the narrow columns (no evidence). The order mixes
 * directions (rank descends, the rest ascend), which one row comparison cannot say; so, as the
 * vulnerability list's cursor does, the page reads up to two ranges of
 * vulnerabilities_report_order_idx in turn: the rest of the cursor's rank, then the lower ranks.
 * Each is an index range (an OR of both would make the planner sort the scope for every page:
 * ~150 ms a page at 100,000 findings).
 */
export async function pageKeys(db: Db, base: SQL[], after: Cursor | null, size: number): Promise<Cursor[]> {
  const read = (where: SQL[], limit: number) =>
    db
      .select({ id: v.id, rank: v.severity_rank, template: v.template_id, host: v.host })
      .from(v)
      .where(and(...base, ...where))
      .orderBy(...REPORT_ORDER)
      .limit(limit);
  if (!after) return read([], size);
  const sameRank = await read(
    [
      eq(v.severity_rank, after.rank),
      sql`(${v.template_id}, ${v.host}, ${v.id}) > (${after.template}, ${after.host}, ${after.id})`,
    ],
    size,
  );
  if (sameRank.length === size) return sameRank;
  return [...sameRank, ...(await read([sql`${v.severity_rank} < ${after.rank}`], size - sameRank.length))];
}

type TemplateText = { description: string | null; remediation: string | null; references: string[] };

export async function countFindings(db: Db, scope: ReportScope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(vulnerabilities)
    .where(and(...findingConditions(scope)));
  return row?.n ?? 0;
}

/** Findings per template (keyed by groupKey): one aggregate, a row per template of the scope. */
export async function templateCounts(db: Db, scope: ReportScope): Promise<Map<string, number>> {
  const rows = await db
    .select({
      severity_rank: vulnerabilities.severity_rank,
      template_id: vulnerabilities.template_id,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(vulnerabilities)
    .where(and(...findingConditions(scope)))
    .groupBy(vulnerabilities.severity_rank, vulnerabilities.template_id);
  return new Map(rows.map((r) => [groupKey(r), r.n]));
}

/**
 * @example for await (const page of findingPages(db, scope)) for (const f of page) write(f);
 */
export async function* findingPages(
  db: Db,
  scope: ReportScope,
  pageSize = PAGE_SIZE,
): AsyncGenerator<ReportFinding[]> {
  const base = findingConditions(scope);
  // The findings come template by template, so only the current template's texts are kept.
  let template: { id: string; text: Promise<TemplateText> } | null = null;
  const textOf = (templateId: string) => {
    if (template?.id !== templateId)
      template = {
        id: templateId,
        text: templateInfo(db, scope.workspaceId, templateId).then((i) => ({
          description: i.description,
          remediation: i.remediation,
          references: i.references,
        })),
      };
    return template.text;
  };
  let after: Cursor | null = null;
  for (;;) {
    const keys = await pageKeys(db, base, after, pageSize);
    if (keys.length === 0) return;
    // The next page follows this one's last key even if its rows are deleted meanwhile.
    after = keys.at(-1)!;
    const rows = await db
      .select({
        id: v.id,
        rank: v.severity_rank,
        template_id: v.template_id,
        template_name: v.template_name,
        severity: v.severity,
        status: v.status,
        host: v.host,
        port: v.port,
        matched_at: v.matched_at,
        first_seen_at: v.first_seen_at,
        last_seen_at: v.last_seen_at,
        request: sql<string | null>`left(${v.request}, ${EVIDENCE_CHARS})`,
        response: sql<string | null>`left(${v.response}, ${EVIDENCE_CHARS})`,
        request_len: sql<number>`coalesce(length(${v.request}), 0)`.mapWith(Number),
        response_len: sql<number>`coalesce(length(${v.response}), 0)`.mapWith(Number),
        truncated: v.evidence_truncated,
        history: v.status_history,
      })
      .from(v)
      .where(
        inArray(
          v.id,
          keys.map((k) => k.id),
        ),
      )
      .orderBy(...REPORT_ORDER);
    const actorIds = [
      ...new Set(rows.flatMap((r) => r.history.map((h) => h.by).filter((b): b is string => !!b))),
    ];
    const names = new Map<string, string>();
    if (actorIds.length) {
      for (const u of await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, actorIds)))
        names.set(u.id, u.username);
    }
    const page: ReportFinding[] = [];
    for (const r of rows) {
      const text = await textOf(r.template_id);
      page.push({
        id: r.id,
        template_id: r.template_id,
        template_name: r.template_name,
        severity: r.severity,
        severity_rank: r.rank,
        status: r.status,
        host: r.host,
        port: r.port,
        matched_at: r.matched_at,
        first_seen_at: r.first_seen_at,
        last_seen_at: r.last_seen_at,
        request: r.request,
        response: r.response,
        request_trimmed: r.request_len > EVIDENCE_CHARS || r.truncated,
        response_trimmed: r.response_len > EVIDENCE_CHARS || r.truncated,
        history: r.history.map((h) => ({ ...h, by_name: h.by ? (names.get(h.by) ?? null) : null })),
        ...text,
      });
    }
    yield page;
    if (keys.length < pageSize) return;
  }
}
