/**
 * The one way events enter the alert pipeline: rows written inside the transaction that records
 * the change itself (changelog, vulnerability, run), so an event exists exactly when its record
 * does. Matching rules and sending happen later in the alert loop, never in ingestion.
 */
import type { AlertEventKind } from '@didban/core';
import { alertEvents } from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';

export type NewAlertEvent = {
  workspace_id: string;
  kind: AlertEventKind;
  /** Asset groups the event concerns (rules filter on them); empty for workspace-wide events. */
  group_ids?: string[];
  /** For once-only events: a second event with the same key is not recorded. */
  subject_key?: string;
  data: Record<string, unknown>;
};

const BATCH = 500;

/** @example await recordAlertEvents(tx, [{ workspace_id, kind: 'asset_new', group_ids: [g], data: { host, port } }]) */
export async function recordAlertEvents(tx: Tx, events: NewAlertEvent[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < events.length; i += BATCH) {
    const rows = await tx
      .insert(alertEvents)
      .values(
        events.slice(i, i + BATCH).map((e) => ({
          workspace_id: e.workspace_id,
          kind: e.kind,
          group_ids: e.group_ids ?? [],
          subject_key: e.subject_key ?? null,
          data: e.data,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: alertEvents.id });
    written += rows.length;
  }
  return written;
}
