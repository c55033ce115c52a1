import type { TeamDetail, TeamMember, TeamRole } from '@didban/core';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { teamInvitations, teamJoinRequests, users, workspaceMembers, workspaces } from '../db/schema.js';
import type { WorkspaceContext } from '../http/fastify-types.js';

// Owner first, then admins, then users; the earliest joined first within a role.
const ROLE_ORDER = sql`case ${workspaceMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`;

const memberColumns = {
  user_id: users.id,
  username: users.username,
  email: users.email,
  profile_image: users.profile_image,
  role: workspaceMembers.role,
  joined: workspaceMembers.joined_at,
};

const present = (row: { joined: Date } & Omit<TeamMember, 'joined'>): TeamMember => ({
  ...row,
  joined: row.joined.toISOString(),
});

/** One member of a team, or undefined when the user is not in it. */
export async function findMember(
  db: Pick<Db, 'select'>,
  teamId: string,
  userId: string,
): Promise<TeamMember | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.user_id))
    .where(and(eq(workspaceMembers.workspace_id, teamId), eq(workspaceMembers.user_id, userId)));
  return row ? present(row) : undefined;
}

/** A page of a team's members, owner first. */
export async function listMembers(db: Db, teamId: string, limit: number, offset: number) {
  const [total] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspace_id, teamId));
  const rows = await db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.user_id))
    .where(eq(workspaceMembers.workspace_id, teamId))
    .orderBy(ROLE_ORDER, asc(workspaceMembers.joined_at), asc(users.id))
    .limit(limit)
    .offset(offset);
  return { total: total?.n ?? 0, members: rows.map(present) };
}

/** The user ids of a team's admins and owner: who answers membership requests. */
export async function managerIds(db: Db, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ id: workspaceMembers.user_id })
    .from(workspaceMembers)
    .where(
      and(eq(workspaceMembers.workspace_id, teamId), sql`${workspaceMembers.role} in ('owner', 'admin')`),
    );
  return rows.map((r) => r.id);
}

/**
 * Add a member, or leave an existing membership as it is (an invitation and a request may
 * race). Whatever else was pending between the team and the user is settled too: once they are
 * in, a second invitation or request has nothing left to ask.
 */
export async function addMember(
  db: Pick<Db, 'insert' | 'update'>,
  teamId: string,
  userId: string,
  role: TeamRole,
): Promise<void> {
  await db
    .insert(workspaceMembers)
    .values({ workspace_id: teamId, user_id: userId, role })
    .onConflictDoNothing();
  const now = new Date();
  await db
    .update(teamInvitations)
    .set({ status: 'accepted', responded_at: now })
    .where(
      and(
        eq(teamInvitations.workspace_id, teamId),
        eq(teamInvitations.invitee_id, userId),
        eq(teamInvitations.status, 'pending'),
      ),
    );
  await db
    .update(teamJoinRequests)
    .set({ status: 'accepted', responded_at: now })
    .where(
      and(
        eq(teamJoinRequests.workspace_id, teamId),
        eq(teamJoinRequests.user_id, userId),
        eq(teamJoinRequests.status, 'pending'),
      ),
    );
}

/** The team as `GET panel/teams/{id}/` shows it to a member with `role`. */
export async function teamDetail(db: Db, team: Pick<WorkspaceContext, 'id' | 'role'>): Promise<TeamDetail> {
  const row = await db.query.workspaces.findFirst({ where: eq(workspaces.id, team.id) });
  if (!row) throw new Error(`team ${team.id} vanished`);
  // A team has few members; the detail lists them all (the members call pages them).
  const { members, total } = await listMembers(db, team.id, 10_000, 0);
  return {
    id: row.id,
    name: row.name,
    role: team.role,
    members_count: total,
    created: row.created_at.toISOString(),
    updated: row.updated_at.toISOString(),
    owner_id: row.owner_id,
    members,
  };
}
