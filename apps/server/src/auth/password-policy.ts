/**
 * The rules a new password must pass on the server, beyond core's (length, a short common list
 * the panel checks as you type): not all spaces, not the account's username or email (or its
 * local part) nor the service's name, even with digits or signs added (`didban123`), and not in
 * zxcvbn-ts's common-password dictionary (49k passwords from public leaks).
 */

import { dictionary } from '@zxcvbn-ts/language-common';
import { HttpError } from '../http/errors.js';

const COMMON: ReadonlySet<string> = new Set(
  (dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()),
);

const SERVICE_WORDS = ['didban', 'دیدبان'];

export type PasswordProblem = 'auth.password_blank' | 'auth.password_like_account' | 'auth.password_common';

/** What is wrong with `password` for this account, or null. */
export function passwordProblem(
  password: string,
  account: { username: string; email: string },
): PasswordProblem | null {
  if (password.trim() === '') return 'auth.password_blank';
  const lower = password.trim().toLowerCase();
  const email = account.email.trim().toLowerCase();
  const words = [account.username.toLowerCase(), email, email.split('@')[0] ?? '', ...SERVICE_WORDS].filter(
    (w) => w.length >= 3,
  );
  // The word itself, or the word with digits and signs around it ("Didban123!", "123ali").
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/gu, '');
  if (words.includes(lower) || words.includes(core)) return 'auth.password_like_account';
  if (
    COMMON.has(lower) ||
    (core.length >= 4 && COMMON.has(core) && /^\d{0,4}$/.test(lower.replace(core, '')))
  )
    return 'auth.password_common';
  return null;
}

/** 400 on `field` (the caller's language through the usual error path) when the password fails. */
export function assertPasswordAllowed(
  password: string,
  account: { username: string; email: string },
  field: string,
) {
  const problem = passwordProblem(password, account);
  if (problem) throw new HttpError(400, 'validation', 'errors.validation', {}, { [field]: [problem] });
}
