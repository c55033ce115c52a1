import { z } from 'zod';

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  profile_image: z.string().nullable(),
  /** Whether the owner confirmed the current email (the link sent on sign-up or on a change). */
  email_verified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** The signed-in user's own view, with what the panel needs beyond the public fields. */
export const profileSchema = userSchema.extend({
  is_staff: z.boolean(),
  date_joined: z.string(),
  personal_workspace_id: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;
