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
 * The first string in `value` (a body, a query, nested objects and arrays) that cannot be stored,
 * with its path — for a guard in front of every schema.
 */
export function findUnstorableText(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'string') return hasUnstorableText(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findUnstorableText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasUnstorableText(key)) return [...path, key];
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * A text field that refuses what cannot be stored, with a message naming the problem
 * (`validation.unstorable_text`, fa/en). Compose: `storableText.pipe(z.string().min(3))`, or
 * use `storableTextCheck` on an existing string schema.
 */
export const storableTextCheck = (value: string) => !hasUnstorableText(value);
export const storableText = z.string().refine(storableTextCheck, { message: 'validation.unstorable_text' });
