/** Members of a workspace, for assignees and @mentions. */
import { and, eq, inArray } from 'drizzle-orm';
import { users, workspaceMembers } from '../db/schema.js';
import type { Tx } from '../queue/task-kinds.js';
import { UUID } from '../scans/scan-store.js';

export async function memberById(db: Tx, workspaceId: string, userId: string) {
  if (!UUID.test(userId)) return undefined;
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.user_id))
    .where(and(eq(workspaceMembers.workspace_id, workspaceId), eq(workspaceMembers.user_id, userId)));
  return row;
}

/** The members named (case-insensitively) among these usernames. */
export async function membersByUsername(db: Tx, workspaceId: string, usernames: string[]) {
  if (usernames.length === 0) return [];
  const lower = [...new Set(usernames.map((u) => u.toLowerCase()))];
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.user_id))
    .where(eq(workspaceMembers.workspace_id, workspaceId));
  return rows.filter((r) => lower.includes(r.username.toLowerCase()));
}

export async function usernames(db: Tx, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** A member named by id or by username (the CLI's `vulns assign <id> alice`). */
export async function memberByIdOrName(db: Tx, workspaceId: string, idOrName: string) {
  if (UUID.test(idOrName)) return memberById(db, workspaceId, idOrName);
  const [found] = await membersByUsername(db, workspaceId, [idOrName]);
  return found;
}
