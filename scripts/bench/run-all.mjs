#!/usr/bin/env node
// `pnpm bench`: run every benchmark under scripts/bench that exists in this checkout, in turn.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const entries = [];
for (const name of readdirSync(here).sort()) {
  if (name === 'run-all.mjs' || name === 'lib') continue;
  const file = join(here, name);
  if (/\.(mjs|ts)$/.test(name)) entries.push(file);
  else
    for (const main of ['run.mjs', 'run.ts', 'index.mjs', 'index.ts'])
      if (existsSync(join(file, main))) entries.push(join(file, main));
}
let failed = 0;
for (const entry of entries) {
  console.log(`\n=== ${entry.slice(here.length + 1)} ===`);
  const args = entry.endsWith('.ts') ? ['--conditions=didban-source', '--import', 'tsx', entry] : [entry];
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
