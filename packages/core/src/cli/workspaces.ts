import { z } from 'zod';
import type { Http } from '../client/api-client.js';
import type { ApiClient } from '../client/create-client.js';
import { envelope } from '../contract/envelope.js';
import { type TeamRole, teamRoleSchema } from '../contract/teams.js';
import { pageThrough } from './page-through.js';

/** `GET panel/workspace/`: the workspace a request acts in (by X-Workspace-ID) and my role there. */
export const currentWorkspaceSchema = z.object({
  id: z.string(),
  kind: z.enum(['personal', 'team']),
  name: z.string(),
  role: teamRoleSchema,
});
export type CurrentWorkspace = z.infer<typeof currentWorkspaceSchema>;

export async function fetchCurrentWorkspace(http: Http): Promise<CurrentWorkspace> {
  return (await http.get('panel/workspace/', envelope(currentWorkspaceSchema))).data;
}

/** One row of a workspace switcher. The personal workspace has no team name or member count. */
export type WorkspaceEntry = {
  id: string;
  kind: 'personal' | 'team';
  name: string | null;
  role: TeamRole;
  members_count: number | null;
};

/**
 * The workspaces a user can act in: the personal one first, then every team (all pages).
 * @example const all = await listWorkspaces(api); // [{ kind: 'personal', … }, { kind: 'team', … }]
 */
export async function listWorkspaces(api: Pick<ApiClient, 'profile' | 'teams'>): Promise<WorkspaceEntry[]> {
  const profile = await api.profile.get();
  const entries: WorkspaceEntry[] = [
    { id: profile.personal_workspace_id, kind: 'personal', name: null, role: 'owner', members_count: null },
  ];
  for await (const team of pageThrough((page) => api.teams.list(page))) {
    entries.push({
      id: team.id,
      kind: 'team',
      name: team.name,
      role: team.role,
      members_count: team.members_count,
    });
  }
  return entries;
}

/** `personal` (any case) names the personal workspace; anything else must be a listed id. */
export function findWorkspace(
  entries: readonly WorkspaceEntry[],
  idOrAlias: string,
): WorkspaceEntry | undefined {
  const wanted = idOrAlias.trim();
  if (wanted.toLowerCase() === 'personal') return entries.find((e) => e.kind === 'personal');
  return entries.find((e) => e.id === wanted);
}
