#!/usr/bin/env node
// `pnpm start`: Didban on its embedded default — the API server on PGlite in DIDBAN_DATA_DIR
// (default ~/.didban), serving the built web panel on the same port. Builds the panel first
// when it has not been built. Ctrl-C stops everything cleanly.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePanelBuilt } from './demo/panel.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webDist = ensurePanelBuilt(root);

const env = { ...process.env };
if (!env.DIDBAN_WEB_DIST && webDist) env.DIDBAN_WEB_DIST = webDist;

// --max-semi-space-size: the built-in worker runs the engine in this process, and a larger young
// generation saves it a quarter of its CPU per request (docs/benchmarks.md, engine).
const server = spawn(
  process.execPath,
  [
    '--max-semi-space-size=64',
    '--conditions=didban-source',
    '--import',
    'tsx',
    join(root, 'apps/server/src/main.ts'),
  ],
  { cwd: join(root, 'apps/server'), env, stdio: 'inherit' },
);

// Forward Ctrl-C / SIGTERM once; the server finishes requests in flight and closes the database.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
