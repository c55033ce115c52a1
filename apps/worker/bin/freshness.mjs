// Which sources a bundle in dist/ was built from, and whether any changed since. Plain JavaScript
// beside the bin: it runs before tsx could be loaded, on every start (a few ms). The CLI's bin has
// its own copy (apps/cli/bin/freshness.mjs): each package ships alone.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** What goes into the bundle: the worker, core and engine sources, and the lockfile (dependencies). */
export const SOURCE_ROOTS = ['apps/worker/src', 'packages/core/src', 'packages/engine/src', 'pnpm-lock.yaml'];

export function newestSource() {
  let newest = 0;
  const visit = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const root of SOURCE_ROOTS) visit(join(ROOT, root));
  return newest;
}
