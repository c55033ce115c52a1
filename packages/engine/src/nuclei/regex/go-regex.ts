import { RE2JS } from 're2js';
import { requiredLiterals } from './required-literal.js';
import { hasOnlyTrailingQuantifier, isQuantifierFree, translateGoRegex } from './translate-go-regex.js';

export interface RegexMatch {
  /** Index 0 is the whole match; unmatched groups are `undefined`. */
  readonly groups: readonly (string | undefined)[];
}

/** A compiled Go regular expression; `engine` says which engine runs it. */
export interface GoRegex {
  readonly pattern: string;
  readonly engine: 'js' | 're2';
  test(input: string): boolean;
  /** All non-overlapping matches, at most `limit`; `check` runs every 64 matches and may throw. */
  findAll(input: string, limit?: number, check?: () => void): RegexMatch[];
}

const cache = new Map<string, GoRegex>();

/**
 * Compiles a Go regular expression. Every pattern with a quantifier runs on RE2JS, a linear-time
 * port of Go's RE2 — the engine Nuclei uses, so syntax and semantics stay Go's and no input can make
 * a match super-linear. A backtracking RegExp, even for `[a-z]+@` alone, is quadratic on a long
 * unbroken line, so only patterns proven linear for backtracking that translate exactly become a
 * native RegExp, for speed: quantifier-free ones (each start position costs at most the pattern's
 * length) and those whose one quantifier ends the pattern (`(?i)server: ([^\r\n]+)`).
 *
 * @example
 * compileGoRegex('(?i)server: (?P<name>\\w+)').findAll('Server: nginx')[0]?.groups[1] // 'nginx'
 */
export function compileGoRegex(pattern: string, caseInsensitive = false): GoRegex {
  const key = `${caseInsensitive ? 'i' : '-'}${pattern}`;
  let compiled = cache.get(key);
  if (!compiled) {
    compiled = compile(pattern, caseInsensitive);
    if (cache.size > 20_000) cache.clear();
    cache.set(key, compiled);
  }
  return compiled;
}

function compile(pattern: string, caseInsensitive: boolean): GoRegex {
  const translated =
    isQuantifierFree(pattern) || hasOnlyTrailingQuantifier(pattern) ? translateGoRegex(pattern) : undefined;
  if (translated) {
    let flags = translated.flags;
    if (caseInsensitive && !flags.includes('i')) flags += 'i';
    try {
      return jsRegex(pattern, new RegExp(translated.source, flags));
    } catch {
      // Fall through: RE2 reports the syntax error in Go's terms.
    }
  }
  return provenValid(pattern) ? lazyRe2Regex(pattern, caseInsensitive) : re2Regex(pattern, caseInsensitive);
}

