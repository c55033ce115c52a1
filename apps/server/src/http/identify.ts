import type { TeamRole } from '@didban/core';
import { sql } from 'drizzle-orm';
import type { AccessClaims } from '../auth/tokens.js';
import type { Db } from '../db/database.js';
import type { AuthUser, WorkspaceContext } from './fastify-types.js';

type Row = {
  id: string;
  username: string;
  email: string;
  profile_image: string | null;
  is_staff: boolean;
  ws_id: string | null;
  ws_kind: 'personal' | 'team' | null;
  ws_name: string | null;
  ws_role: TeamRole | null;
};

/**
 * The caller and, when asked, their membership of one workspace, in a single round trip: this
 * runs on every authenticated request, so it is the hot path of the whole API. A token whose
 * version is behind the account's (signed out everywhere, password changed) or that was signed
 * out on its own finds no row.
 * `workspaceId` null means the personal workspace; undefined means no workspace is needed.
 */
export async function identify(
  db: Db,
  token: Pick<AccessClaims, 'sub' | 'jti' | 'tv'>,
  workspaceId: string | null | undefined,
): Promise<{ user: AuthUser; workspace: (WorkspaceContext & { name: string }) | null } | null> {
  const wanted =
    workspaceId === undefined
      ? sql`false`
      : workspaceId === null
        ? sql`w.kind = 'personal'`
        : sql`w.id = ${workspaceId}::uuid`;
  const result = await db.execute<Row>(sql`
    select u.id, u.username, u.email, u.profile_image, u.is_staff,
           x.id as ws_id, x.kind as ws_kind, x.name as ws_name, x.role as ws_role
    from users u
    left join lateral (
      select w.id, w.kind, w.name, m.role
      from workspace_members m join workspaces w on w.id = m.workspace_id
      where m.user_id = u.id and ${wanted}
      limit 1
    ) x on true
    where u.id = ${token.sub}::uuid and u.token_version = ${token.tv}
      ${
        // Revocation costs one primary-key probe in the same round trip.
        token.jti
          ? sql`and not exists (select 1 from revoked_tokens r where r.jti = ${token.jti}::uuid)`
          : sql``
      }`);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (!row) return null;
  return {
    user: {
      id: row.id,
      username: row.username,
      email: row.email,
      profile_image: row.profile_image,
      is_staff: row.is_staff,
    },
    workspace:
      row.ws_id && row.ws_kind && row.ws_role && row.ws_name !== null
        ? { id: row.ws_id, kind: row.ws_kind, name: row.ws_name, role: row.ws_role }
        : null,
  };
}
