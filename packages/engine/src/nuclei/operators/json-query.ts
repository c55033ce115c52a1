/**
 * The subset of jq that Nuclei json extractors use: `.a.b`, `.["a"]`, `.[0]`, `.[]`, `.a[]`,
 * pipes `|`, `keys`, `length`, `select(.x == "y")` with ==/!=, and `,` alternatives.
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
