import { envelope, joinRequestListQuery, pagedList, pageInfo, teamJoinRequestSchema } from '@didban/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { assertWithinLimit } from '../billing/limits.js';
import { teamJoinRequests, workspaces } from '../db/schema.js';
import { currentUser, currentWorkspace } from '../http/access.js';
import { HttpError, notFound } from '../http/errors.js';
import { assertCanRequestToJoin, assertPending } from '../http/permissions.js';
import { notifyUsers } from '../notifications/notify.js';
import { logActivity } from '../teams/activity.js';
import { isUniqueViolation, joinRequestById, selectJoinRequests } from '../teams/invitations.js';
import { addMember, findMember, managerIds } from '../teams/members.js';
import { parseTeamParam } from '../workspaces/resolve.js';

const teamOnly = z.object({ id: z.string() });

/**
 * Membership requests: a signed-in user asks to join a team by its id; the team's admins and
 * owner accept (the requester joins as a user) or decline.
 */
export function teamRequestRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/panel/teams/:id/requests/',
      {
        config: { access: 'team:admin' },
        schema: {
          tags: ['teams'],
          summary: "A team's membership requests (pending unless `status` says otherwise)",
          params: teamOnly,
          querystring: joinRequestListQuery,
          response: { 200: envelope(pagedList(teamJoinRequestSchema)) },
        },
      },
      async (request) => {
        const { page, page_size, status } = request.query;
        const where = and(
          eq(teamJoinRequests.workspace_id, currentWorkspace(request).id),
          eq(teamJoinRequests.status, status ?? 'pending'),
        );
        const { total, results } = await selectJoinRequests(db, where, {
          limit: page_size,
          offset: (page - 1) * page_size,
        });
        return { data: { results, ...pageInfo(total, page, page_size) } };
      },
    );

    app.post(
      '/panel/teams/:id/requests/',
      {
        // Any signed-in user: the requester is by definition not a member yet. One pending
        // request per team and user bounds what it can cost the team's admins.
        config: { access: 'user' },
        schema: {
          tags: ['teams'],
          summary: 'Ask to join a team by its id',
          params: teamOnly,
          response: { 201: envelope(teamJoinRequestSchema) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const team = await db.query.workspaces.findFirst({
          where: and(eq(workspaces.id, parseTeamParam(request.params.id)), eq(workspaces.kind, 'team')),
        });
        if (!team) throw notFound();
        const pending = await db.query.teamJoinRequests.findFirst({
          where: and(
            eq(teamJoinRequests.workspace_id, team.id),
            eq(teamJoinRequests.user_id, user.id),
            eq(teamJoinRequests.status, 'pending'),
          ),
        });
        assertCanRequestToJoin({
          isMember: Boolean(await findMember(db, team.id, user.id)),
          hasPendingRequest: Boolean(pending),
        });
        let id: string;
        try {
          id = await db.transaction(async (tx) => {
            const [row] = await tx
              .insert(teamJoinRequests)
              .values({ workspace_id: team.id, user_id: user.id })
              .returning({ id: teamJoinRequests.id });
            await logActivity(tx, { workspaceId: team.id, action: 'request.created', actor: user });
            return row!.id;
          });
        } catch (error) {
          if (isUniqueViolation(error))
            throw new HttpError(409, 'request_duplicate', 'errors.request_duplicate');
          throw error;
        }
        await notifyUsers(db, await managerIds(db, team.id), {
          key: 'notify.membership_request',
          params: { username: user.username, team: team.name },
          link: `/settings/teams/${team.id}?tab=requests`,
          workspaceId: team.id,
        });
        return reply.status(201).send({ data: (await joinRequestById(db, id))! });
      },
    );

    for (const answer of ['accept', 'decline'] as const) {
      app.post(
        `/panel/teams/:id/requests/:requestId/${answer}/`,
        {
          config: { access: 'team:admin' },
          schema: {
            tags: ['teams'],
            summary:
              answer === 'accept'
                ? 'Accept a membership request; the requester joins as a user'
                : 'Decline a membership request',
            params: z.object({ id: z.string(), requestId: z.uuid() }),
            response: { 200: envelope(teamJoinRequestSchema) },
          },
        },
        async (request) => {
          const team = currentWorkspace(request);
          const row = await db.query.teamJoinRequests.findFirst({
            where: and(
              eq(teamJoinRequests.id, request.params.requestId),
              eq(teamJoinRequests.workspace_id, team.id),
            ),
          });
          if (!row) throw notFound();
          assertPending(row.status, 'request');
          const accepted = answer === 'accept';
          const before = (await joinRequestById(db, row.id))!;
          await db.transaction(async (tx) => {
            const [updated] = await tx
              .update(teamJoinRequests)
              .set({
                status: accepted ? 'accepted' : 'declined',
                responder_id: currentUser(request).id,
                responded_at: new Date(),
              })
              .where(and(eq(teamJoinRequests.id, row.id), eq(teamJoinRequests.status, 'pending')))
              .returning({ id: teamJoinRequests.id });
            if (!updated) throw new HttpError(409, 'request_answered', 'errors.request_answered');
            if (accepted) {
              await assertWithinLimit(tx, team.id, 'team_members', 1);
              await addMember(tx, team.id, row.user_id, 'user');
            }
            await logActivity(tx, {
              workspaceId: team.id,
              action: accepted ? 'request.accepted' : 'request.declined',
              actor: currentUser(request),
              target: before.user,
            });
          });
          await notifyUsers(db, [row.user_id], {
            key: accepted ? 'notify.request_accepted' : 'notify.request_declined',
            params: { team: team.name },
            link: accepted ? `/settings/teams/${team.id}` : null,
            workspaceId: team.id,
          });
          return { data: (await joinRequestById(db, row.id))! };
        },
      );
    }
  };
}
