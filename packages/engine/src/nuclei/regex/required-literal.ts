/**
 * The longest literal every match must contain, found conservatively from the pattern's top level
 * (no alternation there, literals not made optional by `?`, `*` or `{0,…}`). When the text lacks it
 * the pattern cannot match, so RE2's NFA (1–2 µs a character) is skipped for a native `indexOf`.
 * Returns undefined whenever unsure.
 *
 * @example
 * requiredLiteral('(?i)["\']?gh[_-]?next[_-]?secret["\']?') // { text: 'secret', caseInsensitive: true }
 */
export function requiredLiteral(
  pattern: string,
  caseInsensitive: boolean,
): { text: string; caseInsensitive: boolean } | undefined {
  let rest = pattern;
  let ci = caseInsensitive;
  for (let m = /^\(\?([imsU]+)\)/.exec(rest); m; m = /^\(\?([imsU]+)\)/.exec(rest)) {
    if (m[1]!.includes('i')) ci = true;
    rest = rest.slice(m[0].length);
  }
  let best = '';
  let run = '';
  let depth = 0;
  const endRun = () => {
    if (run.length > best.length) best = run;
    run = '';
  };
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i]!;
    let literal: string | undefined;
    if (c === '\\') {
      const next = rest[i + 1];
      if (next === undefined) return undefined;
      if (next === 'Q') return undefined;
      i++;
      if (depth === 0 && /[^A-Za-z0-9]/.test(next) && next.charCodeAt(0) < 0x80) literal = next;
      else {
        if (depth === 0) endRun();
        continue;
      }
    } else if (c === '[') {
      // Skip the class; it ends the run.
      let j = i + 1;
      if (rest[j] === '^') j++;
      if (rest[j] === ']') j++;
      for (; j < rest.length && rest[j] !== ']'; j++) if (rest[j] === '\\') j++;
      i = j;
      if (depth === 0) endRun();
      continue;
    } else if (c === '(') {
      if (rest[i + 1] === '?' && rest[i + 2] !== ':' && rest[i + 2] !== 'P' && rest[i + 2] !== '<')
        return undefined; // inline flags inside the pattern
      depth++;
      if (depth === 1) endRun();
      continue;
    } else if (c === ')') {
      depth--;
      continue;
    } else if (c === '|') {
      if (depth === 0) return undefined;
      continue;
    } else if ('.^$'.includes(c)) {
      if (depth === 0) endRun();
      continue;
    } else if ('*?{'.includes(c)) {
      // The previous atom is optional: drop it from the run.
      if (depth === 0) {
        run = run.slice(0, -1);
        endRun();
      }
      if (c === '{') while (i < rest.length && rest[i] !== '}') i++;
      continue;
    } else if (c === '+') {
      if (depth === 0) endRun();
      continue;
    } else literal = c;
    if (depth > 0 || literal === undefined) continue;
    if (literal.charCodeAt(0) > 0x7f) return undefined;
    run += literal;
  }
  endRun();
  if (depth !== 0 || best.length < 3) return undefined;
  return { text: ci ? best.toLowerCase() : best, caseInsensitive: ci };
}
