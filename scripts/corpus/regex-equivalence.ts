/**
 * Checks the engine's native-RegExp path against Go semantics on the corpus's own patterns: every
 * distinct matcher/extractor regex of `http/` that the engine runs as a JavaScript RegExp is run
 * with findAll over a set of bodies and compared, match by match and group by group, with RE2JS
 * (a port of Go's RE2). Prints the patterns on each path and every difference found.
 *
 *   node --conditions=didban-source --import tsx scripts/corpus/regex-equivalence.ts <templates-dir>
 */
import { compileGoRegex } from '../../packages/engine/src/index.js';
import { requiredLiterals } from '../../packages/engine/src/nuclei/regex/required-literal.js';
import { hasOnlyTrailingQuantifier } from '../../packages/engine/src/nuclei/regex/translate-go-regex.js';
import { corpusRegexes, RE2JS } from './corpus-regexes.js';

const root = process.argv[2];
if (!root) throw new Error('usage: regex-equivalence.ts <templates-dir>');
const patterns = corpusRegexes(root);

// Byte strings, as the engine reads responses: headers, HTML, JSON, scripts, binary-ish bytes.
const latin1 = Array.from({ length: 256 }, (_, i) => String.fromCharCode(i)).join('');
const bodies = [
  'HTTP/1.1 200 OK\r\nServer: Apache/2.4.49 (Unix)\r\nX-Powered-By: PHP/7.4.3\r\nSet-Cookie: PHPSESSID=abc123; path=/\r\nContent-Type: text/html; charset=UTF-8\r\n\r\n',
  Array.from(
    { length: 300 },
    (_, i) =>
      `<div class="item-${i}"><a href="/wp-content/plugins/p${i}/readme.txt">Item ${i}</a> version: 1.${i % 50}.3 Stable tag: 2.${i} <title>T${i}</title> "version":"3.${i}" <meta name="generator" content="WordPress 6.${i % 9}"></div>`,
  ).join('\n'),
  '{"version":"1.2.3","name":"app","token":"eyJhbGciOiJIUzI1NiJ9.e30.x","aws_access_key_id":"AKIAABCDEFGHIJKLMNOP"}',
  `root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n[core]\n\trepositoryformatversion = 0\nDB_PASSWORD=secret\nAPP_KEY=base64:abc=\n`,
  `${latin1}${latin1.toUpperCase()}`,
];

let native = 0;
let trailing = 0;
let differences = 0;
let matchedPairs = 0;
for (const p of patterns) {
  let re: ReturnType<typeof compileGoRegex>;
  try {
    re = compileGoRegex(p);
  } catch {
    continue;
  }
  if (re.engine !== 'js') continue;
  native++;
  if (hasOnlyTrailingQuantifier(p)) trailing++;
  const go = RE2JS.compile(p);
  // Bodies made for this pattern too: its required literals followed by varied text, so most
  // patterns are compared on a body where they match, not only where they fail.
  const literals = requiredLiterals(p, false)?.texts ?? [];
  const own = literals.map(
    (l) => `x${l}1.2.3-beta_4 "q" 'v'\t<b>${l.toUpperCase()}abc/def\r\n${l}${l} ${l}\u00e9\u00ff\nend`,
  );
  for (const body of [...bodies, ...own]) {
    const ours = JSON.stringify(re.findAll(body).map((m) => m.groups));
    const theirs: (string | null)[][] = [];
    const m = go.matcher(body);
    while (m.find()) theirs.push(Array.from({ length: m.groupCount() + 1 }, (_, g) => m.group(g)));
    if (theirs.length > 0) matchedPairs++;
    if (ours !== JSON.stringify(theirs.map((g) => g.map((x) => x ?? undefined)))) {
      differences++;
      console.log(
        `DIFF ${p}\n  ours   ${ours.slice(0, 200)}\n  RE2    ${JSON.stringify(theirs).slice(0, 200)}`,
      );
    }
  }
}
console.log(
  `${patterns.size} distinct regexes in http/: ${native} native (${trailing} with one trailing quantifier), ${patterns.size - native} on RE2; ${differences} differences over ${bodies.length} shared bodies and each pattern's own (${matchedPairs} pattern × body pairs with a match)`,
);
