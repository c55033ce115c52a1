import { z } from 'zod';

/**
 * Characters PostgreSQL text cannot hold: NUL, and UTF-16 surrogates without their partner
 * (lone halves cannot be encoded as UTF-8). Anything else, emoji included, is fine.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is looked for.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnstorableText(value: string): boolean {
  return UNSTORABLE.test(value);
}

/**
 * Every place in `value` (a body, a query, nested objects and arrays) holding text that cannot be
 * stored, as paths: a key with such text is named itself, a string value by its own path.
 */
export function findAllUnstorableText(value: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (typeof value === 'string') return hasUnstorableText(value) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => findAllUnstorableText(item, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      hasUnstorableText(key) ? [[...path, key]] : findAllUnstorableText(item, [...path, key]),
    );
  }
  return [];
}

/** The first such path, or null — for a guard in front of every schema (the server's). */
export function findUnstorableText(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  return findAllUnstorableText(value, path)[0] ?? null;
}

/**
 * One zod issue per unstorable text in `value` (`validation.unstorable_text`, fa/en through
 * `localizeIssues`): what every form (`validateWith`) and every call of the API client checks
 * before a schema or a send, so no field can be forgotten.
 */
export function unstorableTextIssues(value: unknown): z.core.$ZodIssue[] {
  return findAllUnstorableText(value).map((path) => ({
    code: 'custom',
    path,
    message: 'validation.unstorable_text',
    input: undefined,
  }));
}

/**
 * A text field that refuses what cannot be stored, with a message naming the problem
 * (`validation.unstorable_text`, fa/en). Compose: `storableText.pipe(z.string().min(3))`, or
 * use `storableTextCheck` on an existing string schema.
 */
export const storableTextCheck = (value: string) => !hasUnstorableText(value);
export const storableText = z.string().refine(storableTextCheck, { message: 'validation.unstorable_text' });
