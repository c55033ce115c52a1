/**
 * A script's obvious endpoints: URLs passed to `fetch(…)`, `XMLHttpRequest#open(method, …)`,
 * jQuery's `$.get/$.post/$.ajax`, `axios.get/post…`, and string literals that look like API
 * paths (`/api/…`, `/v1/…`, `/rest/…`, `/graphql`). Only literals: a URL built at run time is
 * not guessed. For a `fetch` with `method: 'POST'` and `body: JSON.stringify({ a: …, b: … })`
 * the keys become the JSON body's parameters.
 */

export interface ScriptCall {
  method: string;
  /** As written: absolute, root-relative or relative. */
  url: string;
  /** JSON body keys, when the call's body is an object literal passed to JSON.stringify. */
  jsonKeys?: string[];
}

const MAX_CALLS = 500;
const STRING = String.raw`(?:'([^'\n\\]{1,2048})'|"([^"\n\\]{1,2048})"|\x60([^\x60$\n\\]{1,2048})\x60)`;

const CALL_PATTERNS: { re: RegExp; method?: string }[] = [
  { re: new RegExp(String.raw`\bfetch\s*\(\s*${STRING}`, 'g') },
  { re: new RegExp(String.raw`\.open\s*\(\s*['"](\w+)['"]\s*,\s*${STRING}`, 'g') },
  {
    re: new RegExp(
      String.raw`(?:\$|jQuery|axios)\s*\.\s*(get|post|put|delete|patch|getJSON)\s*\(\s*${STRING}`,
      'g',
    ),
  },
  { re: new RegExp(String.raw`(?:\$|jQuery)\s*\.\s*ajax\s*\(\s*\{[^}]{0,300}?\burl\s*:\s*${STRING}`, 'g') },
];
const API_LITERAL = /['"\x60](\/(?:api|v\d+|rest|graphql|ajax|ws)(?:[/?][^'"\x60\s<>\\]{0,2048})?)['"\x60]/g;

/** Keys of the object literal right after `JSON.stringify(` in `text` (top level only). */
function objectKeys(text: string): string[] | undefined {
  const start = /JSON\.stringify\s*\(\s*\{/.exec(text);
  if (!start) return undefined;
  const keys: string[] = [];
  let depth = 1;
  let i = start.index + start[0].length;
  let token = '';
  for (; i < text.length && depth > 0; i++) {
    const c = text[i]!;
    if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') depth--;
    if (depth === 1 && (c === ',' || c === '{')) token = '';
    else if (depth === 1 && c === ':') {
      const key = /['"]?([\w$-]+)['"]?\s*$/.exec(token)?.[1];
      if (key && !keys.includes(key)) keys.push(key);
      token = '';
    } else if (depth === 1) token += c;
  }
  return keys;
}

export function scriptEndpoints(source: string): ScriptCall[] {
  const calls: ScriptCall[] = [];
  const seen = new Set<string>();
  const add = (call: ScriptCall) => {
    const key = `${call.method} ${call.url}`;
    if (calls.length >= MAX_CALLS || seen.has(key) || /^(?:data|blob|javascript):/i.test(call.url)) return;
    seen.add(key);
    calls.push(call);
  };
  for (const { re } of CALL_PATTERNS) {
    for (const m of source.matchAll(re)) {
      const groups = m.slice(1).filter((g) => g !== undefined);
      // `.open('POST', url)` and `$.post(url)` carry the method; fetch's is in its options.
      let method = 'GET';
      let url = groups[groups.length - 1]!;
      if (groups.length === 2)
        method = groups[0]!.toUpperCase() === 'GETJSON' ? 'GET' : groups[0]!.toUpperCase();
      else if (m[0].startsWith('fetch')) {
        // The options object, if any: the next few hundred characters up to the call's end.
        const rest = source.slice(m.index! + m[0].length, m.index! + m[0].length + 600);
        const options = /^\s*,\s*\{([\s\S]*)/.exec(rest)?.[1] ?? '';
        method = /\bmethod\s*:\s*['"](\w+)['"]/.exec(options)?.[1]?.toUpperCase() ?? 'GET';
        const jsonKeys = method !== 'GET' && /\bbody\s*:/.test(options) ? objectKeys(options) : undefined;
        url = url.trim();
        add({ method, url, ...(jsonKeys?.length ? { jsonKeys } : {}) });
        continue;
      }
      add({ method, url: url.trim() });
    }
  }
  for (const m of source.matchAll(API_LITERAL)) {
    const url = m[1]!;
    if (![...seen].some((k) => k.endsWith(` ${url}`))) add({ method: 'GET', url });
  }
  return calls;
}