// Go rejects what JavaScript accepts here: lookbehind and repeat counts over 1,000.
const GO_ONLY_LIMITS = /\(\?<[=!]|\{(?:\d{4,}|\d*,\d{4,})\}/;

/**
 * A pattern the translator turns into JavaScript that JavaScript accepts is valid Go too (the
 * translator refuses what it cannot map), so its RE2 program can wait for the first match:
 * compiling all 4,400 regexes of the community `http/` folder at load cost about 0.7 s of CPU
 * and 48 MB of heap, for templates most scans never reach.
 */
function provenValid(pattern: string): boolean {
  if (GO_ONLY_LIMITS.test(pattern)) return false;
  const translated = translateGoRegex(validityForm(pattern));
  if (!translated) return false;
  try {
    new RegExp(translated.source, translated.flags);
    return true;
  } catch {
    return false;
  }
}

/**
 * A pattern that is valid exactly when the original is, in a form the translator takes: only
 * validity counts here, not meaning. Flag groups (`(?i)`, `(?i:`, `(?-s)`) are valid Go and the
 * translator refuses them inside a pattern; `\S` is refused inside a class, `\s` is not.
 */
function validityForm(pattern: string): string {
  return pattern.replace(/\\.|\(\?(?:[imsU]+(?:-[imsU]+)?|-[imsU]+)([:)])/g, (m, end?: string) => {
    if (m[0] === '\\') return m === '\\S' ? '\\s' : m;
    return end === ':' ? '(?:' : '';
  });
}

function lazyRe2Regex(pattern: string, caseInsensitive: boolean): GoRegex {
  let compiled: GoRegex | undefined;
  const real = (): GoRegex => {
    if (!compiled) {
      try {
        compiled = re2Regex(pattern, caseInsensitive);
      } catch {
        // Not expected (see provenValid); a pattern RE2 refuses then simply never matches.
        compiled = { pattern, engine: 're2', test: () => false, findAll: () => [] };
      }
    }
    return compiled;
  };
  return {
    pattern,
    engine: 're2',
    test: (input) => real().test(input),
    findAll: (input, limit, check) => real().findAll(input, limit, check),
  };
}

function jsRegex(pattern: string, re: RegExp): GoRegex {
  const global = new RegExp(re.source, `${re.flags}g`);
  return {
    pattern,
    engine: 'js',
    test: (input) => re.test(input),
    findAll(input, limit = Number.POSITIVE_INFINITY, check) {
      const out: RegexMatch[] = [];
      global.lastIndex = 0;
      for (let m = global.exec(input); m && out.length < limit; m = global.exec(input)) {
        out.push({ groups: [...m] });
        if (check && out.length % 64 === 0) check();
        if (m[0] === '') global.lastIndex++;
      }
      return out;
    },
  };
}

/**
 * RE2JS's linear-time NFA (what a match with capture groups runs) costs about 1–2 µs per character
 * for patterns without a literal prefix, and its DFA falls back to it when its state cache fills,
 * so one call over a 10 MB body could run for many seconds, and a synchronous call
 * cannot be interrupted. Each RE2 call therefore sees at most the first 1 MiB of a part (≈1 s worst
 * case), which keeps every abort and match budget within about a second. Quantifier-free patterns
 * (native RegExp, fast) still see the whole part.
 */
export const RE2_INPUT_LIMIT = 1024 * 1024;
const capped = (input: string): string =>
  input.length > RE2_INPUT_LIMIT ? input.slice(0, RE2_INPUT_LIMIT) : input;

// The last part lowercased: every case-insensitive pattern of a block reads the same part. Kept
// until the current job ends only: the part is a slice of a body, which it would keep alive.
let lastInput = '';
let lastLowered = '';
let forgetting = false;
const forget = (): void => {
  lastInput = '';
  lastLowered = '';
  forgetting = false;
};
function lowered(text: string): string {
  if (text !== lastInput) {
    lastInput = text;
    lastLowered = text.toLowerCase();
    if (!forgetting) {
      forgetting = true;
      queueMicrotask(forget);
    }
  }
  return lastLowered;
}

function re2Regex(pattern: string, caseInsensitive: boolean): GoRegex {
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern, caseInsensitive ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    throw new Error(`invalid regular expression ${JSON.stringify(pattern)}: ${(error as Error).message}`);
  }
  const literals = requiredLiterals(pattern, caseInsensitive);
  const mayMatch = (text: string): boolean => {
    if (!literals) return true;
    const haystack = literals.caseInsensitive ? lowered(text) : text;
    return literals.texts.some((t) => haystack.includes(t));
  };
  return {
    pattern,
    engine: 're2',
    // RE2JS's test() runs its DFA (no capture groups asked); find() runs the NFA, which is
    // several times slower per character. Most patterns do not match most bodies, so findAll asks
    // the DFA first and walks the NFA only for a body that has a match.
    test: (input) => {
      const text = capped(input);
      return mayMatch(text) && re.test(text);
    },
    findAll(input, limit = Number.POSITIVE_INFINITY, check) {
      const out: RegexMatch[] = [];
      const text = capped(input);
      if (!mayMatch(text) || !re.test(text)) return out;
      const m = re.matcher(text);
      const count = m.groupCount();
      while (out.length < limit && m.find()) {
        const groups: (string | undefined)[] = [];
        for (let g = 0; g <= count; g++) groups.push(m.group(g) ?? undefined);
        out.push({ groups });
        if (check && out.length % 64 === 0) check();
      }
      return out;
    },
  };
}
