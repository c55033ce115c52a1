/**
 * A chunk's result batch: each finding becomes (or updates) a vulnerability — one per workspace +
 * template + matcher + asset + matched URL — and is linked to the run that saw it. A finding that
 * comes back after being fixed reopens its record. Posting the same results again changes no
 * count: the record and the link are keyed.
 */
import { createHash } from 'node:crypto';
import {
  normalizeSeverity,
  TEMPLATE_RUN_EVIDENCE_MAX,
  type TemplateRunResult,
  templateRunResultSchema,
} from '@didban/core';
import { eq, inArray, sql } from 'drizzle-orm';
import { type NewAlertEvent, recordAlertEvents } from '../alerts/record-events.js';
import { pgText } from '../db/pg-text.js';
import {
  assets,
  type FailedPair,
  type ScanHistoryProblemRow,
  scanChunks,
  scanHistories,
  scanHistoryVulnerabilities,
  vulnerabilities,
} from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import type { Tx } from '../queue/task-kinds.js';
import { SEVERITY_RANK } from './severity-rank.js';

type Finding = Extract<TemplateRunResult, { type: 'finding' }>;

const trim = (text: string | null) =>
  text === null ? null : pgText(text.slice(0, TEMPLATE_RUN_EVIDENCE_MAX));

/** The identity of a vulnerability inside a workspace. */
export function vulnerabilityKey(
  templateId: string,
  matcher: string | null,
  asset: string,
  matchedAt: string,
) {
  return createHash('sha256')
    .update(JSON.stringify([templateId, matcher ?? '', asset, matchedAt]))
    .digest('hex');
}

function parseItems(items: unknown[]): TemplateRunResult[] {
  return items.map((raw) => {
    const parsed = templateRunResultSchema.safeParse(raw);
    if (!parsed.success) throw new HttpError(400, 'result_invalid', 'errors.result_invalid');
    return parsed.data;
  });
}

