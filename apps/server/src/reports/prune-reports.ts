/** Reports older than the retention setting (DIDBAN_REPORTS_RETENTION_DAYS) go, files first. */
import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { reports } from '../db/schema.js';
import { removeFile } from './report-files.js';

export async function pruneReports(db: Db, dataDir: string, retentionDays: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  for (;;) {
    const old = await db
      .select({ id: reports.id, key: reports.file_key })
      .from(reports)
      .where(
        and(
          lt(reports.created_at, sql`${cutoff}::timestamptz`),
          sql`${reports.status} in ('done', 'failed')`,
        ),
      )
      .limit(200);
    if (!old.length) return;
    for (const r of old) await removeFile(dataDir, r.key);
    await db.delete(reports).where(
      inArray(
        reports.id,
        old.map((r) => r.id),
      ),
    );
  }
}
