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