export async function ingestChunkResults(tx: Tx, chunkId: string, items: unknown[]) {
  const parsed = parseItems(items);
  const [chunk] = await tx.select().from(scanChunks).where(eq(scanChunks.id, chunkId));
  if (!chunk) return { items: items.length, new_findings: 0 };
  const [history] = await tx
    .select({
      id: scanHistories.id,
      scan_id: scanHistories.scan_id,
      workspace_id: scanHistories.workspace_id,
    })
    .from(scanHistories)
    .where(eq(scanHistories.id, chunk.history_id));
  if (!history) return { items: items.length, new_findings: 0 };
  const assetOf = new Map(chunk.targets.map((t, i) => [t, chunk.asset_ids[i] ?? null]));
  const findings = parsed.filter((i): i is Finding => i.type === 'finding');
  const assetIds = [...new Set(findings.map((f) => assetOf.get(f.host)).filter((a): a is string => !!a))];
  const assetRows = assetIds.length
    ? await tx
        .select({
          id: assets.id,
          host: assets.host,
          port: assets.port,
          ip: assets.ip,
          group_id: assets.group_id,
        })
        .from(assets)
        .where(inArray(assets.id, assetIds))
    : [];
  const assetById = new Map(assetRows.map((a) => [a.id, a]));
  let fresh = 0;
  const alerts: NewAlertEvent[] = [];
  for (const f of findings) {
    const assetId = assetOf.get(f.host) ?? null;
    const asset = assetId ? assetById.get(assetId) : undefined;
    const severity = normalizeSeverity(f.severity);
    const rank = SEVERITY_RANK[severity];
    const evidence = {
      template_name: pgText(f.template_name),
      severity,
      severity_rank: rank,
      extractor_name: f.extractor_name === null ? null : pgText(f.extractor_name),
      extracted_results: f.extracted_results.map(pgText),
      protocol: f.protocol,
      ip: f.ip ?? asset?.ip.split(',')[0] ?? null,
      request: trim(f.request),
      response: trim(f.response),
      evidence_truncated:
        f.evidence_truncated ||
        (f.request?.length ?? 0) > TEMPLATE_RUN_EVIDENCE_MAX ||
        (f.response?.length ?? 0) > TEMPLATE_RUN_EVIDENCE_MAX,
      last_scan_id: history.scan_id,
      last_history_id: history.id,
    };
    const wasFixed = sql`${vulnerabilities.status} = 'fixed'`;
    const [row] = await tx
      .insert(vulnerabilities)
      .values({
        workspace_id: history.workspace_id,
        dedupe_key: vulnerabilityKey(f.template_id, f.matcher_name, assetId ?? f.host, f.matched_at),
        template_id: f.template_id,
        matcher_name: f.matcher_name === null ? null : pgText(f.matcher_name),
        asset_id: assetId,
        host: asset?.host ?? pgText(f.host),
        port: asset?.port ?? null,
        matched_at: pgText(f.matched_at),
        ...evidence,
      })
      .onConflictDoUpdate({
        target: [vulnerabilities.workspace_id, vulnerabilities.dedupe_key],
        set: {
          ...evidence,
          last_seen_at: sql`now()`,
          updated_at: sql`now()`,
          // It came back: open again, counted, and said so in its status history.
          status: sql`case when ${wasFixed} then 'open' else ${vulnerabilities.status} end`,
          reopened_count: sql`${vulnerabilities.reopened_count} + (case when ${wasFixed} then 1 else 0 end)`,
          fixed_at: sql`case when ${wasFixed} then null else ${vulnerabilities.fixed_at} end`,
          status_history: sql`case when ${wasFixed} then ${vulnerabilities.status_history} || jsonb_build_array(jsonb_build_object('status', 'open', 'by', null, 'at', now())) else ${vulnerabilities.status_history} end`,
        },
      })
      .returning({
        id: vulnerabilities.id,
        inserted: sql<boolean>`(xmax = 0)`,
        // Reopened by this very statement: its last status entry is 'open', stamped now().
        reopened: sql<boolean>`(xmax <> 0 and ${vulnerabilities.status_history}->-1->>'status' = 'open' and (${vulnerabilities.status_history}->-1->>'at')::timestamptz = now())`,
      });
    if (!row) continue;
    if (row.inserted) fresh++;
    if (row.inserted || row.reopened)
      alerts.push({
        workspace_id: history.workspace_id,
        kind: row.inserted ? 'finding_new' : 'finding_reopened',
        group_ids: asset ? [asset.group_id] : [],
        data: {
          vulnerability_id: row.id,
          template_id: f.template_id,
          template_name: evidence.template_name,
          severity,
          severity_rank: rank,
          host: asset?.host ?? f.host,
          port: asset?.port ?? null,
          matched_at: f.matched_at,
          scan_id: history.scan_id,
        },
      });
    await tx
      .insert(scanHistoryVulnerabilities)
      .values({ history_id: history.id, vulnerability_id: row.id, kind: 'seen', severity_rank: rank })
      .onConflictDoNothing();
  }
  // Alerts hear of new and reopened findings in the same transaction (issue 20).
  await recordAlertEvents(tx, alerts);
  const failed: FailedPair[] = [];
  for (const item of parsed) {
    if (item.type === 'finding' || !item.template_id) continue;
    if (item.target === null) {
      failed.push({ t: item.template_id, a: null });
      continue;
    }
    const asset = assetOf.get(item.target);
    if (asset) failed.push({ t: item.template_id, a: asset });
  }
  if (failed.length || findings.length) {
    const known = new Set(chunk.failed_pairs.map((p) => `${p.t}\u0000${p.a}`));
    const merged = [...chunk.failed_pairs];
    for (const p of failed) {
      const key = `${p.t}\u0000${p.a}`;
      if (!known.has(key)) {
        known.add(key);
        merged.push(p);
      }
    }
    await tx
      .update(scanChunks)
      .set({
        failed_pairs: merged,
        findings: sql`${scanChunks.findings} + ${findings.length}`,
        updated_at: sql`now()`,
      })
      .where(eq(scanChunks.id, chunk.id));
  }
  await keepProblems(tx, history.id, parsed);
  return { items: items.length, new_findings: fresh };
}

/** Problems kept per run: enough to say why templates did not run, bounded for a huge target list. */
export const SCAN_PROBLEMS_KEPT = 200;

/**
 * Skipped templates and failures, with the engine's reason, onto the run: all counted, the first
 * SCAN_PROBLEMS_KEPT kept. One statement, so parallel chunks of one run append without a lost update.
 */
async function keepProblems(tx: Tx, historyId: string, parsed: TemplateRunResult[]) {
  const problems: ScanHistoryProblemRow[] = [];
  let skipped = 0;
  let failures = 0;
  for (const item of parsed) {
    if (item.type === 'finding') continue;
    if (item.type === 'failure') failures++;
    else skipped++;
    if (problems.length < SCAN_PROBLEMS_KEPT)
      problems.push({
        kind: item.type,
        template_id: pgText(item.template_id),
        target: item.target === null ? null : pgText(item.target),
        message: pgText(item.message),
      });
  }
  if (!problems.length) return;
  const added = JSON.stringify(problems);
  await tx
    .update(scanHistories)
    .set({
      skipped_count: sql`${scanHistories.skipped_count} + ${skipped}`,
      failure_count: sql`${scanHistories.failure_count} + ${failures}`,
      problems: sql`case when jsonb_array_length(${scanHistories.problems}) >= ${SCAN_PROBLEMS_KEPT} then ${scanHistories.problems} else (select coalesce(jsonb_agg(x.e order by x.i), '[]'::jsonb) from jsonb_array_elements(${scanHistories.problems} || ${added}::jsonb) with ordinality as x(e, i) where x.i <= ${SCAN_PROBLEMS_KEPT}) end`,
      updated_at: sql`now()`,
    })
    .where(eq(scanHistories.id, historyId));
}
