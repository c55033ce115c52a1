import type { TeamInvitation, TeamJoinRequest } from '@didban/core';
import { count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.js';
import { teamInvitations, teamJoinRequests, users, workspaces } from '../db/schema.js';

const invitee = alias(users, 'invitee');
const inviter = alias(users, 'inviter');
const requester = alias(users, 'requester');

const person = (u: { id: string; username: string; profile_image: string | null }) => ({
  id: u.id,
  username: u.username,
  profile_image: u.profile_image,
});

/** A page of invitations matching `where`, newest first, with team and people filled in. */
export async function selectInvitations(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<{ total: number; results: TeamInvitation[] }> {
  const [total] = await db.select({ n: count() }).from(teamInvitations).where(where);
  const rows = await db
    .select({
      invitation: teamInvitations,
      team: { id: workspaces.id, name: workspaces.name },
      invitee: { id: invitee.id, username: invitee.username, profile_image: invitee.profile_image },
      inviter: { id: inviter.id, username: inviter.username, profile_image: inviter.profile_image },
    })
    .from(teamInvitations)
    .innerJoin(workspaces, eq(workspaces.id, teamInvitations.workspace_id))
    .innerJoin(invitee, eq(invitee.id, teamInvitations.invitee_id))
    .leftJoin(inviter, eq(inviter.id, teamInvitations.inviter_id))
    .where(where)
    .orderBy(desc(teamInvitations.created_at), desc(teamInvitations.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    total: total?.n ?? 0,
    results: rows.map((r) => ({
      id: r.invitation.id,
      team: r.team,
      invitee: person(r.invitee),
      inviter: r.inviter ? person(r.inviter) : null,
      role: r.invitation.role,
      status: r.invitation.status,
      created: r.invitation.created_at.toISOString(),
      responded: r.invitation.responded_at?.toISOString() ?? null,
    })),
  };
}

/** One invitation by id as the API shows it. */
export async function invitationById(db: Db, id: string): Promise<TeamInvitation | undefined> {
  const { results } = await selectInvitations(db, eq(teamInvitations.id, id), { limit: 1, offset: 0 });
  return results[0];
}

/** A page of membership requests matching `where`, newest first. */
export async function selectJoinRequests(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<{ total: number; results: TeamJoinRequest[] }> {
  const [total] = await db.select({ n: count() }).from(teamJoinRequests).where(where);
  const rows = await db
    .select({
      request: teamJoinRequests,
      team: { id: workspaces.id, name: workspaces.name },
      user: { id: requester.id, username: requester.username, profile_image: requester.profile_image },
    })
    .from(teamJoinRequests)
    .innerJoin(workspaces, eq(workspaces.id, teamJoinRequests.workspace_id))
    .innerJoin(requester, eq(requester.id, teamJoinRequests.user_id))
    .where(where)
    .orderBy(desc(teamJoinRequests.created_at), desc(teamJoinRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    total: total?.n ?? 0,
    results: rows.map((r) => ({
      id: r.request.id,
      team: r.team,
      user: person(r.user),
      status: r.request.status,
      created: r.request.created_at.toISOString(),
      responded: r.request.responded_at?.toISOString() ?? null,
    })),
  };
}

export async function joinRequestById(db: Db, id: string): Promise<TeamJoinRequest | undefined> {
  const { results } = await selectJoinRequests(db, eq(teamJoinRequests.id, id), { limit: 1, offset: 0 });
  return results[0];
}

/** Postgres unique violation (a racing duplicate), wherever the driver put it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
