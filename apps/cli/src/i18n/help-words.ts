import { type Argument, Help, type Option } from 'commander';
import type { Translate } from './translate.js';

/**
 * Commander's own words in `--help` (the headings and the "default:" it appends to an option),
 * through the translator. In English each key's text is commander's word, so the English help is
 * byte-for-byte what commander prints; a heading commander adds later passes through untouched.
 * @example program.configureHelp(helpWords(t)) // fa: 'Usage:' → 'کاربرد:'
 */
export function helpWords(t: Translate): Partial<Help> {
  const titles: Record<string, string> = {
    'Usage:': t('help.usage'),
    'Arguments:': t('help.arguments'),
    'Options:': t('help.options'),
    'Global Options:': t('help.global_options'),
    'Commands:': t('help.commands'),
  };
  // Commander appends "(default: …)" as the last parenthesis of the text; only that one is its own.
  const localiseDefault = (text: string) =>
    text.replace(/\(default: (?=[^()]*\)$)/, `(${t('help.default')} `);
  return {
    styleTitle: (title: string) => titles[title] ?? title,
    optionDescription(this: Help, option: Option) {
      return localiseDefault(Help.prototype.optionDescription.call(this, option));
    },
    argumentDescription(this: Help, argument: Argument) {
      return localiseDefault(Help.prototype.argumentDescription.call(this, argument));
    },
  };
}
