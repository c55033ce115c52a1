/**
 * Regex engine throughput on the corpus's own patterns: every distinct matcher/extractor regex of
 * the `http/` templates, run over a realistic 64 KB HTML page, with today's engine (RE2 unless
 * quantifier-free) beside the previous path (JavaScript RegExp unless a nested quantifier was
 * spotted). Also times each engine on a 200 KB one-line script, where backtracking is quadratic
 * (only patterns the old path sent to JavaScript and that finished are counted for the old path),
 * and the RE2 patterns once more without the required-literal pre-check.
 *
 *   node --conditions=didban-source --import tsx scripts/corpus/regex-bench.ts <templates-dir>
 */
import { loadavg } from 'node:os';
import { compileGoRegex } from '../../packages/engine/src/index.js';
import {
  mayBacktrackCatastrophically,
  translateGoRegex,
} from '../../packages/engine/src/nuclei/regex/translate-go-regex.js';
import { corpusRegexes, RE2JS } from './corpus-regexes.js';

const root = process.argv[2];
if (!root) throw new Error('usage: regex-bench.ts <templates-dir>');
const patterns = corpusRegexes(root);

const oldPath = (p: string): { test(s: string): boolean } | undefined => {
  const tr = mayBacktrackCatastrophically(p) ? undefined : translateGoRegex(p);
  if (!tr) return undefined;
  try {
    return new RegExp(tr.source, tr.flags);
  } catch {
    return undefined;
  }
};

const page = Array.from(
  { length: 1200 },
  (_, i) =>
    `<div class="item-${i}"><a href="/wp-content/plugins/p${i}/readme.txt">Item ${i}</a> version: 1.${i % 50}.3 <span>lorem ipsum dolor</span></div>`,
)
  .join('\n')
  .slice(0, 64 * 1024);
const line = `var a="${'abcdefghij'.repeat(20_000)}";`;

function time(
  engine: (p: string) => { test(s: string): boolean } | undefined,
  body: string,
  skipSlowOld = false,
  only?: ReadonlySet<string>,
) {
  let total = 0;
  let count = 0;
  let worst = 0;
  let worstPattern = '';
  for (const p of patterns) {
    if (skipSlowOld && mayBeQuadratic(p)) continue;
    if (only && !only.has(p)) continue;
    const re = engine(p);
    if (!re) continue;
    re.test(''); // RE2 programs are built at first use: not part of the match time
    const started = process.hrtime.bigint();
    re.test(body);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    total += ms;
    count++;
    if (ms > worst) {
      worst = ms;
      worstPattern = p;
    }
  }
  return { count, totalMs: Math.round(total), worstMs: Math.round(worst), worstPattern };
}
// The old path hangs for minutes on a long line with any quantified pattern; only its
// quantifier-free patterns are timed there.
const mayBeQuadratic = (p: string) => /[*+?{]/.test(p);

const newEngine = (p: string) => {
  try {
    return compileGoRegex(p);
  } catch {
    return undefined;
  }
};
const re2Count = [...patterns].filter((p) => newEngine(p)?.engine === 're2').length;
console.log(
  `${patterns.size} distinct regexes in http/ (${re2Count} on RE2, ${patterns.size - re2Count} native)`,
);
// The same engine without the required-literal pre-check: RE2's NFA on every RE2 pattern.
const withoutPrecheck = (p: string) => {
  const re = newEngine(p);
  if (re?.engine !== 're2') return re;
  const prog = RE2JS.compile(p);
  return { test: (s: string) => prog.matcher(s.slice(0, 1024 * 1024)).find() };
};
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (2 CPUs shared by 6 engineers)`,
);
console.log('64 KB HTML page, new engine:', time(newEngine, page));
// Without the pre-check RE2 costs 1–2 µs a character for each pattern: timed on every 8th RE2
// pattern (the same ones with and without), so the bench stays within minutes.
const sample = new Set(
  [...patterns].filter((p) => newEngine(p)?.engine === 're2').filter((_, i) => i % 8 === 0),
);
console.log(
  `64 KB HTML page, ${sample.size} RE2 patterns (every 8th), with the literal pre-check:`,
  time(newEngine, page, false, sample),
);
console.log(
  '64 KB HTML page, the same RE2 patterns without the pre-check:',
  time(withoutPrecheck, page, false, sample),
);
console.log('64 KB HTML page, old path  :', time(oldPath, page));
console.log('200 KB one-line script, new engine:', time(newEngine, line));
console.log(
  '200 KB one-line script, the sampled RE2 patterns with the pre-check:',
  time(newEngine, line, false, sample),
);
console.log(
  '200 KB one-line script, the same without the pre-check:',
  time(withoutPrecheck, line, false, sample),
);
