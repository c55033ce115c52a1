import type { Lang } from '@didban/core';
import type { CommanderError } from 'commander';
import type { Translate } from './i18n/translate.js';

/**
 * Commander's usage errors in the user's language. Commander writes them in English only; each
 * one it raises is read back from its fixed wording (commander 14, lib/command.js) and said again
 * with the catalogue's words, the English ones the same as commander's. A message it words
 * otherwise (a new version) is shown as commander wrote it.
 */
export function usageDetail(error: CommanderError, t: Translate, lang: Lang): string {
  const detail = error.message
    .replace(/^error: /, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  // In English commander's own text, word for word (its plurals included).
  if (lang === 'en') return detail;
  const [head, hint] = splitSuggestion(detail);
  const said = say(error.code, head, t);
  if (said === undefined) return detail;
  return hint === undefined ? said : `${said} ${suggestion(hint, t)}`;
}

/** `unknown option '--jsn' (Did you mean --json?)` → the message and `--json`. */
function splitSuggestion(detail: string): [string, string | undefined] {
  const m = /^(.*?) \(Did you mean (?:one of )?(.+)\?\)$/.exec(detail);
  return m ? [m[1]!, m[2]!] : [detail, undefined];
}

function suggestion(names: string, t: Translate): string {
  return names.includes(', ')
    ? t('usage.did_you_mean_one_of', { names })
    : t('usage.did_you_mean', { name: names });
}

function say(code: string, text: string, t: Translate): string | undefined {
  let m: RegExpExecArray | null;
  switch (code) {
    case 'commander.unknownOption':
      m = /^unknown option '(.+)'$/.exec(text);
      return m ? t('usage.unknown_option', { option: m[1] }) : undefined;
    case 'commander.unknownCommand':
      m = /^unknown command '(.+)'$/.exec(text);
      return m ? t('usage.unknown_command', { command: m[1] }) : undefined;
    case 'commander.missingArgument':
      m = /^missing required argument '(.+)'$/.exec(text);
      return m ? t('usage.missing_argument', { name: m[1] }) : undefined;
    case 'commander.optionMissingArgument':
      m = /^option '(.+)' argument missing$/.exec(text);
      return m ? t('usage.option_missing_argument', { option: m[1] }) : undefined;
    case 'commander.missingMandatoryOptionValue':
      m = /^required option '(.+)' not specified$/.exec(text);
      return m ? t('usage.required_option', { option: m[1] }) : undefined;
    case 'commander.excessArguments':
      m = /^too many arguments(?: for '(.+)')?\. Expected (\d+) arguments? but got (\d+)\.$/.exec(text);
      if (!m) return undefined;
      return m[1]
        ? t('usage.too_many_arguments_for', { command: m[1], expected: m[2], got: m[3] })
        : t('usage.too_many_arguments', { expected: m[2], got: m[3] });
    case 'commander.invalidArgument':
      // Our own parsers' reasons (parse-flags.ts) are already in the user's language.
      m = /^option '(.+)' argument '(.*)' is invalid\. (.*)$/s.exec(text);
      return m ? t('usage.invalid_option_value', { option: m[1], value: m[2], reason: m[3] }) : undefined;
    default:
      return undefined;
  }
}
