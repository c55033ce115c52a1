/**
 * Account security calls (issue 35): change password, forgotten password, reset by the emailed
 * link, sign out (this token) and sign out everywhere. The server adds the rules that need the
 * account (not the username or email, the larger common-password list) and answers them on the
 * same fields.
 */
import { z } from 'zod';
import { emailField, newPasswordField } from '../validation/auth.js';

const confirmed = <T extends { new_password: string; confirm_password: string }>(schema: z.ZodType<T>) =>
  schema.refine((v) => v.new_password === v.confirm_password, {
    message: 'auth.confirm_mismatch',
    path: ['confirm_password'],
    when: (payload) => {
      const v = payload.value as { new_password?: unknown; confirm_password?: unknown };
      return (
        typeof v?.new_password === 'string' &&
        typeof v?.confirm_password === 'string' &&
        v.confirm_password !== ''
      );
    },
  });

const confirmField = z
  .string({ error: (i) => (i.input === undefined || i.input === null ? 'auth.confirm_required' : undefined) })
  .min(1, { error: 'auth.confirm_required', abort: true });

/** `POST auth/password/`: the current password, and the new one twice. */
export const passwordChangeRequest = confirmed(
  z.strictObject({
    old_password: z
      .string({
        error: (i) => (i.input === undefined || i.input === null ? 'auth.old_password_required' : undefined),
      })
      .min(1, { error: 'auth.old_password_required', abort: true })
      .max(128, 'auth.password_max'),
    new_password: newPasswordField,
    confirm_password: confirmField,
  }),
);
export type PasswordChangeInput = z.infer<typeof passwordChangeRequest>;

/** `POST auth/password/forgot/`: the address to mail a link to (the same answer whether it exists or not). */
export const passwordForgotRequest = z.strictObject({ email: emailField });
export type PasswordForgotInput = z.infer<typeof passwordForgotRequest>;
export const passwordForgotResponse = z.object({ sent: z.literal(true) });

/** `POST auth/password/reset/`: the emailed link's token and the new password twice. */
export const passwordResetRequest = confirmed(
  z.strictObject({
    token: z.string().min(1).max(4096),
    new_password: newPasswordField,
    confirm_password: confirmField,
  }),
);
export type PasswordResetInput = z.infer<typeof passwordResetRequest>;

/** `POST auth/logout/` and `POST auth/logout-all/`. */
export const signedOutResponse = z.object({ signed_out: z.literal(true) });
