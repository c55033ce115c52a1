import { type Lang, MESSAGES, type MessageKey } from '@didban/core';
import { CLI_MESSAGES, type CliMessageKey } from './messages.js';

/**
 * The CLI's own words (messages.ts) and the messages it shares with the panel and the server,
 * kept once in core's catalogue (issue 34 item 18), e.g. `notify.scan_finished`.
 */
export type Translate = (key: CliMessageKey | MessageKey, params?: Record<string, unknown>) => string;

/**
 * A translator bound to one language; `{name}` placeholders are filled from params.
 * @example createTranslator('en')('logout.none') // 'You were not signed in.'
 */
export function createTranslator(lang: Lang): Translate {
  return (key, params = {}) => {
    const texts = key in CLI_MESSAGES ? CLI_MESSAGES[key as CliMessageKey] : MESSAGES[key as MessageKey];
    return (texts[lang] as string).replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    );
  };
}
