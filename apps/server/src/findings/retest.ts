/**
 * Retests (issue 32): exactly a finding's template against exactly its target, as one small
 * 'template-run' task on the queue (so the built-in worker and self-hosted workers run it as they
 * run scan chunks), on the worker group that found it, bounded by a short request timeout, no
 * retries and few host errors. It is not a scan: no scan history, nothing counted against the
 * plan's scans; each is a `finding_retests` row and a history entry with its evidence.
 *
 * Verdict: the template matched again → still vulnerable (a fixed finding reopens); it ran
 * cleanly, the control request answered and nothing matched → fixed; anything else (the target
 * did not answer, the template failed, the task failed) → inconclusive, the finding unchanged,
 * the reason kept.
 */
import { TEMPLATE_RUN_EVIDENCE_MAX, type TemplateRunResult, templateRunResultSchema } from '@didban/core';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { pgText } from '../db/pg-text.js';
import {
  assetGroups,
  assets,
  findingRetests,
  type RetestEvidence,
  type RetestVerdict,
  scans,
  templates,
  vulnerabilities,
} from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { enqueueTask } from '../queue/queue.js';
import type { KindContext, Tx } from '../queue/task-kinds.js';
import { assetTarget } from '../scans/resolve-scan-targets.js';
import { TEMPLATE_RUN_KIND } from '../template-runs/template-run-kind.js';
import { publicLibrary } from '../templates/public-library.js';
import { type Actor, recordFindingEvents, statusHistoryAppend } from './history.js';
import { hasControl, RETEST_CONTROL_ID, RETEST_CONTROL_YAML } from './retest-control.js';

/** The bounds of one retest: per-request timeout, no retries, stop after a few host errors. */
const RETEST_OPTIONS = { timeout_ms: 10_000, retries: 0, max_host_errors: 3, rate_limit: 10 };
/** Attempts a retest task gets before it fails (a retest is cheap to ask again). */
const RETEST_MAX_ATTEMPTS = 2;
/** Evidence kept per retest: the matching or control exchanges, each cut to this size. */
const EVIDENCE_ITEMS = 4;
const EVIDENCE_CHARS = Math.min(TEMPLATE_RUN_EVIDENCE_MAX, 16_384);

type VulnRow = typeof vulnerabilities.$inferSelect;

/** The YAML of a finding's template: the workspace's own template with that id, else the library's. */
async function templateYaml(tx: Tx, v: VulnRow): Promise<string | null> {
  const [own] = await tx
    .select({ yaml: templates.yaml })
    .from(templates)
    .where(and(eq(templates.workspace_id, v.workspace_id), eq(templates.template_id, v.template_id)))
    .limit(1);
  if (own) return own.yaml;
  const pub = publicLibrary().templates.find(
    (t) => t.facts.template_id === v.template_id && !t.facts.rejected_reason,
  );
  return pub?.yaml ?? null;
}

/** The asset's target text and the worker group that scans it (the finding's scan's, else its group's). */
async function targetOf(tx: Tx, v: VulnRow) {
  if (!v.asset_id) return null;
  const [a] = await tx
    .select({
      id: assets.id,
      host: assets.host,
      port: assets.port,
      status: assets.status,
      service: assets.service,
      tls: assets.tls,
      group_worker: assetGroups.worker_group_id,
    })
    .from(assets)
    .innerJoin(assetGroups, eq(assetGroups.id, assets.group_id))
    .where(eq(assets.id, v.asset_id));
  if (!a) return null;
  const [scan] = v.last_scan_id
    ? await tx
        .select({ worker_group_id: scans.worker_group_id })
        .from(scans)
        .where(eq(scans.id, v.last_scan_id))
    : [];
  return { target: assetTarget(a), workerGroupId: scan?.worker_group_id ?? a.group_worker };
}

/** Who asked: a member, or (`automatic`) the workspace's auto-retest schedule (auto-retest.ts). */
export type RetestOrigin = { automatic?: boolean };

