/**
 * The subset of jq that Nuclei json extractors use: `.a.b`, `.["a"]`, `.[0]`, `.[]`, `.a[]`,
 * pipes `|`, `keys`, `length`, `select(.x == "y")` with ==/!=, `,` alternatives, string literals
 * with `\(.x)` interpolation, `+` of strings (`"Version: " + .Version`, as the javascript templates
 * print module results) and `with_entries(select(…))`.
 * Each query yields a stream of values; strings print raw, other values as JSON.
 */
type Json = unknown;

export function runJq(query: string, input: Json): Json[] {
  return query
    .split(/,(?![^(]*\))/)
    .flatMap((alt) =>
      alt
        .split('|')
        .reduce<Json[]>((stream, stage) => stream.flatMap((v) => stageRun(stage.trim(), v)), [input]),
    );
}

function stageRun(stage: string, value: Json): Json[] {
  if (stage === '.' || stage === '') return [value];
  const terms = splitPlus(stage);
  if (terms.length > 1) return addAll(terms.map((t) => termRun(t, value)));
  if (stage.startsWith('"')) return termRun(stage, value);
  const entries = /^with_entries\((.+)\)$/.exec(stage);
  if (entries) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
    const kept = Object.entries(value).filter(
      ([key, v]) => stageRun(entries[1]!, { key, value: v }).length > 0,
    );
    return [Object.fromEntries(kept)];
  }
  if (stage === 'keys') return value && typeof value === 'object' ? [Object.keys(value).sort()] : [];
  if (stage === 'length') {
    if (Array.isArray(value) || typeof value === 'string') return [value.length];
    return value && typeof value === 'object' ? [Object.keys(value).length] : [];
  }
  const select = /^select\((.+?)\s*(==|!=)\s*(.+)\)$/.exec(stage);
  if (select) {
    const left = runJq(select[1]!, value)[0];
    const right = JSON.parse(select[3]!.replace(/^'|'$/g, '"')) as Json;
    const eq = JSON.stringify(left) === JSON.stringify(right);
    return (select[2] === '==') === eq ? [value] : [];
  }
  if (!stage.startsWith('.')) throw new Error(`unsupported jq expression ${JSON.stringify(stage)}`);
  return path(stage, value);
}

const STEP = /^\.?(?:([A-Za-z_$][\w$-]*)|\["([^"]*)"\]|\[(-?\d+)\]|\[\])(\?)?/;

function path(expr: string, value: Json): Json[] {
  let stream: Json[] = [value];
  let rest = expr;
  while (rest.length > 0) {
    const m = STEP.exec(rest);
    if (!m) throw new Error(`unsupported jq path ${JSON.stringify(expr)}`);
    rest = rest.slice(m[0].length);
    const key = m[1] ?? m[2];
    stream = stream.flatMap((v): Json[] => {
      if (key !== undefined)
        return v && typeof v === 'object' && !Array.isArray(v)
          ? [(v as Record<string, Json>)[key] ?? null]
          : [];
      if (m[3] !== undefined) {
        if (!Array.isArray(v)) return [];
        const i = Number(m[3]);
        return [v[i < 0 ? v.length + i : i] ?? null];
      }
      if (Array.isArray(v)) return v;
      return v && typeof v === 'object' ? Object.values(v) : [];
    });
  }
  return stream;
}

/** `a + b + …` split at top level (outside strings and parentheses). */
function splitPlus(stage: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < stage.length; i++) {
    const c = stage[i]!;
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '+' && depth === 0) {
      parts.push(stage.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(stage.slice(start).trim());
  return parts;
}

/** A string literal (with `\\(…)` interpolation) or a path. */
function termRun(term: string, value: Json): Json[] {
  if (!term.startsWith('"')) return stageRun(term, value);
  let out = '';
  const body = term.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\' && body[i + 1] === '(') {
      let depth = 1;
      let j = i + 2;
      while (j < body.length && depth > 0) {
        if (body[j] === '(') depth++;
        else if (body[j] === ')') depth--;
        j++;
      }
      const v = runJq(body.slice(i + 2, j - 1), value)[0];
      out += typeof v === 'string' ? v : JSON.stringify(v ?? null);
      i = j - 1;
    } else if (body[i] === '\\') {
      const next = body[++i];
      out += next === 'n' ? '\n' : next === 't' ? '\t' : (next ?? '');
    } else out += body[i];
  }
  return [out];
}

/** jq's `+`: null is the identity, strings join, numbers add; other mixes are errors (no output). */
function addAll(streams: Json[][]): Json[] {
  let acc: Json[] = [null];
  for (const stream of streams) {
    const next: Json[] = [];
    for (const a of acc)
      for (const b of stream) {
        if (a === null) next.push(b);
        else if (b === null) next.push(a);
        else if (typeof a === 'string' && typeof b === 'string') next.push(a + b);
        else if (typeof a === 'number' && typeof b === 'number') next.push(a + b);
      }
    acc = next;
  }
  return acc;
}
