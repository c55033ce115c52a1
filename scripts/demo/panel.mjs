// The built panel, built first when a fresh clone has none (shared by `pnpm start` and `pnpm demo`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Builds apps/web when it has no dist yet; returns the dist folder, or null in a checkout without the panel. */
export function ensurePanelBuilt(root) {
  const webDir = join(root, 'apps/web');
  const webDist = join(webDir, 'dist');
  if (!existsSync(join(webDir, 'package.json'))) return null;
  if (!existsSync(join(webDist, 'index.html'))) {
    console.log('Building the web panel (first start)…');
    const built = spawnSync('pnpm', ['--filter', '@didban/web', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  return webDist;
}
