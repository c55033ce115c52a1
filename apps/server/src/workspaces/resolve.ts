import type { TeamRole } from '@didban/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { workspaceMembers, workspaces } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import type { WorkspaceContext } from '../http/fastify-types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ROLE_RANK: Record<TeamRole, number> = { user: 0, admin: 1, owner: 2 };

export function roleAtLeast(role: TeamRole, minimum: TeamRole): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[minimum];
}

/**
 * The workspace a request acts in (ARCHITECTURE.md, tenancy): no header → the caller's personal
 * workspace; a workspace the caller belongs to → that one, with the caller's role; anything else
 * (malformed, unknown, deleted, someone else's) → 403, the same answer for all so that it says
 * nothing about which workspaces exist.
 */
export async function resolveWorkspace(
  db: Db,
  userId: string,
  header: string | undefined,
): Promise<WorkspaceContext> {
  const requested = header?.trim();
  if (requested && !UUID.test(requested)) {
    throw new HttpError(403, 'workspace_forbidden', 'errors.workspace_invalid');
  }
  const rows = await db
    .select({ id: workspaces.id, kind: workspaces.kind, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspace_id))
    .where(
      requested
        ? and(eq(workspaceMembers.user_id, userId), eq(workspaces.id, requested.toLowerCase()))
        : and(eq(workspaceMembers.user_id, userId), eq(workspaces.kind, 'personal')),
    )
    .limit(1);
  const row = rows[0];
  if (!row) throw new HttpError(403, 'workspace_forbidden', 'errors.workspace_forbidden');
  return row;
}
