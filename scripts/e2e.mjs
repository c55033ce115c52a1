#!/usr/bin/env node
// `pnpm test:e2e`: build the web panel and the worker's bundle, then run the browser tests
// (tests/e2e) against the real server serving it, with workers started from the bundle as a
// built installation runs them (the unit tests ran them from source). Part of `pnpm test`.
//
// The two builds run at once (vite spends much of its time in one process, the worker's esbuild
// in another), and each is skipped when its output is newer than every file it is built from:
// the worker's own stamp (apps/worker/bin/freshness.mjs), and for the panel a stamp this script
// writes into apps/web/dist after a build (vite empties dist/, so any other build removes it).
// DIDBAN_E2E_REBUILD=1 builds both anyway.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestSource as newestWorkerSource } from '../apps/worker/bin/freshness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const force = process.env.DIDBAN_E2E_REBUILD === '1';

/** Run pnpm with `args`; resolves to its exit status. */
const pnpm = (args) =>
  new Promise((done) => {
    const child = spawn('pnpm', args, { cwd: root, stdio: 'inherit' });
    child.once('error', () => done(1));
    child.once('exit', (code) => done(code ?? 1));
  });

/** Newest modification time under `paths` (relative to the repo), skipping dist and node_modules. */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
      }
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const path of paths) if (existsSync(join(root, path))) visit(join(root, path));
  return latest;
}

// What the panel's bundle is made of: the web app (sources, public files, index.html, configs),
// core's sources, the root's TypeScript settings and the lockfile.
const WEB_SOURCES = [
  'apps/web',
  'packages/core/src',
  'packages/core/package.json',
  'tsconfig.base.json',
  'pnpm-lock.yaml',
];
const WEB_STAMP = join(root, 'apps/web/dist/.e2e-build-stamp.json');

function webIsCurrent() {
  if (force || !existsSync(join(root, 'apps/web/dist/index.html'))) return false;
  try {
    return newest(WEB_SOURCES) <= JSON.parse(readFileSync(WEB_STAMP, 'utf8')).newest;
  } catch {
    return false;
  }
}

function workerIsCurrent() {
  if (force) return false;
  try {
    const stamp = JSON.parse(readFileSync(join(root, 'apps/worker/dist/build-stamp.json'), 'utf8'));
    return newestWorkerSource() <= stamp.newest;
  } catch {
    return false;
  }
}

async function buildWeb() {
  if (webIsCurrent()) {
    console.log('apps/web/dist is up to date: not rebuilt.');
    return 0;
  }
  const before = newest(WEB_SOURCES);
  const status = await pnpm(['--filter', '@didban/web', 'build']);
  if (status === 0) writeFileSync(WEB_STAMP, JSON.stringify({ newest: before }));
  return status;
}

async function buildWorker() {
  if (workerIsCurrent()) {
    console.log('apps/worker/dist is up to date: not rebuilt.');
    return 0;
  }
  return pnpm(['--filter', '@didban/worker', 'build']);
}

if (!existsSync(join(root, 'tests/e2e/package.json'))) {
  console.log('No browser test suite in this checkout (tests/e2e).');
  process.exit(0);
}
const builds = await Promise.all([buildWeb(), buildWorker()]);
const failed = builds.find((status) => status !== 0);
if (failed !== undefined) process.exit(failed);
process.exit(await pnpm(['--filter', '@didban/tests-e2e', 'test']));
