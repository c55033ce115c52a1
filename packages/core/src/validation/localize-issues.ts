import type { z } from 'zod';
import type { Lang } from '../i18n/lang.js';
import { isMessageKey, translate } from '../i18n/messages.js';
import { unstorableTextIssues } from './storable-text.js';

/** Field path → messages, the `errors` member of an error body. `_` holds form-level messages. */
export type FieldErrors = Record<string, string[]>;

type Issue = z.core.$ZodIssue;

/**
 * One issue in words. Our schemas carry message keys (see MESSAGES); zod's own issues (wrong
 * type, unknown key…) are mapped by code so they read naturally in both languages too.
 */
export function issueMessage(issue: Issue, lang: Lang): string {
  if (isMessageKey(issue.message)) return translate(issue.message, lang);
  switch (issue.code) {
    case 'invalid_type':
      // zod reports a missing key as an invalid type with "received undefined".
      return /received undefined/.test(issue.message)
        ? translate('validation.required', lang)
        : translate('validation.invalid_type', lang, { expected: issue.expected });
    case 'too_small':
      return issue.origin === 'string'
        ? translate('validation.too_small_string', lang, { minimum: issue.minimum })
        : translate('validation.too_small', lang, { minimum: issue.minimum });
    case 'too_big':
      return issue.origin === 'string'
        ? translate('validation.too_big_string', lang, { maximum: issue.maximum })
        : translate('validation.too_big', lang, { maximum: issue.maximum });
    case 'invalid_format':
      return issue.format === 'email'
        ? translate('auth.email_invalid', lang)
        : translate('validation.invalid_format', lang);
    case 'invalid_value':
      return translate('validation.invalid_value', lang);
    case 'unrecognized_keys':
      return translate('validation.unrecognized_keys', lang);
    default:
      return translate('validation.invalid', lang);
  }
}

/** Group issues by field (dotted path) with localized messages. */
export function localizeIssues(issues: readonly Issue[], lang: Lang): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const keys =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((k) => [...issue.path, k].join('.'))
        : [issue.path.length ? issue.path.join('.') : '_'];
    for (const key of keys) {
      const message = issueMessage(issue, lang);
      const list = out[key] ?? [];
      if (!list.includes(message)) list.push(message);
      out[key] = list;
    }
  }
  return out;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/**
 * Validate form values with a schema and get messages per field, ready for a form. Any text
 * PostgreSQL cannot store (NUL, lone surrogates) is refused first, in every field of every
 * schema, so no form needs to remember it; that field shows only this message.
 * @example validateWith(signInSchema, { username: 'al' }, 'en')
 *   // { ok: false, errors: { email: ['Email is required'], ... } }
 */
export function validateWith<S extends z.ZodType>(
  schema: S,
  values: unknown,
  lang: Lang,
): ValidationResult<z.output<S>> {
  const unstorable = unstorableTextIssues(values);
  const result = schema.safeParse(values);
  if (result.success && unstorable.length === 0) return { ok: true, value: result.data };
  const flagged = new Set(unstorable.map((issue) => issue.path.join('.')));
  const others = (result.success ? [] : result.error.issues).filter(
    (issue) => !flagged.has(issue.path.join('.')),
  );
  return { ok: false, errors: localizeIssues([...unstorable, ...others], lang) };
}
