import type { TeamRole } from '@didban/core';
import { HttpError } from '../http/errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ROLE_RANK: Record<TeamRole, number> = { user: 0, admin: 1, owner: 2 };

export function roleAtLeast(role: TeamRole, minimum: TeamRole): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[minimum];
}

/**
 * Tenancy (ARCHITECTURE.md): an unknown, deleted or foreign workspace gets the same 403, so the
 * answer says nothing about which workspaces exist.
 */
export const workspaceForbidden = () =>
  new HttpError(403, 'workspace_forbidden', 'errors.workspace_forbidden');

/**
 * The X-Workspace-ID header as a workspace id: absent or empty → null (the personal workspace);
 * not a UUID → 403 with a message that says the header is malformed.
 */
export function parseWorkspaceHeader(header: string | string[] | undefined): string | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return null;
  if (!UUID.test(value)) throw new HttpError(403, 'workspace_forbidden', 'errors.workspace_invalid');
  return value.toLowerCase();
}

/**
 * The `:id` of a team route as a workspace id. Anything that is not a UUID names no team the
 * caller could be in, so it answers 404 like every other unknown team.
 */
export function parseTeamParam(value: string | undefined): string {
  if (!value || !UUID.test(value)) throw new HttpError(404, 'not_found', 'errors.not_found');
  return value.toLowerCase();
}
