/**
 * `scanned_count` of an asset (spec §3): how many scan runs covered it. A run covers the assets
 * of its chunks that ended done (a failed chunk checked nothing for sure). Counted once, when the
 * run finishes: finishRun runs once per run, so retried result batches or a repeated complete
 * never count twice.
 */
import { sql } from 'drizzle-orm';
import { assets, type scanChunks } from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';

type ChunkRow = typeof scanChunks.$inferSelect;

export async function countScannedAssets(tx: Tx, chunks: ChunkRow[]): Promise<void> {
  const covered = [...new Set(chunks.filter((c) => c.status === 'done').flatMap((c) => c.asset_ids))];
  if (covered.length === 0) return;
  // Rows locked in id order, so two runs finishing at once over the same assets cannot deadlock.
  await tx.execute(sql`
    update ${assets} set scanned_count = ${assets.scanned_count} + 1
    from (select id from ${assets} where id = any(${sql.param(covered)}::uuid[]) order by id for update) locked
    where ${assets.id} = locked.id`);
}
