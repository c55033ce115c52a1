#!/usr/bin/env node
// Runs the esbuild bundle in dist/ when `pnpm --filter @didban/worker build` made one from the
// current sources (less memory, a faster start); otherwise the TypeScript sources through tsx, so
// editing a file never runs stale code. DIDBAN_WORKER_FROM_SOURCE=1 forces the sources.
import { readFileSync } from 'node:fs';
import { newestSource } from './freshness.mjs';

const dist = new URL('../dist/', import.meta.url);

function bundleIsCurrent() {
  if (process.env.DIDBAN_WORKER_FROM_SOURCE === '1') return false;
  try {
    const stamp = JSON.parse(readFileSync(new URL('build-stamp.json', dist), 'utf8'));
    return newestSource() <= stamp.newest;
  } catch {
    return false;
  }
}

if (bundleIsCurrent()) await import(new URL('didban-worker.js', dist).href);
else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
