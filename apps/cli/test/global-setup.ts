import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The binary tests run what a user runs: bin/didban.mjs with a current bundle in dist/. Building
 * first (esbuild, a few seconds) also makes those tests several times faster than compiling the
 * source on every spawn. The source path is covered by the in-process tests and the bin's
 * fallback is exercised whenever dist/ is stale.
 */
export default function setup() {
  execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/build.mjs', import.meta.url))], {
    stdio: 'inherit',
  });
}
