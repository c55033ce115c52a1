import type { Lang, TeamRole } from '@didban/core';

/** Who may call a route. Every /api/v1 route must declare one; the server refuses to start otherwise. */
export type Access =
  | 'public'
  /** Any signed-in user; no workspace involved (profile, the list of one's teams). */
  | 'user'
  /** A signed-in member of the workspace named by X-Workspace-ID (or the personal one). */
  | 'workspace'
  | 'workspace:admin'
  | 'workspace:owner'
  /**
   * A signed-in member of the team named by the route's `:id` parameter (team management).
   * Not a member, not a team, or not a UUID: 404, so a team id reveals nothing.
   */
  | 'team'
  | 'team:admin'
  | 'team:owner'
  /** A signed-in staff user (operators: feedback, support). */
  | 'staff'
  /** A worker, by its API key (`Authorization: Worker <key>` or `X-Worker-Key: <key>`): /api/v1/worker/... */
  | 'worker';

export type AuthUser = {
  id: string;
  username: string;
  email: string;
  profile_image: string | null;
  is_staff: boolean;
};

/** The worker calling a 'worker' route. The built-in worker has no workspace. */
export type WorkerContext = {
  id: string;
  name: string;
  workspace_id: string | null;
  group_id: string | null;
  builtin: boolean;
};

export type WorkspaceContext = { id: string; kind: 'personal' | 'team'; name: string; role: TeamRole };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    lang: Lang;
    user: AuthUser | null;
    workspace: WorkspaceContext | null;
    worker: WorkerContext | null;
    /** The bearer token of a signed-in caller (sign out revokes it by `jti`). */
    accessToken: { jti: string | null; expiresAt: Date } | null;
  }
}
