#!/usr/bin/env node
// `pnpm test:unit`: every project of vitest.config.ts (unit, API on PGlite and PostgreSQL, engine
// against lab sockets, CLI binary, conformance). Arguments pass through to vitest.
// In CI a failed test runs once more: two test files share two cores with their labs, servers and
// Chromiums, and a few tests are bound to wall-clock time (a deadline, a polling page). A test that
// fails twice fails the run; vitest names each test that passed only on its retry. `retry` given in
// the root config does not reach file-based projects, the command-line flag does.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const retry = process.env.CI ? ['--retry', '1'] : [];
const result = spawnSync('pnpm', ['exec', 'vitest', 'run', ...retry, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