/** Queue one retest; throws 400 when the finding's asset or template is gone. */
export async function queueRetest(tx: Tx, v: VulnRow, actor: Actor, origin: RetestOrigin = {}) {
  const yaml = await templateYaml(tx, v);
  const target = await targetOf(tx, v);
  if (!yaml || !target) throw new HttpError(400, 'retest_unavailable', 'findings.retest_unavailable');
  const [retest] = await tx
    .insert(findingRetests)
    .values({
      workspace_id: v.workspace_id,
      vulnerability_id: v.id,
      requested_by: actor?.id ?? null,
      requested_by_name: actor?.username ?? null,
      automatic: origin.automatic ?? false,
    })
    .returning();
  const runTemplates = [{ id: v.template_id, yaml }];
  if (hasControl(target.target)) runTemplates.push({ id: RETEST_CONTROL_ID, yaml: RETEST_CONTROL_YAML });
  const task = await enqueueTask(tx, {
    kind: TEMPLATE_RUN_KIND,
    workspaceId: v.workspace_id,
    workerGroupId: target.workerGroupId,
    maxAttempts: RETEST_MAX_ATTEMPTS,
    payload: {
      run_id: retest!.id,
      retest_id: retest!.id,
      templates: runTemplates,
      targets: [target.target],
      options: RETEST_OPTIONS,
    },
  });
  await tx.update(findingRetests).set({ task_id: task.id }).where(eq(findingRetests.id, retest!.id));
  return { ...retest!, task_id: task.id };
}

/**
 * Queue a retest of each selected finding that can be retested (asset and template still there)
 * and has none waiting. Returns the retests queued.
 */
export async function queueRetests(
  tx: Tx,
  workspaceId: string,
  selection: SQL,
  actor: Actor,
  origin: RetestOrigin = {},
) {
  const rows = await tx
    .select()
    .from(vulnerabilities)
    .where(
      and(
        eq(vulnerabilities.workspace_id, workspaceId),
        selection,
        sql`not exists (select 1 from ${findingRetests} r where r.vulnerability_id = ${vulnerabilities.id} and r.status = 'queued')`,
      ),
    );
  const queued = [];
  for (const v of rows) {
    try {
      queued.push(await tx.transaction((inner) => queueRetest(inner, v, actor, origin)));
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
    }
  }
  return queued;
}

// ---- the task's side: results, then the verdict ----

const cut = (s: string | null) => (s === null ? null : pgText(s.slice(0, EVIDENCE_CHARS)));

type Stored = RetestEvidence & { kind: 'match' | 'control' | 'failure'; message?: string };

export async function ingestRetestResults(ctx: KindContext, retestId: string, items: unknown[]) {
  const parsed: TemplateRunResult[] = items.map((raw) => {
    const r = templateRunResultSchema.safeParse(raw);
    if (!r.success) throw new HttpError(400, 'result_invalid', 'errors.result_invalid');
    return r.data;
  });
  const [retest] = await ctx.tx.select().from(findingRetests).where(eq(findingRetests.id, retestId));
  if (retest?.status !== 'queued') return { items: items.length };
  const [v] = await ctx.tx
    .select()
    .from(vulnerabilities)
    .where(eq(vulnerabilities.id, retest.vulnerability_id));
  if (!v) return { items: items.length };
  const stored: Stored[] = [];
  for (const item of parsed) {
    if (item.type === 'finding') {
      const isControl = item.template_id === RETEST_CONTROL_ID;
      const sameFinding =
        item.template_id === v.template_id && (item.matcher_name ?? null) === v.matcher_name;
      if (!isControl && !sameFinding) continue;
      stored.push({
        kind: isControl ? 'control' : 'match',
        request: cut(item.request),
        response: cut(item.response),
        matched: !isControl,
      });
    } else if (item.type === 'failure') {
      stored.push({
        kind: 'failure',
        request: null,
        response: null,
        message: pgText(item.message.slice(0, 500)),
      });
      // Which template failed decides the reason; kept in the message.
      stored[stored.length - 1]!.message =
        `${item.template_id === RETEST_CONTROL_ID ? 'control' : 'template'}: ${stored[stored.length - 1]!.message}`;
    }
  }
  if (stored.length)
    await ctx.tx
      .update(findingRetests)
      .set({ evidence: sql`${findingRetests.evidence} || ${JSON.stringify(stored)}::jsonb` })
      .where(eq(findingRetests.id, retestId));
  return { items: items.length };
}

