import {
  envelope,
  invitationListQuery,
  pagedList,
  pageInfo,
  teamInvitationSchema,
  teamInviteSchema,
} from '@didban/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { findUserByEmail, findUserByUsername } from '../auth/users.js';
import { assertWithinLimit } from '../billing/limits.js';
import { teamInvitations } from '../db/schema.js';
import { currentUser, currentWorkspace } from '../http/access.js';
import { HttpError, notFound } from '../http/errors.js';
import { assertCanInvite, assertPending } from '../http/permissions.js';
import { notifyUsers } from '../notifications/notify.js';
import { logActivity } from '../teams/activity.js';
import { invitationById, isUniqueViolation, selectInvitations } from '../teams/invitations.js';
import { addMember, findMember } from '../teams/members.js';

const INVITATIONS_LINK = '/settings/teams?tab=invitations';

const inviteeNotFound = () =>
  new HttpError(
    400,
    'invitee_not_found',
    'errors.invitee_not_found',
    {},
    {
      email_or_username: ['errors.invitee_not_found'],
    },
  );
// An unverified address proves nothing: anyone can sign up with a colleague's email, and an
// invitation by that email would hand them the team (issue 15).
const inviteeEmailUnverified = () =>
  new HttpError(
    400,
    'invitee_email_unverified',
    'errors.invitee_email_unverified',
    {},
    { email_or_username: ['errors.invitee_email_unverified'] },
  );
const duplicate = () => new HttpError(409, 'invite_duplicate', 'errors.invite_duplicate');

/**
 * Invitations (spec §4: accepted or declined by the invitee). A team's admins invite an existing
 * user by email or username and may cancel; only the invitee answers.
 */
