// Start the real Didban server as a child process for benchmarks, on a free port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Spawn the server (apps/server/src/main.ts) on `port`; nothing is waited for. */
export function spawnServer(port, env = {}, stdio = ['ignore', 'ignore', 'inherit']) {
  return spawn(
    process.execPath,
    ['--conditions=didban-source', '--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')],
    {
      cwd: join(ROOT, 'apps/server'),
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
      stdio,
    },
  );
}

/**
 * Resolves once `url`/readyz answers; rejects when the time is up, or at once when `child` (if
 * given) has exited.
 */
export async function waitReady(url, { timeoutMs = 60_000, child, name = 'server' } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${name} did not start within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startServerProcess(env = {}, { startTimeoutMs = 60_000 } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'didban-bench-'));
  const child = spawnServer(port, { DIDBAN_DATA_DIR: dataDir, ...env });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url, { timeoutMs: startTimeoutMs, child });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server's own `pg` driver (the benchmarks have no dependency of their own on it). */
export async function loadPg() {
  const serverRequire = createRequire(join(ROOT, 'apps/server/package.json'));
  return (await import(pathToFileURL(serverRequire.resolve('pg')).href)).default;
}

/** A fresh PostgreSQL database for a benchmark run; returns its URL and a drop function. */
export async function createBenchDatabase(
  baseUrl = process.env.DIDBAN_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
) {
  const pg = await loadPg();
  const name = `didban_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A named PostgreSQL database that outlives the run (a seeded million is too costly to seed each
 * time): created when missing. `created` says whether it is new (and so needs seeding).
 */
export async function namedBenchDatabase(
  name,
  baseUrl = process.env.DIDBAN_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
  const pg = await loadPg();
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), created: !exists, async drop() {} };
}
