/**
 * The who-and-when history of a finding (issue 32): every change made through the lifecycle is a
 * `finding_events` row; the status changes a rescan makes (fixed, reopened) are still written by
 * ingestion into the finding's `status_history`, and are merged in here. Entries the lifecycle
 * also mirrors into `status_history` carry `src` there and are not shown twice.
 */
import type { FindingHistoryEntry } from '@didban/core';
import { asc, eq, sql } from 'drizzle-orm';
import { type FindingEventKind, findingEvents, vulnerabilities } from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';

export type Actor = { id: string; username: string } | null;

export type FindingEventInput = {
  workspace_id: string;
  vulnerability_id: string;
  kind: FindingEventKind;
  actor: Actor;
  data: Record<string, unknown>;
};

const BATCH = 1000;

export async function recordFindingEvents(tx: Tx, events: FindingEventInput[]) {
  for (let i = 0; i < events.length; i += BATCH)
    await tx.insert(findingEvents).values(
      events.slice(i, i + BATCH).map((e) => ({
        workspace_id: e.workspace_id,
        vulnerability_id: e.vulnerability_id,
        kind: e.kind,
        actor_id: e.actor?.id ?? null,
        actor_name: e.actor?.username ?? null,
        data: e.data,
      })),
    );
}

/** The SQL that appends a status change to `status_history`, marked as the lifecycle's own. */
export const statusHistoryAppend = (status: string, by: string | null) =>
  sql`${vulnerabilities.status_history} || jsonb_build_array(jsonb_build_object('status', ${status}::text, 'by', ${by}::text, 'at', now(), 'src', 'lifecycle'))`;

/** Newest first. */
export async function findingHistory(
  db: Tx,
  row: Pick<typeof vulnerabilities.$inferSelect, 'id' | 'status_history'>,
): Promise<FindingHistoryEntry[]> {
  const events = await db
    .select()
    .from(findingEvents)
    .where(eq(findingEvents.vulnerability_id, row.id))
    .orderBy(asc(findingEvents.created_at));
  const entries: (FindingHistoryEntry & { t: number })[] = events.map((e) => ({
    id: e.id,
    kind: e.kind,
    by: e.actor_name,
    at: e.created_at.toISOString(),
    data: e.data,
    t: e.created_at.getTime(),
  }));
  row.status_history.forEach((s, i) => {
    if ((s as { src?: string }).src) return;
    const at = new Date(s.at);
    entries.push({
      id: `status-${i}`,
      kind: 'status',
      by: s.by,
      at: at.toISOString(),
      data: { to: s.status, from: i > 0 ? row.status_history[i - 1]!.status : null },
      t: at.getTime(),
    });
  });
  // Ties (rows of one statement, stamped in the same millisecond) keep the order they were
  // written in: the later one is newer.
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => b.e.t - a.e.t || b.i - a.i)
    .map(({ e: { t: _t, ...e } }) => e);
}
