#!/usr/bin/env node
// `pnpm test:e2e`: build the web panel and the worker's bundle, then run the browser tests
// (tests/e2e) against the real server serving it, with workers started from the bundle as a
// built installation runs them (the unit tests ran them from source). Part of `pnpm test`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (args) => {
  const result = spawnSync('pnpm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(join(root, 'tests/e2e/package.json'))) {
  console.log('No browser test suite in this checkout (tests/e2e).');
  process.exit(0);
}
run(['--filter', '@didban/web', 'build']);
run(['--filter', '@didban/worker', 'build']);
run(['--filter', '@didban/tests-e2e', 'test']);
