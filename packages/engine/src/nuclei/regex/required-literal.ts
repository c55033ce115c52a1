function leadingFlags(pattern: string, caseInsensitive: boolean): { rest: string; ci: boolean } {
  let rest = pattern;
  let ci = caseInsensitive;
  for (let m = /^\(\?([imsU]+)\)/.exec(rest); m; m = /^\(\?([imsU]+)\)/.exec(rest)) {
    if (m[1]!.includes('i')) ci = true;
    rest = rest.slice(m[0].length);
  }
  return { rest, ci };
}

/**
 * Literals a match must contain, found conservatively: per top-level branch the longest literal
 * not made optional by `?`, `*` or `{0,…}`; a text holding none of them cannot match, so RE2's NFA
 * (1–2 µs a character) is skipped for native `includes`. Undefined whenever unsure or when any
 * branch has no literal (alternations like `coinhive|miner\.start|…` are common in detection
 * templates).
 *
 * @example
 * requiredLiterals('(?i)coinhive|miner\\.start', false) // { texts: ['coinhive', 'miner.start'], caseInsensitive: true }
 */
export function requiredLiterals(
  pattern: string,
  caseInsensitive: boolean,
): { texts: string[]; caseInsensitive: boolean } | undefined {
  const { rest, ci } = leadingFlags(pattern, caseInsensitive);
  const literals: { text: string; caseInsensitive: boolean }[] = [];
  for (const branch of topLevelBranches(rest)) {
    const literal = branchLiteral(branch, ci);
    if (!literal) return undefined;
    literals.push(literal);
  }
  // One branch with flags of its own makes the whole check case-insensitive (never wrong).
  const anyCi = literals.some((l) => l.caseInsensitive);
  return { texts: literals.map((l) => (anyCi ? l.text.toLowerCase() : l.text)), caseInsensitive: anyCi };
}

/** Splits at `|` outside groups and classes. */
function topLevelBranches(pattern: string): string[] {
  const branches: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') {
      inClass = true;
      if (pattern[i + 1] === '^') i++;
      if (pattern[i + 1] === ']') i++;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      branches.push(pattern.slice(start, i));
      start = i + 1;
    }
  }
  branches.push(pattern.slice(start));
  return branches;
}

function branchLiteral(
  rest: string,
  caseInsensitive: boolean,
): { text: string; caseInsensitive: boolean } | undefined {
  let ci = caseInsensitive;
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
      const flags = /^\(\?([imsU-]+)([:)])/.exec(rest.slice(i));
      if (flags) {
        // Flags inside the pattern: reading every literal case-insensitively is never wrong
        // (a lowercased text lacking the lowercased literal cannot match in any case).
        if (flags[1]!.includes('i')) ci = true;
        if (flags[2] === ')') {
          i += flags[0].length - 1;
          if (depth === 0) endRun();
          continue;
        }
        i += flags[0].length - 1;
      } else if (rest[i + 1] === '?' && rest[i + 2] !== ':' && rest[i + 2] !== 'P' && rest[i + 2] !== '<')
        return undefined; // lookaround or another construct
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
