import {
  type ActiveLicense,
  DEFAULT_FREE_PLAN_LIMITS,
  type LimitKind,
  type MessageKey,
  type PlanLimits,
  UPGRADE_PATH,
} from '@didban/core';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { assets, scanHistories, templateRuns, workspaceMembers, workspaces } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import { findActiveLicense } from './licenses.js';

/**
 * The free plan of each app, keyed by its database handle: buildApp registers the configured
 * limits (DIDBAN_FREE_*), so callers need only `db`. Unregistered: the defaults.
 */
const freePlans = new WeakMap<object, PlanLimits>();
// A transaction is a handle of its own; it gets the free plan configured last (one app per
// process in production; tests with several apps pass each app's `db`).
let lastFreePlan: PlanLimits = DEFAULT_FREE_PLAN_LIMITS;

/** The database or an open transaction: the limits service only reads. */
export type DbReader = Pick<Db, 'select'>;

/** Called once per app (billing routes) with the configured free plan. */
export function setFreePlanLimits(db: Db, limits: PlanLimits): void {
  lastFreePlan = { ...limits };
  freePlans.set(db, lastFreePlan);
}

export type PlanInfo = {
  /** 'free', or the active licence's title (Pro, Enterprise). */
  plan: string;
  license: ActiveLicense | null;
  limits: PlanLimits;
  ownerId: string;
};

async function workspaceOwner(db: DbReader, workspaceId: string): Promise<string> {
  const [row] = await db
    .select({ owner: workspaces.owner_id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!row) throw notFound();
  return row.owner;
}

/**
 * The plan binding a workspace: its owner's active licence, else the free plan. A team
 * workspace is bound by its owner's plan, whoever is acting in it.
 * @example const { plan, limits } = await getPlanLimits(db, workspace.id); // limits.assets === 100 on free
 */
export async function getPlanLimits(db: DbReader, workspaceId: string): Promise<PlanInfo> {
  const ownerId = await workspaceOwner(db, workspaceId);
  const license = await findActiveLicense(db, ownerId);
  if (!license) {
    return { plan: 'free', license: null, limits: freePlans.get(db) ?? lastFreePlan, ownerId };
  }
  const limits: PlanLimits = {
    assets: license.assets,
    scans: license.scans,
    teams: license.teams,
    team_members: license.team_members,
  };
  return { plan: license.title, license, limits, ownerId };
}

/**
 * What a workspace uses now, per kind:
 * - assets: assets of this workspace (each workspace counts its own against its owner's plan);
 * - teams: teams the workspace's owner owns;
 * - team_members: members of this workspace, the owner included;
 * - scans: scan runs and scan-now template runs started this calendar month (UTC).
 */
export async function planUsage(
  db: DbReader,
  workspaceId: string,
  kind: LimitKind,
  ownerId?: string,
): Promise<number> {
  switch (kind) {
    case 'assets': {
      const [row] = await db.select({ n: count() }).from(assets).where(eq(assets.workspace_id, workspaceId));
      return row?.n ?? 0;
    }
    case 'teams': {
      const owner = ownerId ?? (await workspaceOwner(db, workspaceId));
      const [row] = await db
        .select({ n: count() })
        .from(workspaces)
        .where(and(eq(workspaces.owner_id, owner), eq(workspaces.kind, 'team')));
      return row?.n ?? 0;
    }
    case 'team_members': {
      const [row] = await db
        .select({ n: count() })
        .from(workspaceMembers)
        .where(eq(workspaceMembers.workspace_id, workspaceId));
      return row?.n ?? 0;
    }
    case 'scans': {
      // Runs started this calendar month (UTC): scan runs (scheduled ones included) and
      // one-off "scan now" template runs, which send the same traffic.
      const monthStart = sql`date_trunc('month', now() at time zone 'utc') at time zone 'utc'`;
      const [scansRow] = await db
        .select({ n: count() })
        .from(scanHistories)
        .where(and(eq(scanHistories.workspace_id, workspaceId), gte(scanHistories.created_at, monthStart)));
      const [runsRow] = await db
        .select({ n: count() })
        .from(templateRuns)
        .where(and(eq(templateRuns.workspace_id, workspaceId), gte(templateRuns.created_at, monthStart)));
      return (scansRow?.n ?? 0) + (runsRow?.n ?? 0);
    }
  }
}

const LIMIT_MESSAGES: Record<LimitKind, MessageKey> = {
  assets: 'limits.assets',
  scans: 'limits.scans',
  teams: 'limits.teams',
  team_members: 'limits.team_members',
};

/**
 * Refuse an action that would take a workspace past its plan: throws 403 `plan_limit` with a
 * message naming the limit, the use and the upgrade page (/settings/billing).
 * - teams: pass any workspace of the user creating the team (their personal one);
 * - team_members: the team, before adding members (accepting an invitation or a request);
 * - assets: the workspace, before inserting `adding` new assets;
 * - scans: the workspace, with `used` = scans started this month.
 * Called with a transaction, it locks the workspace row (FOR UPDATE) until the transaction
 * ends, so two additions racing in two transactions cannot both pass the last free place:
 * check and insert in the same transaction.
 * @example await db.transaction(async (tx) => { await assertWithinLimit(tx, team.id, 'team_members', 1); await addMember(tx, …); });
 */
export async function assertWithinLimit(
  db: DbReader,
  workspaceId: string,
  kind: LimitKind,
  adding = 1,
  options: { used?: number } = {},
): Promise<void> {
  await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
  const info = await getPlanLimits(db, workspaceId);
  const used = options.used ?? (await planUsage(db, workspaceId, kind, info.ownerId));
  const limit = info.limits[kind];
  if (used + adding > limit) {
    throw new HttpError(403, 'plan_limit', LIMIT_MESSAGES[kind], {
      limit,
      used,
      plan: info.plan,
      upgrade_url: UPGRADE_PATH,
    });
  }
}

/**
 * For team creation: refuse when the user already owns as many teams as their plan allows.
 * Call it in the transaction that inserts the team (it locks the user's personal workspace row).
 * @example await db.transaction(async (tx) => { await assertCanCreateTeam(tx, user.id); await tx.insert(workspaces)… });
 */
export async function assertCanCreateTeam(db: DbReader, userId: string): Promise<void> {
  const [personal] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.owner_id, userId), eq(workspaces.kind, 'personal')));
  if (!personal) throw notFound();
  await assertWithinLimit(db, personal.id, 'teams', 1);
}
