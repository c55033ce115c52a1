/**
 * The lifecycle's clock (issue 32): an accepted risk whose end date has come reopens (its assignee
 * is notified, an `acceptance_expired` alert event is raised), and an open finding that passes its
 * due date raises `sla_breached` once (its assignee is notified). Claimed with SKIP LOCKED in
 * batches, so several servers sharing a database never announce the same finding twice.
 */
import type { MessageKey } from '@didban/core';
import { sql } from 'drizzle-orm';
import { recordAlertEvents } from '../alerts/record-events.js';
import type { Db } from '../db/database.js';
import { notifyUsers } from '../notifications/notify.js';
import type { Tx } from '../queue/task-kinds.js';
import { runAutoRetests } from './auto-retest.js';
import { statusHistoryAppend } from './history.js';

const BATCH = 500;
const SWEEP_INTERVAL_MS = 60_000;

type Row = {
  id: string;
  workspace_id: string;
  assignee_id: string | null;
  template_id: string;
  template_name: string;
  severity: string;
  severity_rank: number;
  host: string;
  port: number | null;
  matched_at: string;
  due_at: string | null;
  group_id: string | null;
};
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

async function announce(tx: Tx, rows: Row[], kind: 'acceptance_expired' | 'sla_breached', key: MessageKey) {
  await recordAlertEvents(
    tx,
    rows.map((r) => ({
      workspace_id: r.workspace_id,
      kind,
      group_ids: r.group_id ? [r.group_id] : [],
      subject_key: kind === 'sla_breached' ? `${r.id}:${r.due_at}` : undefined,
      data: {
        vulnerability_id: r.id,
        template_id: r.template_id,
        template_name: r.template_name,
        severity: r.severity,
        severity_rank: r.severity_rank,
        host: r.host,
        port: r.port,
        matched_at: r.matched_at,
        due_at: r.due_at,
      },
    })),
  );
  for (const r of rows)
    if (r.assignee_id)
      await notifyUsers(tx as Db, [r.assignee_id], {
        key,
        params: { template: r.template_name, host: r.host },
        link: `/vulnerabilities/${r.id}`,
        workspaceId: r.workspace_id,
      });
}

const RETURNING = sql`returning "vulnerabilities"."id", "vulnerabilities"."workspace_id", "vulnerabilities"."assignee_id",
  "vulnerabilities"."template_id", "vulnerabilities"."template_name", "vulnerabilities"."severity",
  "vulnerabilities"."severity_rank", "vulnerabilities"."host", "vulnerabilities"."port",
  "vulnerabilities"."matched_at", "vulnerabilities"."due_at", "vulnerabilities"."asset_id"`;
const WITH_GROUP = sql`select c.id, c.workspace_id, c.assignee_id, c.template_id, c.template_name, c.severity,
  c.severity_rank, c.host, c.port, c.matched_at, c.due_at::text as due_at, a.group_id
  from changed c left join assets a on a.id = c.asset_id`;

/** Reopen accepted risks whose acceptance ended. Returns how many. */
export async function expireAcceptances(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const rows = rowsOf(
        await tx.execute(sql`
        with target as (
          select id from vulnerabilities
          where status = 'accepted_risk' and accepted_until <= now()
          order by accepted_until limit ${BATCH} for update skip locked
        ), changed as (
          update vulnerabilities set status = 'open', accepted_until = null, status_reason = null,
            status_history = ${statusHistoryAppend('open', null)}, updated_at = now()
          from target where vulnerabilities.id = target.id
          ${RETURNING}
        ), events as (
          insert into finding_events (workspace_id, vulnerability_id, kind, data)
          select workspace_id, id, 'status', jsonb_build_object('from', 'accepted_risk', 'to', 'open', 'expired', true)
          from changed
        )
        ${WITH_GROUP}`),
      );
      await announce(tx, rows, 'acceptance_expired', 'notify.acceptance_expired');
      return rows.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}

/** Announce open findings that passed their due date since the last sweep. Returns how many. */
export async function announceSlaBreaches(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const rows = rowsOf(
        await tx.execute(sql`
        with target as (
          select id from vulnerabilities
          where status in ('open', 'in_progress') and due_at is not null and due_at < now()
            and sla_breach_notified_at is null
          limit ${BATCH} for update skip locked
        ), changed as (
          update vulnerabilities set sla_breach_notified_at = now()
          from target where vulnerabilities.id = target.id
          ${RETURNING}
        )
        ${WITH_GROUP}`),
      );
      await announce(tx, rows, 'sla_breached', 'notify.finding_sla_breached');
      return rows.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}

export async function sweepFindings(db: Db) {
  return { expired: await expireAcceptances(db), breached: await announceSlaBreaches(db) };
}

/**
 * Every minute in the background, then the workspaces' automatic retests that are due
 * (auto-retest.ts); stop() waits for a sweep in progress.
 */
export function startFindingsSweep(db: Db, log: (msg: string, extra?: object) => void) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepFindings(db)
      .catch((error: unknown) => log('the findings sweep failed', { err: error }))
      .then(() => runAutoRetests(db))
      .catch((error: unknown) => log('the automatic retests failed', { err: error }))
      .finally(() => {
        running = null;
      });
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