function decide(
  evidence: Stored[],
  control: boolean,
): { verdict: RetestVerdict; reason: string; error?: string } {
  if (evidence.some((e) => e.kind === 'match'))
    return { verdict: 'still_vulnerable', reason: 'retest.reason.matched' };
  const templateFailure = evidence.find((e) => e.kind === 'failure' && e.message?.startsWith('template:'));
  if (templateFailure)
    return {
      verdict: 'inconclusive',
      reason: 'retest.reason.template_failed',
      error: templateFailure.message!.slice(10),
    };
  if (control && !evidence.some((e) => e.kind === 'control')) {
    const controlFailure = evidence.find((e) => e.kind === 'failure');
    return {
      verdict: 'inconclusive',
      reason: 'retest.reason.target_unreachable',
      error: controlFailure?.message?.replace(/^control: /, '') ?? 'no answer',
    };
  }
  return { verdict: 'fixed', reason: 'retest.reason.not_matched' };
}

async function settle(
  tx: Tx,
  retestId: string,
  outcome: { verdict: RetestVerdict; reason: string; error?: string },
) {
  const [retest] = await tx
    .update(findingRetests)
    .set({
      status: 'done',
      verdict: outcome.verdict,
      reason: outcome.error ? `${outcome.reason}|${outcome.error}` : outcome.reason,
      finished_at: sql`now()`,
    })
    .where(and(eq(findingRetests.id, retestId), eq(findingRetests.status, 'queued')))
    .returning();
  if (!retest) return;
  const [v] = await tx.select().from(vulnerabilities).where(eq(vulnerabilities.id, retest.vulnerability_id));
  if (!v) return;
  // Only an open finding becomes fixed, only a fixed one reopens; accepted risks and false
  // positives keep their triage, and an inconclusive retest changes nothing.
  const to =
    outcome.verdict === 'fixed' && (v.status === 'open' || v.status === 'in_progress')
      ? 'fixed'
      : outcome.verdict === 'still_vulnerable' && v.status === 'fixed'
        ? 'open'
        : null;
  await tx
    .update(vulnerabilities)
    .set({
      last_retest_at: sql`now()`,
      last_retest_verdict: outcome.verdict,
      ...(to
        ? {
            status: to,
            fixed_at: to === 'fixed' ? sql`now()` : null,
            status_history: statusHistoryAppend(to, null),
            ...(to === 'open' ? { reopened_count: sql`${vulnerabilities.reopened_count} + 1` } : {}),
          }
        : {}),
      updated_at: sql`now()`,
    })
    .where(eq(vulnerabilities.id, v.id));
  await recordFindingEvents(tx, [
    {
      workspace_id: v.workspace_id,
      vulnerability_id: v.id,
      kind: 'retest',
      actor:
        retest.requested_by && retest.requested_by_name
          ? { id: retest.requested_by, username: retest.requested_by_name }
          : null,
      data: {
        retest_id: retest.id,
        // Queued by the schedule: the history names it instead of a member.
        ...(retest.automatic ? { automatic: true } : {}),
        verdict: outcome.verdict,
        reason: outcome.reason,
        error: outcome.error ?? null,
        evidence: (retest.evidence as Stored[]).filter((e) => e.kind !== 'failure').slice(0, EVIDENCE_ITEMS),
      },
    },
    ...(to
      ? [
          {
            workspace_id: v.workspace_id,
            vulnerability_id: v.id,
            kind: 'status' as const,
            actor: null,
            data: { from: v.status, to, retest_id: retest.id },
          },
        ]
      : []),
  ]);
}

export async function completeRetest(ctx: KindContext, retestId: string) {
  const [retest] = await ctx.tx.select().from(findingRetests).where(eq(findingRetests.id, retestId));
  if (!retest) return;
  const payload = ctx.task.payload as { targets?: string[] };
  const control = hasControl(payload.targets?.[0] ?? '');
  await settle(ctx.tx, retestId, decide(retest.evidence as Stored[], control));
}

export async function failRetest(ctx: KindContext, retestId: string, error: string) {
  await settle(ctx.tx, retestId, { verdict: 'inconclusive', reason: 'retest.reason.task_failed', error });
}

/** The retests of a finding, newest first. */
export async function listRetests(db: Tx, findingId: string) {
  return db
    .select()
    .from(findingRetests)
    .where(inArray(findingRetests.vulnerability_id, [findingId]))
    .orderBy(sql`${findingRetests.created_at} desc`)
    .limit(50);
}
