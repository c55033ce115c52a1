/**
 * The findings of a report, a page at a time (keyset on severity, then id), so a report of
 * 100,000 findings holds one page in memory: evidence is cut in the query, template texts come
 * from a per-report cache (one parse per template, not per finding), triage actors' names from one
 * query per page.
 */
import { and, inArray, type SQL, sql } from 'drizzle-orm';
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

type TemplateText = { description: string | null; remediation: string | null; references: string[] };

export async function countFindings(db: Db, scope: ReportScope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(vulnerabilities)
    .where(and(...findingConditions(scope)));
  return row?.n ?? 0;
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
  const templates = new Map<string, Promise<TemplateText>>();
  const textOf = (templateId: string) => {
    let t = templates.get(templateId);
    if (!t) {
      t = templateInfo(db, scope.workspaceId, templateId).then((i) => ({
        description: i.description,
        remediation: i.remediation,
        references: i.references,
      }));
      templates.set(templateId, t);
    }
    return t;
  };
  let after: { rank: number; id: string } | null = null;
  for (;;) {
    const keyset: SQL[] = after
      ? [
          sql`(${vulnerabilities.severity_rank} < ${after.rank} or (${vulnerabilities.severity_rank} = ${after.rank} and ${vulnerabilities.id} > ${after.id}))`,
        ]
      : [];
    const rows = await db
      .select({
        id: vulnerabilities.id,
        rank: vulnerabilities.severity_rank,
        template_id: vulnerabilities.template_id,
        template_name: vulnerabilities.template_name,
        severity: vulnerabilities.severity,
        status: vulnerabilities.status,
        host: vulnerabilities.host,
        port: vulnerabilities.port,
        matched_at: vulnerabilities.matched_at,
        first_seen_at: vulnerabilities.first_seen_at,
        last_seen_at: vulnerabilities.last_seen_at,
        request: sql<string | null>`left(${vulnerabilities.request}, ${EVIDENCE_CHARS})`,
        response: sql<string | null>`left(${vulnerabilities.response}, ${EVIDENCE_CHARS})`,
        request_len: sql<number>`coalesce(length(${vulnerabilities.request}), 0)`.mapWith(Number),
        response_len: sql<number>`coalesce(length(${vulnerabilities.response}), 0)`.mapWith(Number),
        truncated: vulnerabilities.evidence_truncated,
        history: vulnerabilities.status_history,
      })
      .from(vulnerabilities)
      .where(and(...base, ...keyset))
      .orderBy(sql`${vulnerabilities.severity_rank} desc`, vulnerabilities.id)
      .limit(pageSize);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = { rank: last.rank, id: last.id };
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
    if (rows.length < pageSize) return;
  }
}
