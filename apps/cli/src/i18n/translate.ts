import type { Lang } from '@didban/core';
import { CLI_MESSAGES, type CliMessageKey } from './messages.js';

export type Translate = (key: CliMessageKey, params?: Record<string, unknown>) => string;

/**
 * A translator bound to one language; `{name}` placeholders are filled from params.
 * @example createTranslator('en')('logout.none') // 'You were not signed in.'
 */
export function createTranslator(lang: Lang): Translate {
  return (key, params = {}) =>
    (CLI_MESSAGES[key][lang] as string).replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    );
}
