import {
  envelope,
  pagedList,
  pageInfo,
  pageQuery,
  teamCreateSchema,
  teamDetailSchema,
  teamDoneSchema,
  teamRenameSchema,
  teamSummarySchema,
} from '@didban/core';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { assertCanCreateTeam } from '../billing/limits.js';
import { workspaceMembers, workspaces } from '../db/schema.js';
import { currentUser, currentWorkspace } from '../http/access.js';
import { notifyUsers } from '../notifications/notify.js';
import { logActivity } from '../teams/activity.js';
import { teamDetail } from '../teams/members.js';

/** Path parameter of every team route: the team id, which is also its X-Workspace-ID. */
export const teamParams = z.object({ id: z.string() });

/**
 * Teams (issue 9): the caller's teams for the workspace switcher, create, read, rename, delete.
 * Routes naming a team use `team*` access: a team the caller is not in answers 404.
 */
export function teamRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/panel/teams/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['teams'],
          summary: 'List the teams I belong to',
          querystring: pageQuery,
          response: { 200: envelope(pagedList(teamSummarySchema)) },
        },
      },
      async (request) => {
        const { page, page_size } = request.query;
        const mine = and(eq(workspaceMembers.user_id, currentUser(request).id), eq(workspaces.kind, 'team'));
        const [total] = await deps.db
          .select({ n: count() })
          .from(workspaceMembers)
          .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspace_id))
          .where(mine);
        const rows = await deps.db
          .select({
            id: workspaces.id,
            name: workspaces.name,
            role: workspaceMembers.role,
            created: workspaces.created_at,
            updated: workspaces.updated_at,
            members_count: sql<number>`(select count(*)::int from ${workspaceMembers} m where m.workspace_id = ${workspaces.id})`,
          })
          .from(workspaceMembers)
          .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspace_id))
          .where(mine)
          .orderBy(desc(workspaces.created_at), workspaces.id)
          .limit(page_size)
          .offset((page - 1) * page_size);
        return {
          data: {
            results: rows.map((r) => ({
              ...r,
              members_count: Number(r.members_count),
              created: r.created.toISOString(),
              updated: r.updated.toISOString(),
            })),
            ...pageInfo(total?.n ?? 0, page, page_size),
          },
        };
      },
    );

    app.post(
      '/panel/teams/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['teams'],
          summary: 'Create a team; the caller becomes its owner',
          body: teamCreateSchema,
          response: { 201: envelope(teamDetailSchema) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const teamId = await db.transaction(async (tx) => {
          // The plan caps how many teams a user owns (checked and inserted in one transaction).
          await assertCanCreateTeam(tx, user.id);
          const [team] = await tx
            .insert(workspaces)
            .values({ kind: 'team', name: request.body.name, owner_id: user.id })
            .returning({ id: workspaces.id });
          await tx
            .insert(workspaceMembers)
            .values({ workspace_id: team!.id, user_id: user.id, role: 'owner' });
          await logActivity(tx, { workspaceId: team!.id, action: 'team.created', actor: user });
          return team!.id;
        });
        return reply.status(201).send({ data: await teamDetail(db, { id: teamId, role: 'owner' }) });
      },
    );

    app.get(
      '/panel/teams/:id/',
      {
        config: { access: 'team' },
        schema: {
          tags: ['teams'],
          summary: 'A team with its members and my role in it',
          params: teamParams,
          response: { 200: envelope(teamDetailSchema) },
        },
      },
      async (request) => ({ data: await teamDetail(db, currentWorkspace(request)) }),
    );

    app.patch(
      '/panel/teams/:id/',
      {
        config: { access: 'team:admin' },
        schema: {
          tags: ['teams'],
          summary: 'Rename a team (admins and the owner)',
          params: teamParams,
          body: teamRenameSchema,
          response: { 200: envelope(teamDetailSchema) },
        },
      },
      async (request) => {
        const team = currentWorkspace(request);
        const { name } = request.body;
        if (name !== team.name) {
          await db.transaction(async (tx) => {
            await tx
              .update(workspaces)
              .set({ name, updated_at: new Date() })
              .where(eq(workspaces.id, team.id));
            await logActivity(tx, {
              workspaceId: team.id,
              action: 'team.renamed',
              actor: currentUser(request),
              details: { from: team.name, to: name },
            });
          });
        }
        return { data: await teamDetail(db, team) };
      },
    );

    app.delete(
      '/panel/teams/:id/',
      {
        config: { access: 'team:owner' },
        schema: {
          tags: ['teams'],
          summary: 'Delete a team and all its data (the owner only)',
          params: teamParams,
          response: { 200: envelope(teamDoneSchema) },
        },
      },
      async (request) => {
        const team = currentWorkspace(request);
        const owner = currentUser(request);
        const members = await db
          .select({ id: workspaceMembers.user_id })
          .from(workspaceMembers)
          .where(eq(workspaceMembers.workspace_id, team.id));
        // Members, invitations, requests, the log and every workspace row cascade with it.
        await db.delete(workspaces).where(eq(workspaces.id, team.id));
        // Not tied to the workspace (it is gone), so the members keep the news.
        await notifyUsers(
          db,
          members.map((m) => m.id).filter((id) => id !== owner.id),
          { key: 'notify.team_deleted', params: { username: owner.username, team: team.name } },
        );
        return { data: { ok: true as const } };
      },
    );
  };
}
