/**
 * Go (RE2) regular expressions → JavaScript. Handles what templates use: leading inline flags
 * (`(?i)`, `(?is)`, `(?m)`), `\A`, `\z`, `(?P<name>…)`, `\Q…\E`. Anything JavaScript cannot express
 * the same way (flags in the middle, `(?U)`, Unicode classes, POSIX classes) returns `undefined`
 * so the caller uses the linear-time RE2 port instead.
 */
export interface Translation {
  readonly source: string;
  readonly flags: string;
}

const LEADING_FLAGS = /^\(\?([imsU]+)\)/;

export function translateGoRegex(pattern: string): Translation | undefined {
  let rest = pattern;
  const flags = new Set<string>();
  for (let m = LEADING_FLAGS.exec(rest); m; m = LEADING_FLAGS.exec(rest)) {
    for (const f of m[1]!) flags.add(f);
    rest = rest.slice(m[0].length);
  }
  // (?U) swaps greediness; under (?m) JavaScript's ^ and $ also break at \r and U+2028/9.
  if (flags.has('U') || flags.has('m')) return undefined;
  // Go matches runes of UTF-8 and folds case by Unicode rules: only ASCII patterns are translated.
  for (let i = 0; i < rest.length; i++) if (rest.charCodeAt(i) > 0x7f) return undefined;
  let out = '';
  let inClass = false;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i]!;
    if (c === '\\') {
      const next = rest[i + 1];
      if (next === undefined) return undefined;
      if (next === 'A' && !inClass) out += '(?<![\\s\\S])';
      else if (next === 'z' && !inClass) out += '(?![\\s\\S])';
      else if (next === 'Q') {
        const end = rest.indexOf('\\E', i + 2);
        const literal = rest.slice(i + 2, end < 0 ? undefined : end);
        out += literal.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
        i = end < 0 ? rest.length : end + 1;
        continue;
      } else if ('pPCxz'.includes(next) && (next !== 'x' || rest[i + 2] === '{')) return undefined;
      else if (/[0-9]/.test(next) && next !== '0')
        return undefined; // backreferences do not exist in Go
      // Go's \s is [\t\n\f\r ]; JavaScript's also takes \v and Unicode spaces.
      else if (next === 's') out += inClass ? '\\t\\n\\f\\r ' : '[\\t\\n\\f\\r ]';
      else if (next === 'S') {
        if (inClass) return undefined;
        out += '[^\\t\\n\\f\\r ]';
      } else out += c + next;
      i++;
      continue;
    }
    if (inClass) {
      if (c === '[' && rest[i + 1] === ':') return undefined; // POSIX class
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      // A leading `]` (or `^]`) is a literal in both dialects but JavaScript needs it escaped.
      if (rest[i + 1] === '^') {
        out += '^';
        i++;
      }
      if (rest[i + 1] === ']') {
        out += '\\]';
        i++;
      }
      continue;
    }
    if (c === '(' && rest[i + 1] === '?') {
      if (rest.startsWith('(?P<', i)) {
        out += '(?<';
        i += 3;
        continue;
      }
      if (rest[i + 2] === ':' || rest[i + 2] === '<') {
        out += c;
        continue;
      }
      return undefined; // inline flags inside the pattern
    }
    // Go's `.` excludes only \n; JavaScript's also excludes \r and U+2028/9.
    if (c === '.' && !flags.has('s')) {
      out += '[^\\n]';
      continue;
    }
    out += c;
  }
  return { source: out, flags: [...flags].join('') };
}

/**
 * True when the pattern has no repetition (`*`, `+`, `?`, `{n,m}`): a backtracking engine then
 * spends at most the pattern's length per start position, which is as linear as RE2. `(?` opens a
 * group and is not a quantifier. Conservative: `\Q…\E` content is scanned like pattern text.
 */
export function isQuantifierFree(pattern: string): boolean {
  let inClass = false;
  let afterOpen = false; // the previous token was an unescaped `(`
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    const opened = afterOpen;
    afterOpen = false;
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') {
      inClass = true;
      if (pattern[i + 1] === '^') i++;
      if (pattern[i + 1] === ']') i++;
      continue;
    }
    if (c === '(') afterOpen = true;
    if (c === '*' || c === '+') return false;
    if (c === '?' && !opened) return false;
    if (c === '{' && /^\{\d*(,\d*)?\}/.test(pattern.slice(i))) return false;
  }
  return true;
}

