import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fa } from '../../apps/web/src/i18n/locales/all';
import { scansRunFa } from '../../apps/web/src/i18n/locales/fa/scans-run';

// docs/glossary.md names one Persian word per idea and, in its "Not" column, the words that must
// not stand for it (e.g. "Scan" is اسکن, never پویش). This reads that column and looks for those
// words in every translated string of the panel, the server's messages and the CLI.

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const STRING_FILES = ['apps/web/src/i18n/locales', 'packages/core/src/i18n', 'apps/cli/src/i18n'];

/** The "Not" column's words. */
function forbiddenWords(): string[] {
  const table = readFileSync(join(root, 'docs/glossary.md'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('| ---') && !line.startsWith('| Idea'));
  return table
    .map((line) => line.split('|')[4]?.trim() ?? '')
    .flatMap((cell) => cell.split(/[،,]/).map((w) => w.trim()))
    .filter(Boolean);
}

function filesUnder(path: string): string[] {
  const full = join(root, path);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full).flatMap((name) => filesUnder(join(path, name)));
}

// Ordinary words outside their idea ("کم شده" is "deducted"): checked as severity and priority
// words below rather than everywhere.
const CONTEXT_WORDS = new Set(['زیاد', 'کم']);

/** Every high/low word of a severity or priority list in the panel's Persian strings. */
function levelWords(value: unknown, path: string[] = []): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const parent = path.at(-1) ?? '';
    if (
      typeof child === 'string' &&
      ['high', 'low'].includes(key) &&
      /^(severity|severities|priorities)$/.test(parent)
    )
      return [`${[...path, key].join('.')}=${child}`];
    return levelWords(child, [...path, key]);
  });
}

// A whole word: not inside a longer Persian word (letters or the zero-width non-joiner).
const wordPattern = (word: string) =>
  new RegExp(`(?<![\\u0600-\\u06FF\\u200C])${word}(?![\\u0600-\\u06FF\\u200C])`);

describe('the glossary', () => {
  it('names words to avoid (the check below has something to look for)', () => {
    expect(forbiddenWords()).toEqual(expect.arrayContaining(['پویش', 'زیاد', 'کم', 'کارگر']));
  });

  it('is followed by every translated string: none uses a word its "Not" column rules out', () => {
    const words = forbiddenWords().filter((w) => !CONTEXT_WORDS.has(w));
    const found: string[] = [];
    for (const file of STRING_FILES.flatMap(filesUnder)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const word of words)
            if (wordPattern(word).test(line)) found.push(`${relative(root, file)}:${i + 1}: ${word}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('says high and low the same way in every severity and priority list (بالا / پایین)', () => {
    const words = [...levelWords(fa), ...levelWords({ scansRun: scansRunFa })];
    expect(words.length).toBeGreaterThan(4);
    expect(words.filter((w) => !/\.high=بالا$|\.low=پایین$/.test(w))).toEqual([]);
  });

  it('tells a whole word from part of a longer one', () => {
    expect(wordPattern('کم').test('دست‌کم یک قالب')).toBe(false);
    expect(wordPattern('کارگر').test('کارگزار')).toBe(false);
    expect(wordPattern('پویش').test('پویش ادامه دارد')).toBe(true);
  });
});
