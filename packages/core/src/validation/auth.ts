import { z } from 'zod';
import { isCommonPassword } from './common-passwords.js';
import { storableTextCheck } from './storable-text.js';

// Messages are keys of MESSAGES; `localizeIssues` turns them into fa/en text.
const required = (key: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? key : undefined,
});

const USERNAME_PATTERN = /^[\p{L}\p{N}._-]+$/u;

export const usernameField = z
  .string(required('auth.username_required'))
  .trim()
  .min(1, { error: 'auth.username_required', abort: true })
  .min(3, 'auth.username_min')
  .max(150, 'auth.username_max')
  .regex(USERNAME_PATTERN, 'auth.username_chars');

const storable = { message: 'validation.unstorable_text', abort: true } as const;

export const emailField = z
  .string(required('auth.email_required'))
  .trim()
  .refine(storableTextCheck, storable)
  .min(1, { error: 'auth.email_required', abort: true })
  .max(254, 'auth.email_invalid')
  .pipe(z.email('auth.email_invalid'));

export const passwordField = z
  .string(required('auth.password_required'))
  .refine(storableTextCheck, storable)
  .min(1, { error: 'auth.password_required', abort: true })
  .min(6, 'auth.password_min')
  .max(128, 'auth.password_max');

/**
 * A new password (sign-up): the spec's length rule, and not one of the most common passwords.
 * Sign-in keeps `passwordField`, so an existing account with such a password can still sign in.
 */
export const newPasswordField = passwordField.refine((p) => !isCommonPassword(p), {
  message: 'auth.password_common',
  // Only once the length rule passed: one message at a time.
  when: (payload) => typeof payload.value === 'string' && payload.value.length >= 6,
});

/**
 * Sign-in (spec §5): username, email and password are required; the email must be valid and the
 * password at least 6 characters. Used by the panel form, the terminal client and the server.
 */
export const signInSchema = z.strictObject({
  username: z
    .string(required('auth.username_required'))
    .trim()
    .refine(storableTextCheck, storable)
    .min(1, { error: 'auth.username_required', abort: true })
    .max(150, 'auth.username_max'),
  email: emailField,
  password: passwordField,
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Sign-up (spec §5): username ≥ 3, valid email, password ≥ 6, confirmation required and equal. */
export const signUpSchema = z
  .strictObject({
    username: usernameField,
    email: emailField,
    password: newPasswordField,
    confirm_password: z
      .string(required('auth.confirm_required'))
      .min(1, { error: 'auth.confirm_required', abort: true }),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: 'auth.confirm_mismatch',
    path: ['confirm_password'],
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirm_password?: unknown };
      return (
        typeof v?.password === 'string' &&
        typeof v?.confirm_password === 'string' &&
        v.confirm_password !== ''
      );
    },
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Profile update: only the email may change; the username is read-only (spec §2 Settings). */
export const profileUpdateSchema = z.strictObject({ email: emailField });
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