/**
 * True when the pattern could backtrack catastrophically in a backtracking engine: a quantified
 * group that itself contains a quantifier or an alternation (`(a+)+`, `(\w|\d)*`), or a very large
 * counted repeat. Such patterns go to the linear-time engine instead.
 */
export function mayBacktrackCatastrophically(pattern: string): boolean {
  const stack: { quantified: boolean; alternation: boolean }[] = [];
  let inClass = false;
  let last: { quantified: boolean; alternation: boolean } | undefined;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      i++;
      last = undefined;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') {
      inClass = true;
      last = undefined;
      continue;
    }
    if (c === '(') {
      stack.push({ quantified: false, alternation: false });
      last = undefined;
      continue;
    }
    if (c === ')') {
      last = stack.pop();
      continue;
    }
    if (c === '|') {
      if (stack.length > 0) stack[stack.length - 1]!.alternation = true;
      continue;
    }
    const isQuantifier = c === '*' || c === '+' || (c === '{' && /^\{\d+(,\d*)?\}/.test(pattern.slice(i)));
    if (isQuantifier) {
      if (c === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i))!;
        if (Number(m[1]) > 1000 || Number(m[3] || 0) > 1000) return true;
        if (m[2] === undefined && last === undefined) continue; // {n} on a single atom is harmless
      }
      if (last && (last.quantified || last.alternation)) return true;
      if (stack.length > 0) stack[stack.length - 1]!.quantified = true;
      last = undefined;
      continue;
    }
    if (c !== '?') last = undefined;
  }
  return false;
}

/**
 * True when the pattern's one repetition is a greedy `+` or `*` on a single atom (a class, a
 * one-character escape, `.` or a literal) with nothing after it but closing parentheses, and no
 * alternation: `(?i)server: ([^\r\n]+)`, `version=(\d+)`. A backtracking engine then spends at
 * most the pattern's length at a start where the prefix fails, and one greedy run where it holds
 * (nothing follows the run, so it cannot fail and backtrack; the next search starts after it):
 * linear in the input, like RE2, and the leftmost-first greedy result is the same in both.
 */
export function hasOnlyTrailingQuantifier(pattern: string): boolean {
  let lastWasAtom = false;
  let atoms = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1];
      // \Q…\E, \p{…}, \x{…} and the zero-width \b \B \A \z are not one plain atom.
      if (next === undefined || 'QpPxbBAzC'.includes(next)) return false;
      i++;
      lastWasAtom = true;
      atoms++;
      continue;
    }
    if (c === '[') {
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      for (; j < pattern.length && pattern[j] !== ']'; j++) {
        if (pattern[j] === '\\') j++;
        else if (pattern[j] === '[' && pattern[j + 1] === ':') return false; // POSIX class
      }
      if (j >= pattern.length) return false;
      i = j;
      lastWasAtom = true;
      atoms++;
      continue;
    }
    if (c === '|') return false;
    if (c === '(') {
      if (pattern[i + 1] === '?') {
        // Leading flags `(?i)`, `(?:`, `(?P<name>`: the translator decides which it accepts.
        if (pattern.startsWith('(?<=', i) || pattern.startsWith('(?<!', i)) return false;
        // Skip the group's head so its flags or name are not read as atoms.
        const head = /^\(\?(?:P?<\w+>|[imsU-]*[:)])/.exec(pattern.slice(i));
        if (!head) return false;
        i += head[0].length - 1;
      }
      lastWasAtom = false;
      continue;
    }
    if (c === ')' || c === '^' || c === '$') {
      lastWasAtom = false;
      continue;
    }
    if (c === '?' || (c === '{' && /^\{\d*(,\d*)?\}/.test(pattern.slice(i)))) return false;
    if (c === '*' || c === '+') {
      if (!lastWasAtom) return false;
      // A match that can be empty (`x*` alone) is found differently by FindAll and a global RegExp.
      if (c === '*' && atoms < 2) return false;
      // Only closing parentheses may follow (this also refuses a lazy `+?` and a second quantifier).
      for (let j = i + 1; j < pattern.length; j++) if (pattern[j] !== ')') return false;
      return true;
    }
    lastWasAtom = true;
    atoms++;
  }
  return false;
}
