import { z } from 'zod';
import { LIMITS } from '../constants.js';

// Messages are keys of MESSAGES; `localizeIssues` turns them into fa/en text.
const required = (key: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? key : undefined,
});

export const TEAM_NAME_MAX = 100;

/** Spec §5: a team name is required and at least 2 characters (after trimming). */
export const teamNameField = z
  .string(required('teams.name_required'))
  .trim()
  .min(1, { error: 'teams.name_required', abort: true })
  .min(LIMITS.teamNameMin, 'teams.name_min')
  .max(TEAM_NAME_MAX, 'teams.name_max');

/**
 * Create a team (and rename one: the same rule).
 * @example validateWith(teamCreateSchema, { name: 'a' }, 'en')
 *   // { ok: false, errors: { name: ['Team name must be at least 2 characters'] } }
 */
export const teamCreateSchema = z.strictObject({ name: teamNameField });
export type TeamCreateInput = z.infer<typeof teamCreateSchema>;

export const teamRenameSchema = teamCreateSchema;
export type TeamRenameInput = TeamCreateInput;

/** Roles one may give by invitation or role change; the owner is made only by handing over. */
export const ASSIGNABLE_ROLES = ['admin', 'user'] as const;

/**
 * Invite someone by email or username (spec §5: 'Email or username is required').
 * @example teamInviteSchema.parse({ email_or_username: 'sara@example.com' }) // role defaults to 'user'
 */
export const teamInviteSchema = z.strictObject({
  email_or_username: z
    .string(required('teams.invitee_required'))
    .trim()
    .min(1, { error: 'teams.invitee_required', abort: true })
    .max(254, 'teams.invitee_max'),
  role: z.enum(ASSIGNABLE_ROLES, 'teams.invite_role_invalid').default('user'),
});
export type TeamInviteInput = z.input<typeof teamInviteSchema>;

/**
 * Change a member's role. 'owner' passes the schema on purpose so the server can answer with
 * the rule ("hand over ownership instead") rather than a bare "invalid value".
 */
export const memberRoleChangeSchema = z.strictObject({
  role: z.enum(['owner', 'admin', 'user'], 'teams.role_invalid'),
});
export type MemberRoleChangeInput = z.infer<typeof memberRoleChangeSchema>;

/** Hand the team over to another member; the previous owner stays as an admin. */
export const transferOwnershipSchema = z.strictObject({
  user_id: z.uuid('teams.user_id_invalid'),
});
export type TransferOwnershipInput = z.infer<typeof transferOwnershipSchema>;
