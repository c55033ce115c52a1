/**
 * Automatic retests (issue 32): a workspace may retest its open findings of chosen severities by
 * itself, daily or weekly (off by default). The setting and its due time live in
 * `finding_auto_retest_settings` (migration 0033), so a restart neither repeats a run nor skips
 * one. A due workspace is claimed with SKIP LOCKED (several servers share the database), its next
 * run is moved a period on in the same transaction, and its retests are queued through the same
 * path as a manual bulk retest (`queueRetests`: the worker group that found the finding, the
 * template run's scope policy, none for a finding with a retest still waiting), at most
 * AUTO_RETEST_MAX_PER_RUN per run: the highest severity first, then the longest since a retest.
 * Each retest is marked `automatic`; its history entry names the schedule, not a member.
 */
import {
  AUTO_RETEST_MAX_PER_RUN,
  type AutoRetestInput,
  type AutoRetestSettings,
  BREAKDOWN_SEVERITIES,
} from '@didban/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { findingAutoRetestSettings, findingRetests, vulnerabilities } from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';
import { queueRetests } from './retest.js';

/** Workspaces one pass runs at most (the next pass takes the rest). */
const WORKSPACES_PER_PASS = 20;

const PERIOD = { daily: sql`interval '1 day'`, weekly: sql`interval '7 days'` } as const;

type Row = typeof findingAutoRetestSettings.$inferSelect;
type Severity = (typeof BREAKDOWN_SEVERITIES)[number];

const isSeverity = (s: string): s is Severity => (BREAKDOWN_SEVERITIES as readonly string[]).includes(s);

function present(row: Row | undefined): AutoRetestSettings {
  return {
    frequency: row?.frequency ?? 'off',
    severities: row ? row.severities.filter(isSeverity) : ['critical', 'high'],
    last_run_at: row?.last_run_at?.toISOString() ?? null,
    last_queued: row?.last_queued ?? null,
    next_run_at: row && row.frequency !== 'off' ? (row.next_run_at?.toISOString() ?? null) : null,
    max_per_run: AUTO_RETEST_MAX_PER_RUN,
  };
}

export async function readAutoRetest(db: Tx, workspaceId: string): Promise<AutoRetestSettings> {
  const [row] = await db
    .select()
    .from(findingAutoRetestSettings)
    .where(eq(findingAutoRetestSettings.workspace_id, workspaceId));
  return present(row);
}

/**
 * Save the setting. Turning it on (or changing daily/weekly) makes the first run due at once (the
 * loop's next pass, within a minute); changing only the severities keeps the due time; off
 * clears it.
 */
export async function saveAutoRetest(
  tx: Tx,
  workspaceId: string,
  input: AutoRetestInput,
): Promise<AutoRetestSettings> {
  const severities = BREAKDOWN_SEVERITIES.filter((s) => input.severities.includes(s));
  const nextRunAt =
    input.frequency === 'off'
      ? sql`null`
      : sql`case when ${findingAutoRetestSettings.frequency} = ${input.frequency}
          then coalesce(${findingAutoRetestSettings.next_run_at}, now()) else now() end`;
  await tx
    .insert(findingAutoRetestSettings)
    .values({
      workspace_id: workspaceId,
      frequency: input.frequency,
      severities,
      next_run_at: input.frequency === 'off' ? null : sql`now()`,
    })
    .onConflictDoUpdate({
      target: findingAutoRetestSettings.workspace_id,
      set: { frequency: input.frequency, severities, next_run_at: nextRunAt, updated_at: sql`now()` },
    });
  return readAutoRetest(tx, workspaceId);
}

/** Run one due workspace (its row locked by the caller's transaction); returns the retests queued. */
async function runOne(tx: Tx, row: Row): Promise<number> {
  const severities = row.severities.filter(isSeverity);
  const period = row.frequency === 'weekly' ? PERIOD.weekly : PERIOD.daily;
  // The bounded choice: open findings of those severities that a retest can reach (their asset is
  // there) and have none waiting, the most severe and least recently retested first.
  const chosen = severities.length
    ? tx
        .select({ id: vulnerabilities.id })
        .from(vulnerabilities)
        .where(
          and(
            eq(vulnerabilities.workspace_id, row.workspace_id),
            inArray(vulnerabilities.status, ['open', 'in_progress']),
            inArray(vulnerabilities.severity, severities),
            sql`${vulnerabilities.asset_id} is not null`,
            sql`not exists (select 1 from ${findingRetests} r where r.vulnerability_id = ${vulnerabilities.id} and r.status = 'queued')`,
          ),
        )
        .orderBy(
          sql`${vulnerabilities.severity_rank} desc`,
          sql`${vulnerabilities.last_retest_at} asc nulls first`,
          vulnerabilities.id,
        )
        .limit(AUTO_RETEST_MAX_PER_RUN)
    : null;
  const queued = chosen
    ? await queueRetests(tx, row.workspace_id, inArray(vulnerabilities.id, chosen), null, {
        automatic: true,
      })
    : [];
  await tx
    .update(findingAutoRetestSettings)
    .set({
      last_run_at: sql`now()`,
      last_queued: queued.length,
      // A period after this run (a server that was down for days runs once, not once per period missed).
      next_run_at: sql`now() + ${period}`,
    })
    .where(eq(findingAutoRetestSettings.workspace_id, row.workspace_id));
  return queued.length;
}

/**
 * One pass of the loop: every workspace whose automatic retest is due, each in its own
 * transaction. Returns the workspaces run and the retests queued.
 */
export async function runAutoRetests(db: Db): Promise<{ workspaces: number; queued: number }> {
  let workspaces = 0;
  let queued = 0;
  for (;;) {
    const ran = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(findingAutoRetestSettings)
        .where(
          and(
            sql`${findingAutoRetestSettings.frequency} <> 'off'`,
            sql`${findingAutoRetestSettings.next_run_at} <= now()`,
          ),
        )
        .orderBy(findingAutoRetestSettings.next_run_at)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      return runOne(tx, row);
    });
    if (ran === null) break;
    workspaces++;
    queued += ran;
    if (workspaces >= WORKSPACES_PER_PASS) break;
  }
  return { workspaces, queued };
}
