import type { TeamRole } from '@didban/core';
import { workspaceMembers, workspaces } from '../../src/db/schema.js';
import type { TestServer } from './test-server.js';

/**
 * Make a team directly in the database: faster than the API (POST panel/teams/ plus invitations)
 * when a test needs a team with given roles but is not about building one.
 */
export async function createTeam(
  server: TestServer,
  ownerId: string,
  name: string,
  members: Array<[string, TeamRole]> = [],
) {
  const [team] = await server.db
    .insert(workspaces)
    .values({ kind: 'team', name, owner_id: ownerId })
    .returning();
  await server.db
    .insert(workspaceMembers)
    .values([
      { workspace_id: team!.id, user_id: ownerId, role: 'owner' as const },
      ...members.map(([user_id, role]) => ({ workspace_id: team!.id, user_id, role })),
    ]);
  return team!;
}
