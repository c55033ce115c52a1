/**
 * Reports as background tasks: the `reports` row is the task. A server's report loop claims the
 * oldest queued report (or one whose lease ran out because its server died) with FOR UPDATE SKIP
 * LOCKED, so two servers never build the same report; a report that fails 3 times is failed.
 */
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { reports } from '../db/schema.js';
import type { ReportRow } from './generate-report.js';

export const REPORT_MAX_ATTEMPTS = 3;

export async function claimReport(db: Db, leaseSeconds: number): Promise<ReportRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(reports)
      .where(
        or(
          eq(reports.status, 'queued'),
          and(eq(reports.status, 'running'), lt(reports.lease_until, sql`now()`)),
        ),
      )
      .orderBy(reports.created_at)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    if (row.attempts >= REPORT_MAX_ATTEMPTS) {
      await tx
        .update(reports)
        .set({
          status: 'failed',
          error: 'the server stopped while building this report, 3 times',
          finished_at: sql`now()`,
          updated_at: sql`now()`,
        })
        .where(eq(reports.id, row.id));
      return null;
    }
    const [claimed] = await tx
      .update(reports)
      .set({
        status: 'running',
        progress: 0,
        attempts: sql`${reports.attempts} + 1`,
        lease_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
        started_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(eq(reports.id, row.id))
      .returning();
    return claimed ?? null;
  });
}

/** Progress also renews the lease: a report that is still being written is not taken over. */
export async function reportProgress(db: Db, id: string, percent: number, leaseSeconds: number) {
  await db
    .update(reports)
    .set({
      progress: percent,
      lease_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
      updated_at: sql`now()`,
    })
    .where(and(eq(reports.id, id), eq(reports.status, 'running')));
}
