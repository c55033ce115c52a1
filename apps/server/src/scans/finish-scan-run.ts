/**
 * The end of a chunk, and of a run once its last chunk ends. A finished run marks fixed what it
 * checked and no longer found: an open or in-progress vulnerability whose template this run ran
 * cleanly against its asset (a done chunk held both, and neither failed nor was skipped there)
 * without matching again. Then the workspace hears how the run went.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAlertEvents } from '../alerts/record-events.js';
import { historyFoundCounts } from '../counters/counters.js';
import type { Db } from '../db/database.js';
import {
  scanChunks,
  scanHistories,
  scanHistoryVulnerabilities,
  scans,
  tasks,
  vulnerabilities,
} from '../db/schema.js';
import { notifyWorkspace } from '../notifications/notify.js';
import type { Tx } from '../queue/task-kinds.js';
import { countScannedAssets } from './scanned-count.js';

type HistoryRow = typeof scanHistories.$inferSelect;
type ChunkRow = typeof scanChunks.$inferSelect;

const FIX_BATCH = 1_000;

/** Record a chunk's end; the chunk that completes the run finishes it. */
export async function endChunk(tx: Tx, chunkId: string, outcome: 'done' | 'failed') {
  const [chunk] = await tx
    .update(scanChunks)
    .set({ status: outcome, updated_at: sql`now()` })
    .where(and(eq(scanChunks.id, chunkId), eq(scanChunks.status, 'queued')))
    .returning();
  if (!chunk) return;
  // The row lock serialises chunks ending at once: exactly one sees the last count.
  const [history] = await tx
    .update(scanHistories)
    .set({ tasks_done: sql`${scanHistories.tasks_done} + 1`, updated_at: sql`now()` })
    .where(and(eq(scanHistories.id, chunk.history_id), eq(scanHistories.status, 'running')))
    .returning();
  if (history && history.total_task !== null && history.tasks_done >= history.total_task)
    await finishRun(tx, history);
}

function fixableBy(chunks: ChunkRow[]) {
  const done = chunks
    .filter((c) => c.status === 'done')
    .map((c) => ({
      assets: new Set(c.asset_ids),
      templates: new Set(c.engine_template_ids),
      failed: new Set(c.failed_pairs.map((p) => `${p.t}\u0000${p.a}`)),
    }));
  return (templateId: string, assetId: string) =>
    done.some(
      (c) =>
        c.assets.has(assetId) &&
        c.templates.has(templateId) &&
        !c.failed.has(`${templateId}\u0000${assetId}`) &&
        !c.failed.has(`${templateId}\u0000null`),
    );
}

async function markFixed(tx: Tx, history: HistoryRow, chunks: ChunkRow[]) {
  if (history.asset_ids.length === 0 || history.engine_template_ids.length === 0) return 0;
  const candidates = await tx
    .select({
      id: vulnerabilities.id,
      template_id: vulnerabilities.template_id,
      asset_id: vulnerabilities.asset_id,
      severity_rank: vulnerabilities.severity_rank,
    })
    .from(vulnerabilities)
    .where(
      and(
        eq(vulnerabilities.workspace_id, history.workspace_id),
        inArray(vulnerabilities.status, ['open', 'in_progress']),
        sql`${vulnerabilities.asset_id} = any(${sql.param(history.asset_ids)}::uuid[])`,
        sql`${vulnerabilities.template_id} = any(${sql.param(history.engine_template_ids)}::text[])`,
        sql`not exists (select 1 from ${scanHistoryVulnerabilities} s where s.history_id = ${history.id} and s.vulnerability_id = ${vulnerabilities.id})`,
      ),
    );
  const fixable = fixableBy(chunks);
  const fixed = candidates.filter((v) => v.asset_id && fixable(v.template_id, v.asset_id));
  for (let i = 0; i < fixed.length; i += FIX_BATCH) {
    const batch = fixed.slice(i, i + FIX_BATCH);
    await tx
      .update(vulnerabilities)
      .set({
        status: 'fixed',
        fixed_at: sql`now()`,
        last_scan_id: history.scan_id,
        last_history_id: history.id,
        // null "by": the server decided, after a rescan.
        status_history: sql`${vulnerabilities.status_history} || jsonb_build_array(jsonb_build_object('status', 'fixed', 'by', null, 'at', now()))`,
        updated_at: sql`now()`,
      })
      .where(
        inArray(
          vulnerabilities.id,
          batch.map((v) => v.id),
        ),
      );
    await tx
      .insert(scanHistoryVulnerabilities)
      .values(
        batch.map((v) => ({
          history_id: history.id,
          vulnerability_id: v.id,
          kind: 'fixed' as const,
          severity_rank: v.severity_rank,
        })),
      )
      .onConflictDoNothing();
    // Tracker channels close the issues they opened for these (issue 20).
    await recordAlertEvents(
      tx,
      batch.map((v) => ({
        workspace_id: history.workspace_id,
        kind: 'finding_fixed' as const,
        data: { vulnerability_id: v.id, template_id: v.template_id, scan_id: history.scan_id },
      })),
    );
  }
  return fixed.length;
}

/** Severity counts of what a run found (its 'seen' links), from the run's counters. */
export const historyFindingCounts = (tx: Tx, historyIds: string[]) => historyFoundCounts(tx, historyIds);

async function finishRun(tx: Tx, history: HistoryRow) {
  const chunks = await tx.select().from(scanChunks).where(eq(scanChunks.history_id, history.id));
  const failedChunks = chunks.filter((c) => c.status === 'failed');
  const allFailed = chunks.length > 0 && failedChunks.length === chunks.length;
  let error: string | null = null;
  if (failedChunks.length) {
    const [first] = await tx
      .select({ error: tasks.error })
      .from(tasks)
      .where(eq(tasks.id, failedChunks[0]!.task_id ?? '00000000-0000-0000-0000-000000000000'));
    error = `${failedChunks.length} of ${chunks.length} task(s) failed: ${first?.error ?? 'unknown error'}`;
  }
  if (!allFailed) await markFixed(tx, history, chunks);
  await countScannedAssets(tx, chunks);
  const status = allFailed ? 'failed' : 'finished';
  await tx
    .update(scanHistories)
    .set({ status, error, finished_at: sql`now()`, updated_at: sql`now()` })
    .where(eq(scanHistories.id, history.id));
  await tx.update(scans).set({ updated_at: sql`now()` }).where(eq(scans.id, history.scan_id));
  const [scan] = await tx
    .select({ name: scans.name, group_ids: scans.asset_group_ids })
    .from(scans)
    .where(eq(scans.id, history.scan_id));
  const name = scan?.name ?? '';
  const counts = (await historyFindingCounts(tx, [history.id])).get(history.id)!;
  await recordAlertEvents(tx, [
    {
      workspace_id: history.workspace_id,
      kind: status === 'failed' ? 'scan_failed' : 'scan_finished',
      group_ids: scan?.group_ids ?? [],
      data: { scan_id: history.scan_id, history_id: history.id, name, error, counts },
    },
  ]);
  if (status === 'failed') {
    await notifyWorkspace(tx as Db, history.workspace_id, {
      key: 'notify.scan_failed',
      params: { name, error: error ?? '' },
      link: '/scans',
    });
    return;
  }
  await notifyWorkspace(tx as Db, history.workspace_id, {
    key: 'notify.scan_finished',
    params: { name, ...counts },
    link: `/scans/${history.scan_id}`,
  });
}
