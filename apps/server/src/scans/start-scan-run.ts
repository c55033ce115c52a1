/**
 * Start a run of a scan: a scan history, split into 'template-run' chunks on the queue. Runs in
 * the caller's transaction, so a run is either fully queued or not there at all.
 */
import { eq, sql } from 'drizzle-orm';
import { fuzzEndpointsFor } from '../assets/endpoints-store.js';
import { scanChunks, scanHistories, type scans } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { enqueueTask } from '../queue/queue.js';
import type { Tx } from '../queue/task-kinds.js';
import { TEMPLATE_RUN_KIND } from '../template-runs/template-run-kind.js';
import { planChunks } from './chunk-plan.js';
import { resolveScanTargets } from './resolve-scan-targets.js';
import { resolveScanTemplates } from './resolve-scan-templates.js';

type ScanRow = typeof scans.$inferSelect;
export type HistoryRow = typeof scanHistories.$inferSelect;
export type Trigger = HistoryRow['trigger'];

export const noTargets = () => new HttpError(400, 'no_targets', 'scans.no_targets');
/** Every picked asset is a wildcard record: said as such, not as "no hosts yet". */
export const onlyWildcards = () => new HttpError(400, 'only_wildcards', 'scans.only_wildcards');

/** A started run, and how many wildcard records it left out (the caller tells the person). */
export type StartedRun = { history: HistoryRow; skippedWildcards: number };

/**
 * @example const { history } = await db.transaction((tx) => startScanRun(tx, scan, 'manual', user.id));
 */
export async function startScanRun(
  tx: Tx,
  scan: ScanRow,
  trigger: Trigger,
  userId: string | null,
): Promise<StartedRun> {
  const templates = await resolveScanTemplates(tx, scan.workspace_id, scan.template_ids, scan.template_tags);
  const { targets, skippedWildcards } = await resolveScanTargets(tx, scan.workspace_id, scan);
  if (targets.length === 0) throw skippedWildcards ? onlyWildcards() : noTargets();
  const chunks = planChunks(targets, templates);
  const [history] = await tx
    .insert(scanHistories)
    .values({
      workspace_id: scan.workspace_id,
      scan_id: scan.id,
      trigger,
      status: 'initializing',
      targets: targets.length,
      templates: templates.length,
      asset_ids: targets.map((t) => t.assetId),
      engine_template_ids: [...new Set(templates.map((t) => t.engineId))],
      created_by: userId,
    })
    .returning();
  for (const chunk of chunks) {
    const [row] = await tx
      .insert(scanChunks)
      .values({
        history_id: history!.id,
        targets: chunk.targets.map((t) => t.target),
        asset_ids: chunk.targets.map((t) => t.assetId),
        engine_template_ids: [...new Set(chunk.templates.map((t) => t.engineId))],
      })
      .returning({ id: scanChunks.id });
    const task = await enqueueTask(tx, {
      kind: TEMPLATE_RUN_KIND,
      workspaceId: scan.workspace_id,
      workerGroupId: chunk.workerGroupId,
      // run_id is what the worker's runner expects; chunk_id tells the server it is a scan chunk.
      payload: {
        run_id: row!.id,
        chunk_id: row!.id,
        scan_history_id: history!.id,
        templates: chunk.templates.map((t) => ({ id: t.id, yaml: t.yaml })),
        targets: chunk.targets.map((t) => t.target),
        // The scan's opt-ins open the self-contained and dast gates for this run only (trust/gates.ts).
        options: {
          ...(scan.self_contained ? { self_contained: true } : {}),
          ...(scan.dast ? { dast: true } : {}),
        },
        // A DAST run fuzzes the endpoints discovery found on this chunk's assets (issue 30).
        ...(scan.dast
          ? {
              fuzz_endpoints: await fuzzEndpointsFor(
                tx,
                scan.workspace_id,
                chunk.targets.map((t) => t.assetId),
              ),
            }
          : {}),
      },
    });
    await tx.update(scanChunks).set({ task_id: task.id }).where(eq(scanChunks.id, row!.id));
  }
  const [running] = await tx
    .update(scanHistories)
    .set({ status: 'running', total_task: chunks.length, started_at: sql`now()`, updated_at: sql`now()` })
    .where(eq(scanHistories.id, history!.id))
    .returning();
  return { history: running!, skippedWildcards };
}
