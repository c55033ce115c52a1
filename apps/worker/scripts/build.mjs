#!/usr/bin/env node
// `pnpm --filter @didban/worker build`: bundle the worker with esbuild into dist/ and stamp which
// sources it was built from. bin/didban-worker.mjs runs the bundle only while that stamp is current,
// else the TypeScript sources through tsx, so a bundle never runs stale code. The bundle starts
// faster and holds less memory (no compiler or module hooks in the process; stack traces of the
// errors undici makes for every closed socket are not source-mapped): docs/benchmarks.md.
// `node scripts/build.mjs <folder>` builds into another folder (tests).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { newestSource, SOURCE_ROOTS } from '../bin/freshness.mjs';
import { BUNDLE_BANNER, BUNDLE_EXTERNALS } from './bundle-options.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = process.argv[2] ? resolve(process.argv[2]) : join(here, '../dist');
const started = Date.now();
const newest = newestSource();
const { version } = JSON.parse(readFileSync(join(here, '../package.json'), 'utf8'));

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: { 'didban-worker': join(here, '../src/cli.ts') },
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  conditions: ['didban-source'],
  outdir: dist,
  define: { __DIDBAN_WORKER_VERSION__: JSON.stringify(version) },
  external: BUNDLE_EXTERNALS,
  banner: BUNDLE_BANNER,
  logLevel: 'warning',
});
writeFileSync(join(dist, 'build-stamp.json'), `${JSON.stringify({ newest, roots: SOURCE_ROOTS })}\n`);
console.log(`built ${dist} in ${Date.now() - started} ms`);
