/**
 * Whether JSON.parse could accept `text`, judged from its ends. A json extractor sees every body of
 * its requests, and most are not JSON: a 404's `not found`, an ini file's `[core]`, `404 Not Found`.
 * JSON.parse's SyntaxError costs 5–10 µs (a message with a snippet, a stack), more than the rest of
 * the extractor, so text that cannot be JSON is told apart first, in a few character reads. Never
 * says no to text JSON.parse accepts; may say yes to text it refuses (JSON.parse then decides).
 */
export function mayBeJson(text: string): boolean {
  const first = skipBlank(text, 0);
  if (first === text.length) return false;
  const last = lastNonBlank(text);
  const c = text.charCodeAt(first);
  switch (c) {
    case OPEN_BRACE: {
      if (text.charCodeAt(last) !== CLOSE_BRACE || last === first) return false;
      const next = text.charCodeAt(skipBlank(text, first + 1));
      return next === QUOTE || next === CLOSE_BRACE;
    }
    case OPEN_BRACKET: {
      if (text.charCodeAt(last) !== CLOSE_BRACKET || last === first) return false;
      const next = text.charCodeAt(skipBlank(text, first + 1));
      return next === CLOSE_BRACKET || startsValue(next);
    }
    case QUOTE:
      return last > first && text.charCodeAt(last) === QUOTE;
    case 0x74: // t
      return isWord(text, first, last, 'true');
    case 0x66: // f
      return isWord(text, first, last, 'false');
    case 0x6e: // n
      return isWord(text, first, last, 'null');
    default:
      return (c === MINUS || isDigit(c)) && NUMBER.test(text.slice(first, last + 1));
  }
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const MINUS = 0x2d;
// JSON's number grammar (RFC 8259), the whole text.
const NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?$/;

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
/** JSON's whitespace: space, tab, line feed, carriage return (nothing else). */
const isBlank = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** What a value inside an array may start with: { [ " - 0-9 t f n. */
const startsValue = (c: number) =>
  c === OPEN_BRACE ||
  c === OPEN_BRACKET ||
  c === QUOTE ||
  c === MINUS ||
  isDigit(c) ||
  c === 0x74 ||
  c === 0x66 ||
  c === 0x6e;

function skipBlank(text: string, from: number): number {
  let i = from;
  while (i < text.length && isBlank(text.charCodeAt(i))) i++;
  return i;
}

function lastNonBlank(text: string): number {
  let i = text.length - 1;
  while (i >= 0 && isBlank(text.charCodeAt(i))) i--;
  return i;
}

/** The text is `word` between blanks. */
const isWord = (text: string, first: number, last: number, word: string) =>
  last - first + 1 === word.length && text.startsWith(word, first);
