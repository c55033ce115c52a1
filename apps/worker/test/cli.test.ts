import { execFile, spawn } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const workerDir = new URL('..', import.meta.url).pathname;
const bin = ['bin/didban-worker.mjs'];

async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

describe('didban-worker', () => {
  it('documents its flags with the spec §9 defaults', async () => {
    const { stdout } = await run(process.execPath, [...bin, '--help'], { cwd: workerDir });
    expect(stdout).toContain('--task-interval <seconds>');
    expect(stdout).toMatch(/seconds between polls when idle \(default: 15/);
    expect(stdout).toMatch(/tasks run at once \(default: 5/);
    expect(stdout).toMatch(/--wappalyzer-timeout[\s\S]*default: 5/);
    expect(stdout).toMatch(/--naabu-timeout[\s\S]*default: 0/);
    expect(stdout).toMatch(/--httpx-timeout[\s\S]*default:\s+5/);
    expect(stdout).toMatch(/--rate-limit <n>[\s\S]*default:\s+150/);
    expect(stdout).toContain('DIDBAN_RESOLVERS');
  }, 60_000);

  it('refuses to start without a server URL or a key', async () => {
    const { DIDBAN_SERVER_URL: _unset, ...env } = process.env;
    const failure = await run(process.execPath, [...bin, '--key', 'k'], { cwd: workerDir, env }).catch(
      (e) => e,
    );
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain("required option '--server <url>' not specified");
    const notUrl = await run(process.execPath, [...bin, '--server', '', '--key', 'k'], {
      cwd: workerDir,
    }).catch((e) => e);
    expect(notUrl.code).toBe(1);
    expect(notUrl.stderr).toContain('expected an http:// or https:// URL');
    const badNumber = await run(
      process.execPath,
      [...bin, '--server', 'http://x', '--key', 'k', '--concurrency', '0'],
      {
        cwd: workerDir,
      },
    ).catch((e) => e);
    expect(badNumber.code).toBe(1);
    expect(badNumber.stderr).toContain('expected a whole number ≥ 1');
    const badSource = await run(
      process.execPath,
      [...bin, '--server', 'http://x', '--key', 'k', '--provider', 'crt.sh'],
      {
        cwd: workerDir,
      },
    ).catch((e) => e);
    expect(badSource.code).toBe(1);
    expect(badSource.stderr).toContain("Unknown passive source 'crt.sh'.");
  }, 60_000);

  it('waits out an unreachable server with growing backoff and stops cleanly on SIGTERM', async () => {
    const port = await closedPort();
    const child = spawn(process.execPath, bin, {
      cwd: workerDir,
      env: { ...process.env, DIDBAN_SERVER_URL: `http://127.0.0.1:${port}`, DIDBAN_WORKER_KEY: 'dwk_test' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const deadline = Date.now() + 30_000;
    while ((stderr.match(/ retry /g) ?? []).length < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const waits = [...stderr.matchAll(/"action":"hello".*?"waitMs":(\d+)/g)].map((m) => Number(m[1]));
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toContain('SIGTERM: stopping');
  }, 60_000);
});
