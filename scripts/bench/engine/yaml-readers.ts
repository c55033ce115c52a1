/**
 * The subset YAML reader beside js-yaml on every YAML file of a folder (a nuclei-templates
 * checkout): how many files the subset reader answers, whether its data ever differs from
 * js-yaml's (it must not), and the time of each reader over all files (best and median of 8 passes,
 * files read into memory first), and both as the loader uses them (subset first, js-yaml for the rest):
 *   node --conditions=didban-source --import tsx scripts/bench/engine/yaml-readers.ts <folder>
 * Exits 1 on any difference. No corpus is committed: unpack one outside the repository.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fastLoad, jsYamlLoad } from '../../../packages/core/src/templates/fast-yaml.js';
import { subsetLoad } from '../../../packages/core/src/templates/subset-yaml.js';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: yaml-readers.ts <folder>');
  process.exit(2);
}

const paths: string[] = [];
const walk = (dir: string) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (/\.ya?ml$/.test(entry.name)) paths.push(path);
  }
};
walk(resolve(folder));
const texts = paths.map((p) => readFileSync(p, 'utf8'));

let answered = 0;
const differing: string[] = [];
texts.forEach((text, i) => {
  const data = subsetLoad(text);
  if (data === undefined) return;
  answered++;
  if (!isDeepStrictEqual(data, jsYamlLoad(text))) differing.push(paths[i]!);
});

function time(read: (text: string) => unknown): { best: number; median: number } {
  const passes: number[] = [];
  for (let pass = 0; pass < 8; pass++) {
    const started = performance.now();
    for (const text of texts) read(text);
    passes.push(performance.now() - started);
  }
  passes.sort((a, b) => a - b);
  return { best: passes[0]!, median: passes[4]! };
}

// Alternating, so neither reader always runs on a warmer or a busier machine.
const js1 = time(jsYamlLoad);
const subset1 = time(subsetLoad);
const js2 = time(jsYamlLoad);
const subset2 = time(subsetLoad);
const both = time(fastLoad);
const js = Math.min(js1.median, js2.median);
const subset = Math.min(subset1.median, subset2.median);
const mb = texts.reduce((n, t) => n + t.length, 0) / 2 ** 20;

console.log(`files:            ${texts.length} (${mb.toFixed(1)} MB)`);
console.log(
  `subset answered:  ${answered} (${((100 * answered) / texts.length).toFixed(1)} %), the rest read by js-yaml`,
);
console.log(`differing data:   ${differing.length}${differing.length ? ` (first: ${differing[0]})` : ''}`);
console.log(
  `js-yaml:          median ${js.toFixed(0)} ms over all files (best ${Math.min(js1.best, js2.best).toFixed(0)})`,
);
console.log(
  `subset reader:    median ${subset.toFixed(0)} ms (best ${Math.min(subset1.best, subset2.best).toFixed(0)}), ${(js / subset).toFixed(2)}× js-yaml's speed`,
);
console.log(
  `as the loader reads (subset, else js-yaml): median ${both.median.toFixed(0)} ms, ${(js / both.median).toFixed(2)}× js-yaml alone`,
);
process.exit(differing.length > 0 ? 1 : 0);
