/**
 * `pnpm corpus <templates-dir> [--json]`: loads a nuclei-templates checkout with the engine's own
 * loader (as a scan would) and prints, per top-level folder (http, dns, network, …), how many
 * templates compile, how many run without an out-of-band (interactsh) server, how many need one
 * and how many need the self-contained flag — then one row per reason code for every template the
 * engine cannot run. Also prints load time and peak memory. See docs/corpus.md.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { loadTemplateFiles } from '../../packages/engine/src/index.js';

const args = process.argv.slice(2);
const json = args.includes('--json');
// `--only http,dns`: load just these top-level folders (payloads still resolve from the root).
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? new Set((args[onlyIndex + 1] ?? '').split(',')) : undefined;
const dirArg = args.find((a, i) => !a.startsWith('--') && (onlyIndex < 0 || i !== onlyIndex + 1));
if (!dirArg) {
  console.error('usage: pnpm corpus <templates-dir> [--only http,dns] [--json]');
  process.exit(2);
}
const root = resolve(dirArg);
// Folders nuclei itself does not load as templates.
const SKIP = new Set(['.github', 'helpers', 'profiles', '.git', 'node_modules']);
const folders = readdirSync(root)
  .filter((n) => !SKIP.has(n) && !n.startsWith('.') && statSync(join(root, n)).isDirectory())
  .filter((n) => !only || only.has(n))
  .sort();

interface Row {
  total: number;
  compiled: number;
  plain: number;
  interactsh: number;
  selfContained: number;
}
const rows = new Map<string, Row>();
const reasons = new Map<string, { count: number; byFolder: Map<string, number>; example: string }>();
const folderOf = (path: string) => relative(root, path).split(sep)[0] ?? '';
const row = (folder: string): Row => {
  let r = rows.get(folder);
  if (!r) {
    r = { total: 0, compiled: 0, plain: 0, interactsh: 0, selfContained: 0 };
    rows.set(folder, r);
  }
  return r;
};
const addReason = (code: string, path: string | undefined) => {
  const folder = path ? folderOf(path) : '?';
  let r = reasons.get(code);
  if (!r) {
    r = { count: 0, byFolder: new Map(), example: relative(root, path ?? '') };
    reasons.set(code, r);
  }
  r.count++;
  r.byFolder.set(folder, (r.byFolder.get(folder) ?? 0) + 1);
  row(folder).total++;
};

const started = process.hrtime.bigint();
const result = loadTemplateFiles(
  folders.map((f) => join(root, f)),
  { templatesRoot: root },
);
const loadMs = Number(process.hrtime.bigint() - started) / 1e6;
const peakMb = process.resourceUsage().maxRSS / 1024;

for (const t of result.templates) {
  const r = row(t.path ? folderOf(t.path) : '?');
  r.total++;
  r.compiled++;
  if (t.needsInteractsh) r.interactsh++;
  else if (t.selfContained) r.selfContained++;
  else r.plain++;
}
for (const r of result.rejected) addReason(r.code, r.path);
for (const i of result.invalid) addReason(i.code, i.path);

const pct = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)} %`);
const all: Row = { total: 0, compiled: 0, plain: 0, interactsh: 0, selfContained: 0 };
for (const r of rows.values()) for (const k of Object.keys(all) as (keyof Row)[]) all[k] += r[k];

if (json) {
  console.log(
    JSON.stringify(
      {
        root,
        loadMs: Math.round(loadMs),
        peakRssMb: Math.round(peakMb),
        folders: Object.fromEntries(rows),
        all,
        reasons: Object.fromEntries(
          [...reasons].map(([code, r]) => [
            code,
            { count: r.count, byFolder: Object.fromEntries(r.byFolder), example: r.example },
          ]),
        ),
      },
      null,
      2,
    ),
  );
} else {
  console.log(
    `corpus ${root}: ${all.total} files loaded in ${(loadMs / 1000).toFixed(2)} s, peak RSS ${peakMb.toFixed(0)} MB`,
  );
  console.log('');
  console.log(
    ['folder', 'files', 'compile', 'runnable', '+interactsh', 'self-contained', 'runnable w/ oast'].join(
      '\t',
    ),
  );
  for (const [folder, r] of [...[...rows].sort(([a], [b]) => a.localeCompare(b)), ['ALL', all] as const]) {
    console.log(
      [
        folder,
        r.total,
        pct(r.compiled, r.total),
        pct(r.plain, r.total),
        pct(r.interactsh, r.total),
        pct(r.selfContained, r.total),
        pct(r.compiled, r.total),
      ].join('\t'),
    );
  }
  console.log('');
  console.log(['reason', 'count', 'by folder', 'example'].join('\t'));
  for (const [code, r] of [...reasons].sort((a, b) => b[1].count - a[1].count)) {
    const by = [...r.byFolder].map(([f, n]) => `${f}:${n}`).join(' ');
    console.log([code, r.count, by, r.example].join('\t'));
  }
}
