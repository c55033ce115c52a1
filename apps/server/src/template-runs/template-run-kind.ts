/**
 * The 'template-run' task kind: a worker's result batches become the findings of a one-off run
 * (scan now on /templates), and the end of the task is the end of the run.
 */
import {
  TEMPLATE_RUN_EVIDENCE_MAX,
  type TemplateRunResult,
  templateRunPayloadSchema,
  templateRunResultSchema,
} from '@didban/core';
import { eq, sql } from 'drizzle-orm';
import { pgText } from '../db/pg-text.js';
import { templateRunFindings, templateRuns } from '../db/schema.js';
import type { TemplateRunProblemRow } from '../db/tables/template-runs.js';
import { HttpError } from '../http/errors.js';
import { type KindContext, registerTaskKind, type TaskKindHandler } from '../queue/task-kinds.js';

export const TEMPLATE_RUN_KIND = 'template-run';
/** Problems kept per run: enough to say why templates did not run, bounded for a huge target list. */
const PROBLEMS_KEPT = 200;

const trim = (text: string | null) =>
  text === null ? null : pgText(text.slice(0, TEMPLATE_RUN_EVIDENCE_MAX));

function parseItems(items: unknown[]): TemplateRunResult[] {
  return items.map((raw) => {
    const parsed = templateRunResultSchema.safeParse(raw);
    if (!parsed.success) throw new HttpError(400, 'result_invalid', 'errors.result_invalid');
    return parsed.data;
  });
}

async function ingest({ tx, task }: KindContext, items: unknown[]) {
  const { run_id } = templateRunPayloadSchema.parse(task.payload);
  const parsed = parseItems(items);
  let inserted = 0;
  const problems: TemplateRunProblemRow[] = [];
  let failures = 0;
  let skipped = 0;
  for (const item of parsed) {
    if (item.type !== 'finding') {
      if (item.type === 'failure') failures++;
      else skipped++;
      problems.push({
        kind: item.type,
        template_id: item.template_id,
        target: item.target,
        message: item.message,
      });
      continue;
    }
    const rows = await tx
      .insert(templateRunFindings)
      .values({
        run_id,
        key: item.key,
        template_id: item.template_id,
        template_name: pgText(item.template_name),
        severity: item.severity,
        protocol: item.protocol,
        host: pgText(item.host),
        matched_at: pgText(item.matched_at),
        matcher_name: item.matcher_name,
        extractor_name: item.extractor_name,
        extracted_results: item.extracted_results.map(pgText),
        request: trim(item.request),
        response: trim(item.response),
        evidence_truncated:
          item.evidence_truncated ||
          (item.request?.length ?? 0) > TEMPLATE_RUN_EVIDENCE_MAX ||
          (item.response?.length ?? 0) > TEMPLATE_RUN_EVIDENCE_MAX,
        ip: item.ip,
        found_at: new Date(
          Number.isNaN(Date.parse(item.timestamp)) ? Date.now() : Date.parse(item.timestamp),
        ),
      })
      // A finding posted again by a later attempt (the lease moved) is the same finding.
      .onConflictDoNothing()
      .returning({ id: templateRunFindings.id });
    inserted += rows.length;
  }
  const [run] = await tx
    .select({ problems: templateRuns.problems })
    .from(templateRuns)
    .where(eq(templateRuns.id, run_id))
    .for('update');
  if (run) {
    await tx
      .update(templateRuns)
      .set({
        finding_count: sql`${templateRuns.finding_count} + ${inserted}`,
        failure_count: sql`${templateRuns.failure_count} + ${failures}`,
        skipped_count: sql`${templateRuns.skipped_count} + ${skipped}`,
        problems: [...run.problems, ...problems].slice(0, PROBLEMS_KEPT),
        updated_at: sql`now()`,
      })
      .where(eq(templateRuns.id, run_id));
  }
  return { items: items.length, new_findings: inserted };
}

async function finish(ctx: KindContext, outcome: 'finished' | 'failed', error: string | null) {
  const { run_id } = templateRunPayloadSchema.parse(ctx.task.payload);
  await ctx.tx
    .update(templateRuns)
    .set({ outcome, error, finished_at: sql`now()`, updated_at: sql`now()` })
    // A run the user cancelled stays cancelled.
    .where(sql`${templateRuns.id} = ${run_id} and ${templateRuns.outcome} is null`);
}

export const templateRunTaskKind: TaskKindHandler = {
  ingest,
  complete: (ctx) => finish(ctx, 'finished', null),
  fail: (ctx, error) => finish(ctx, 'failed', error),
};

registerTaskKind(TEMPLATE_RUN_KIND, templateRunTaskKind);
