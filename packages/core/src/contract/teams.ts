import { z } from 'zod';

export const TEAM_ROLES = ['owner', 'admin', 'user'] as const;
export const teamRoleSchema = z.enum(TEAM_ROLES);
export type TeamRole = z.infer<typeof teamRoleSchema>;

/** A team as the workspace switcher lists it. The team id is the value of X-Workspace-ID. */
export const teamSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: teamRoleSchema,
  members_count: z.number().int(),
  created: z.string(),
  updated: z.string(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

/** A member of a team as the management view lists them. `joined` is when they became a member. */
export const teamMemberSchema = z.object({
  user_id: z.string(),
  username: z.string(),
  email: z.string(),
  profile_image: z.string().nullable(),
  role: teamRoleSchema,
  joined: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** `GET panel/teams/{id}/`: the team, my role in it, and its members (owner first). */
export const teamDetailSchema = teamSummarySchema.extend({
  owner_id: z.string(),
  members: z.array(teamMemberSchema),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

/** Someone a team refers to (inviter, invitee, requester): public fields only. */
export const teamPersonSchema = z.object({
  id: z.string(),
  username: z.string(),
  profile_image: z.string().nullable(),
});
export type TeamPerson = z.infer<typeof teamPersonSchema>;

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export const invitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/** An invitation to join a team, as both the team's admins and the invitee see it. */
export const teamInvitationSchema = z.object({
  id: z.string(),
  team: z.object({ id: z.string(), name: z.string() }),
  invitee: teamPersonSchema,
  inviter: teamPersonSchema.nullable(),
  role: teamRoleSchema,
  status: invitationStatusSchema,
  created: z.string(),
  responded: z.string().nullable(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

export const JOIN_REQUEST_STATUSES = ['pending', 'accepted', 'declined'] as const;
export const joinRequestStatusSchema = z.enum(JOIN_REQUEST_STATUSES);
export type JoinRequestStatus = z.infer<typeof joinRequestStatusSchema>;

/** A user's request to join a team (spec §3 "membership requests"); admins answer it. */
export const teamJoinRequestSchema = z.object({
  id: z.string(),
  team: z.object({ id: z.string(), name: z.string() }),
  user: teamPersonSchema,
  status: joinRequestStatusSchema,
  created: z.string(),
  responded: z.string().nullable(),
});
export type TeamJoinRequest = z.infer<typeof teamJoinRequestSchema>;

export const TEAM_ACTIVITY_ACTIONS = [
  'team.created',
  'team.renamed',
  'member.role_changed',
  'member.removed',
  'member.left',
  'ownership.transferred',
  'invitation.sent',
  'invitation.cancelled',
  'invitation.accepted',
  'invitation.declined',
  'request.created',
  'request.accepted',
  'request.declined',
  // A member who was removed or left loses the worker keys they made in the team (issue 15).
  'workers.revoked',
  // Keys made before their maker was recorded stay; the log flags them at each departure.
  'workers.unknown_maker_kept',
  // The verified owner of an address took it back from an unverified account (issue 35).
  'account.email_reclaimed',
  // A password-reset link from the mailbox proved an unverified address: password and sessions replaced.
  'account.reset_reclaimed',
] as const;
export const teamActivityActionSchema = z.enum(TEAM_ACTIVITY_ACTIONS);
export type TeamActivityAction = z.infer<typeof teamActivityActionSchema>;

/**
 * One line of a team's activity log: who did what to whom, when. `text` is already worded in
 * the caller's language; `details` carries the raw values (old and new name or role).
 */
export const teamActivitySchema = z.object({
  id: z.string(),
  action: teamActivityActionSchema,
  actor: z.object({ id: z.string().nullable(), username: z.string() }).nullable(),
  target: z.object({ id: z.string().nullable(), username: z.string() }).nullable(),
  details: z.record(z.string(), z.string()),
  text: z.string(),
  created: z.string(),
});
export type TeamActivity = z.infer<typeof teamActivitySchema>;

/** The answer of calls that only confirm (delete, leave, decline). */
export const teamDoneSchema = z.object({ ok: z.literal(true) });

/** `GET panel/invitations/` and the team's list: which invitations to show (default pending). */
export const invitationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  status: invitationStatusSchema.optional(),
});
export type InvitationListQuery = z.input<typeof invitationListQuery>;

/** `GET panel/teams/{id}/requests/`: which requests to show (default pending). */
export const joinRequestListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  status: joinRequestStatusSchema.optional(),
});
export type JoinRequestListQuery = z.input<typeof joinRequestListQuery>;
