import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const fixture = join(here, 'cleanup-fixture/interrupted-run.ts');

interface Ready {
  baseUrl: string;
  specPid: number;
  specFolder: string;
}

let run: ChildProcess | undefined;
let fakeDist: string | undefined;
afterEach(() => {
  if (run?.pid && run.exitCode === null) run.kill('SIGKILL');
  if (fakeDist) rmSync(fakeDist, { recursive: true, force: true });
});

/** Start the real global setup in a process of its own and wait for its "ready" line. */
async function startRun(): Promise<{ ready: Ready; exited: Promise<unknown> }> {
  fakeDist = mkdtempSync(join(tmpdir(), 'didban-fake-dist-'));
  writeFileSync(join(fakeDist, 'index.html'), '<!doctype html><title>Didban</title>');
  run = spawn(process.execPath, ['--conditions=didban-source', '--import', 'tsx', fixture], {
    cwd: here,
    env: { ...process.env, E2E_WEB_DIST: fakeDist },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((done) => run?.once('exit', done));
  let output = '';
  const ready = await new Promise<Ready>((done, fail) => {
    run?.stdout?.on('data', (chunk) => {
      output += chunk;
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) done(JSON.parse(line) as Ready);
    });
    run?.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    run?.once('exit', (code) => fail(new Error(`the run exited (${code}) before it was ready:\n${output}`)));
  });
  return { ready, exited };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const answers = async (url: string) => {
  try {
    await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
};

describe('an interrupted browser-test run', () => {
  // Ctrl+C; SIGTERM and a normal exit take the same path (support/exit-cleanup.ts).
  it('leaves no server, no process a spec started and no folder behind on Ctrl+C (SIGINT)', async () => {
    const { ready, exited } = await startRun();
    expect(await answers(ready.baseUrl)).toBe(true);
    expect(alive(ready.specPid)).toBe(true);
    expect(existsSync(ready.specFolder)).toBe(true);

    run?.kill('SIGINT');
    await exited;

    await expect.poll(() => answers(ready.baseUrl), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => alive(ready.specPid), { timeout: 15_000 }).toBe(false);
    // The spec's folder lived under the run's own TMPDIR, removed with it.
    expect(existsSync(ready.specFolder)).toBe(false);
    expect(existsSync(dirname(ready.specFolder))).toBe(false);
  }, 180_000);
});