export function teamInvitationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const pendingOf = (teamId: string, userId: string) =>
    db.query.teamInvitations.findFirst({
      where: and(
        eq(teamInvitations.workspace_id, teamId),
        eq(teamInvitations.invitee_id, userId),
        eq(teamInvitations.status, 'pending'),
      ),
    });
  /** The caller's own invitation, or 404: someone else's invitation does not exist for them. */
  const myInvitation = async (id: string, userId: string) => {
    const row = await db.query.teamInvitations.findFirst({
      where: and(eq(teamInvitations.id, id), eq(teamInvitations.invitee_id, userId)),
    });
    if (!row) throw notFound();
    return row;
  };

  return async (app) => {
    app.get(
      '/panel/teams/:id/invitations/',
      {
        config: { access: 'team:admin' },
        schema: {
          tags: ['teams'],
          summary: "A team's invitations (pending unless `status` says otherwise)",
          params: z.object({ id: z.string() }),
          querystring: invitationListQuery,
          response: { 200: envelope(pagedList(teamInvitationSchema)) },
        },
      },
      async (request) => {
        const { page, page_size, status } = request.query;
        const where = and(
          eq(teamInvitations.workspace_id, currentWorkspace(request).id),
          eq(teamInvitations.status, status ?? 'pending'),
        );
        const { total, results } = await selectInvitations(db, where, {
          limit: page_size,
          offset: (page - 1) * page_size,
        });
        return { data: { results, ...pageInfo(total, page, page_size) } };
      },
    );

    app.post(
      '/panel/teams/:id/invitations/',
      {
        config: { access: 'team:admin' },
        schema: {
          tags: ['teams'],
          summary: 'Invite an existing user by email or username, as admin or user',
          params: z.object({ id: z.string() }),
          body: teamInviteSchema,
          response: { 201: envelope(teamInvitationSchema) },
        },
      },
      async (request, reply) => {
        const team = currentWorkspace(request);
        const actor = currentUser(request);
        const { email_or_username: who, role } = request.body;
        const invitee = who.includes('@')
          ? await findUserByEmail(db, who)
          : await findUserByUsername(db, who);
        if (!invitee) throw inviteeNotFound();
        if (who.includes('@') && !invitee.email_verified_at) throw inviteeEmailUnverified();
        assertCanInvite(actor.id, {
          id: invitee.id,
          isMember: Boolean(await findMember(db, team.id, invitee.id)),
          hasPendingInvitation: Boolean(await pendingOf(team.id, invitee.id)),
        });
        let id: string;
        try {
          id = await db.transaction(async (tx) => {
            const [row] = await tx
              .insert(teamInvitations)
              .values({ workspace_id: team.id, invitee_id: invitee.id, inviter_id: actor.id, role })
              .returning({ id: teamInvitations.id });
            await logActivity(tx, {
              workspaceId: team.id,
              action: 'invitation.sent',
              actor,
              target: invitee,
              details: { role },
            });
            return row!.id;
          });
        } catch (error) {
          // Two admins inviting the same person at once: the partial unique index decides.
          if (isUniqueViolation(error)) throw duplicate();
          throw error;
        }
        await notifyUsers(db, [invitee.id], {
          key: 'notify.team_invitation',
          params: { inviter: actor.username, team: team.name },
          link: INVITATIONS_LINK,
          workspaceId: team.id,
        });
        return reply.status(201).send({ data: (await invitationById(db, id))! });
      },
    );

    app.delete(
      '/panel/teams/:id/invitations/:invitationId/',
      {
        config: { access: 'team:admin' },
        schema: {
          tags: ['teams'],
          summary: 'Cancel a pending invitation',
          params: z.object({ id: z.string(), invitationId: z.uuid() }),
          response: { 200: envelope(teamInvitationSchema) },
        },
      },
      async (request) => {
        const team = currentWorkspace(request);
        const row = await db.query.teamInvitations.findFirst({
          where: and(
            eq(teamInvitations.id, request.params.invitationId),
            eq(teamInvitations.workspace_id, team.id),
          ),
        });
        if (!row) throw notFound();
        assertPending(row.status, 'invitation');
        const invitation = (await invitationById(db, row.id))!;
        await db.transaction(async (tx) => {
          await tx
            .update(teamInvitations)
            .set({ status: 'cancelled', responded_at: new Date() })
            .where(eq(teamInvitations.id, row.id));
          await logActivity(tx, {
            workspaceId: team.id,
            action: 'invitation.cancelled',
            actor: currentUser(request),
            target: invitation.invitee,
          });
        });
        return { data: (await invitationById(db, row.id))! };
      },
    );

    app.get(
      '/panel/invitations/',
      {
        config: { access: 'user' },
        schema: {
          tags: ['teams'],
          summary: 'Invitations addressed to me (pending unless `status` says otherwise)',
          querystring: invitationListQuery,
          response: { 200: envelope(pagedList(teamInvitationSchema)) },
        },
      },
      async (request) => {
        const { page, page_size, status } = request.query;
        const where = and(
          eq(teamInvitations.invitee_id, currentUser(request).id),
          eq(teamInvitations.status, status ?? 'pending'),
        );
        const { total, results } = await selectInvitations(db, where, {
          limit: page_size,
          offset: (page - 1) * page_size,
        });
        return { data: { results, ...pageInfo(total, page, page_size) } };
      },
    );

    for (const answer of ['accept', 'decline'] as const) {
      app.post(
        `/panel/invitations/:id/${answer}/`,
        {
          config: { access: 'user' },
          schema: {
            tags: ['teams'],
            summary:
              answer === 'accept'
                ? 'Accept an invitation addressed to me and join the team'
                : 'Decline an invitation addressed to me',
            params: z.object({ id: z.uuid() }),
            response: { 200: envelope(teamInvitationSchema) },
          },
        },
        async (request) => {
          const user = currentUser(request);
          const row = await myInvitation(request.params.id, user.id);
          assertPending(row.status, 'invitation');
          const accepted = answer === 'accept';
          await db.transaction(async (tx) => {
            // The status guard makes a double click (or two tabs) answer once.
            const [updated] = await tx
              .update(teamInvitations)
              .set({ status: accepted ? 'accepted' : 'declined', responded_at: new Date() })
              .where(and(eq(teamInvitations.id, row.id), eq(teamInvitations.status, 'pending')))
              .returning({ id: teamInvitations.id });
            if (!updated) throw new HttpError(409, 'invitation_answered', 'errors.invitation_answered');
            if (accepted) {
              // The team owner's plan caps the members (checked in the same transaction).
              await assertWithinLimit(tx, row.workspace_id, 'team_members', 1);
              await addMember(tx, row.workspace_id, user.id, row.role);
            }
            await logActivity(tx, {
              workspaceId: row.workspace_id,
              action: accepted ? 'invitation.accepted' : 'invitation.declined',
              actor: user,
            });
          });
          const invitation = (await invitationById(db, row.id))!;
          if (row.inviter_id) {
            await notifyUsers(db, [row.inviter_id], {
              key: accepted ? 'notify.invitation_accepted' : 'notify.invitation_declined',
              params: { username: user.username, team: invitation.team.name },
              link: `/settings/teams/${row.workspace_id}`,
              workspaceId: row.workspace_id,
            });
          }
          return { data: invitation };
        },
      );
    }
  };
}
