#!/usr/bin/env node
// Runs the esbuild bundle in dist/ when `pnpm --filter didban build` made one from the current
// sources (~10× faster start: no on-the-fly compiling, no module resolution hooks); otherwise the
// TypeScript source through tsx, so editing a file never runs stale code.
// DIDBAN_CLI_FROM_SOURCE=1 forces the source.
import { readFileSync } from 'node:fs';
import { newestSource } from './freshness.mjs';

const dist = new URL('../dist/', import.meta.url);

function bundleIsCurrent() {
  if (process.env.DIDBAN_CLI_FROM_SOURCE === '1') return false;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(new URL('build-stamp.json', dist), 'utf8'));
  } catch {
    return false;
  }
  try {
    return newestSource() <= stamp.newest;
  } catch {
    // No sources beside it: the installed package (`npm i -g didban-*.tgz`), where the bundle
    // is all there is.
    return true;
  }
}

let entry;
if (bundleIsCurrent()) entry = new URL('main.js', dist).href;
else {
  const { register } = await import('tsx/esm/api');
  register();
  entry = '../src/main.ts';
}
const { main, fatalText } = await import(entry);

/**
 * Resolves once everything written so far has left the process. `process.exit` right after a
 * large write cut a pipe at 64 KiB (the pipe buffer): the rest sat in Node's queue. A reader that
 * went away (`| head`) counts as drained.
 */
function drained(stream) {
  return new Promise((resolve) => {
    if (stream.destroyed || stream.writableEnded) return resolve();
    stream.once('error', resolve);
    stream.write('', () => resolve());
  });
}

async function finish(code) {
  process.exitCode = code;
  await Promise.all([drained(process.stdout), drained(process.stderr)]);
  // Output is out: nothing else (an idle keep-alive socket, a poll timer) may hold the exit back.
  process.exit(code);
}

// A reader that closed early (`didban … | head -1`) is not an error of ours.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
}

// An error thrown from a library's event handler bypasses `run`; it still gets one line.
const fatal = async (error) => {
  process.stderr.write(await fatalText(error));
  await finish(3);
};
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);

await finish(await main());
