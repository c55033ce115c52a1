import {
  envelope,
  memberRoleChangeSchema,
  pagedList,
  pageInfo,
  pageQuery,
  teamDetailSchema,
  teamDoneSchema,
  teamMemberSchema,
  transferOwnershipSchema,
} from '@didban/core';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { workspaceMembers, workspaces } from '../db/schema.js';
import { currentUser, currentWorkspace } from '../http/access.js';
import { forbidden, HttpError, notFound } from '../http/errors.js';
import {
  assertCanChangeRole,
  assertCanLeave,
  assertCanRemove,
  assertCanTransfer,
} from '../http/permissions.js';
import { notifyUsers } from '../notifications/notify.js';
import { logActivity } from '../teams/activity.js';
import { findMember, listMembers, teamDetail } from '../teams/members.js';
import { revokeMemberWorkers } from '../teams/revoke-member-workers.js';

const memberParams = z.object({ id: z.string(), userId: z.uuid() });

/** A team's members: list, change role, remove, leave, hand over ownership. */
export function teamMemberRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const membership = (teamId: string, userId: string) =>
    and(eq(workspaceMembers.workspace_id, teamId), eq(workspaceMembers.user_id, userId));
  // Writes re-check the role they rely on, so a concurrent hand-over can never leave a team
  // with no owner or two: the second writer finds no row and stops.
  const asNonOwner = (teamId: string, userId: string) =>
    and(membership(teamId, userId), ne(workspaceMembers.role, 'owner'));
  const asOwner = (teamId: string, userId: string) =>
    and(membership(teamId, userId), eq(workspaceMembers.role, 'owner'));
  const changed = (rows: unknown[], error: () => Error) => {
    if (rows.length === 0) throw error();
  };

  return async (app) => {
    app.get(
      '/panel/teams/:id/members/',
      {
        config: { access: 'team' },
        schema: {
          tags: ['teams'],
          summary: "A team's members with role and joined date, owner first",
          params: z.object({ id: z.string() }),
          querystring: pageQuery,
          response: { 200: envelope(pagedList(teamMemberSchema)) },
        },
      },
      async (request) => {
        const { page, page_size } = request.query;
        const { total, members } = await listMembers(
          db,
          currentWorkspace(request).id,
          page_size,
          (page - 1) * page_size,
        );
        return { data: { results: members, ...pageInfo(total, page, page_size) } };
      },
    );

    app.patch(
      '/panel/teams/:id/members/:userId/',
      {
        config: { access: 'team:admin' },
        schema: {
          tags: ['teams'],
          summary: "Change a member's role to admin or user (not the owner's, not one's own)",
          params: memberParams,
          body: memberRoleChangeSchema,
          response: { 200: envelope(teamMemberSchema) },
        },
      },
      async (request) => {
        const team = currentWorkspace(request);
        const actor = currentUser(request);
        const target = await findMember(db, team.id, request.params.userId);
        if (!target) throw notFound();
        const { role } = request.body;
        assertCanChangeRole(
          { id: actor.id, role: team.role },
          { id: target.user_id, role: target.role },
          role,
        );
        if (role !== target.role) {
          await db.transaction(async (tx) => {
            const rows = await tx
              .update(workspaceMembers)
              .set({ role })
              .where(asNonOwner(team.id, target.user_id))
              .returning({ id: workspaceMembers.user_id });
            changed(rows, () => new HttpError(403, 'owner_role_fixed', 'errors.owner_role_fixed'));
            await logActivity(tx, {
              workspaceId: team.id,
              action: 'member.role_changed',
              actor,
              target: { id: target.user_id, username: target.username },
              details: { from: target.role, to: role },
            });
          });
        }
        return { data: { ...target, role } };
      },
    );

    app.delete(
      '/panel/teams/:id/members/:userId/',
      {
        config: { access: 'team:admin' },
        schema: {
          tags: ['teams'],
          summary: 'Remove a member (never the owner)',
          params: memberParams,
          response: { 200: envelope(teamDoneSchema) },
        },
      },
      async (request) => {
        const team = currentWorkspace(request);
        const actor = currentUser(request);
        const target = await findMember(db, team.id, request.params.userId);
        if (!target) throw notFound();
        assertCanRemove({ id: actor.id, role: team.role }, { id: target.user_id, role: target.role });
        await db.transaction(async (tx) => {
          const rows = await tx
            .delete(workspaceMembers)
            .where(asNonOwner(team.id, target.user_id))
            .returning({ id: workspaceMembers.user_id });
          changed(
            rows,
            () => new HttpError(403, 'owner_cannot_be_removed', 'errors.owner_cannot_be_removed'),
          );
          await logActivity(tx, {
            workspaceId: team.id,
            action: 'member.removed',
            actor,
            target: { id: target.user_id, username: target.username },
          });
          await revokeMemberWorkers(tx, {
            workspaceId: team.id,
            member: { id: target.user_id, username: target.username },
            actor,
          });
        });
        await notifyUsers(db, [target.user_id], {
          key: 'notify.removed_from_team',
          params: { team: team.name },
        });
        return { data: { ok: true as const } };
      },
    );

    app.post(
      '/panel/teams/:id/leave/',
      {
        config: { access: 'team' },
        schema: {
          tags: ['teams'],
          summary: 'Leave a team (the owner hands it over first)',
          params: z.object({ id: z.string() }),
          response: { 200: envelope(teamDoneSchema) },
        },
      },
      async (request) => {
        const team = currentWorkspace(request);
        const actor = currentUser(request);
        assertCanLeave({ id: actor.id, role: team.role });
        await db.transaction(async (tx) => {
          const rows = await tx
            .delete(workspaceMembers)
            .where(asNonOwner(team.id, actor.id))
            .returning({ id: workspaceMembers.user_id });
          changed(rows, () => new HttpError(400, 'owner_cannot_leave', 'errors.owner_cannot_leave'));
          await logActivity(tx, { workspaceId: team.id, action: 'member.left', actor });
          await revokeMemberWorkers(tx, { workspaceId: team.id, member: actor, actor });
        });
        return { data: { ok: true as const } };
      },
    );

    app.post(
      '/panel/teams/:id/transfer-ownership/',
      {
        config: { access: 'team:owner' },
        schema: {
          tags: ['teams'],
          summary: 'Hand the team over to another member; the previous owner becomes an admin',
          params: z.object({ id: z.string() }),
          body: transferOwnershipSchema,
          response: { 200: envelope(teamDetailSchema) },
        },
      },
      async (request) => {
        const team = currentWorkspace(request);
        const actor = currentUser(request);
        const target = await findMember(db, team.id, request.body.user_id);
        assertCanTransfer(
          { id: actor.id, role: team.role },
          target && { id: target.user_id, role: target.role },
        );
        const newOwner = target!;
        await db.transaction(async (tx) => {
          const demoted = await tx
            .update(workspaceMembers)
            .set({ role: 'admin' })
            .where(asOwner(team.id, actor.id))
            .returning({ id: workspaceMembers.user_id });
          changed(demoted, forbidden);
          const promoted = await tx
            .update(workspaceMembers)
            .set({ role: 'owner' })
            .where(asNonOwner(team.id, newOwner.user_id))
            .returning({ id: workspaceMembers.user_id });
          changed(promoted, () => new HttpError(400, 'transfer_not_member', 'errors.transfer_not_member'));
          await tx
            .update(workspaces)
            .set({ owner_id: newOwner.user_id, updated_at: new Date() })
            .where(eq(workspaces.id, team.id));
          await logActivity(tx, {
            workspaceId: team.id,
            action: 'ownership.transferred',
            actor,
            target: { id: newOwner.user_id, username: newOwner.username },
          });
        });
        await notifyUsers(db, [newOwner.user_id], {
          key: 'notify.ownership_received',
          params: { username: actor.username, team: team.name },
          link: `/settings/teams/${team.id}`,
          workspaceId: team.id,
        });
        return { data: await teamDetail(db, { id: team.id, role: 'admin' }) };
      },
    );
  };
}
