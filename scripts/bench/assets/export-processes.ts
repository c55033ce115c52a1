/**
 * The CSV export as a user runs it, in two processes: the server (its own process, as `pnpm
 * start` runs it) on the bench database, and the terminal client (`didban assets export`, the
 * esbuild bundle) reading it through the API. Both processes' resident memory (VmRSS) is sampled
 * every 20 ms, so "flat" can be told apart from "grows with the rows": the peak over the first
 * tenth of the run beside the peak over all of it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type ProcessMemory = { startMb: number; firstTenthPeakMb: number; peakMb: number; endMb: number };
export type ExportFigures = {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  fileMb: number;
  server: ProcessMemory;
  client: ProcessMemory;
};

const rssKb = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0; // the process has just ended
  }
};

/** RSS samples of one process with their time since the start. */
class Sampler {
  readonly samples: { t: number; kb: number }[] = [];
  constructor(readonly pid: number) {}
  sample(t: number) {
    const kb = rssKb(this.pid);
    if (kb > 0) this.samples.push({ t, kb });
  }
  summary(seconds: number): ProcessMemory {
    const mb = (kb: number) => kb / 1024;
    const all = this.samples.map((s) => s.kb);
    const early = this.samples.filter((s) => s.t <= seconds / 10).map((s) => s.kb);
    return {
      startMb: mb(all[0] ?? 0),
      firstTenthPeakMb: mb(Math.max(0, ...early)),
      peakMb: mb(Math.max(0, ...all)),
      endMb: mb(all.at(-1) ?? 0),
    };
  }
}

/**
 * Start the server on `databaseUrl`, sign in as the bench user, export every asset of its
 * workspace to `out` with the client, and report rows/s and both processes' memory.
 */
export async function measureExportProcesses(options: {
  root: string;
  databaseUrl: string;
  workDir: string;
  user: { username: string; email: string; password: string };
  expectedRows: number;
}): Promise<ExportFigures> {
  const { root, workDir } = options;
  const build = spawnSync(process.execPath, [join(root, 'apps/cli/scripts/build.mjs')], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`client build failed: ${build.stderr}`);
  // The bundle, run directly: others edit the tree meanwhile and a stale stamp would mean tsx.
  const shim = join(workDir, 'didban-bundle.mjs');
  writeFileSync(
    shim,
    `const { main } = await import(${JSON.stringify(pathToFileURL(join(root, 'apps/cli/dist/main.js')).href)});
process.exit(await main());
`,
  );
  const { startServerProcess } = (await import(
    pathToFileURL(join(root, 'scripts/bench/lib/server-process.mjs')).href
  )) as {
    startServerProcess: (
      env: Record<string, string>,
    ) => Promise<{ url: string; pid: number; stop: () => Promise<void> }>;
  };
  const serverEnv = {
    DATABASE_URL: options.databaseUrl,
    DIDBAN_AUTH_RATE_LIMIT: '100000',
    DIDBAN_FREE_ASSETS: '1000000',
    DIDBAN_BUILTIN_WORKER: '0',
  };
  // On a loaded machine the first start can miss the helper's 60 s deadline while tsx compiles;
  // the second finds tsx's cache warm.
  const server = await startServerProcess(serverEnv).catch((error: unknown) => {
    console.log(`server start failed (${String(error)}); trying once more`);
    return startServerProcess(serverEnv);
  });
  try {
    const login = await fetch(`${server.url}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(options.user),
    });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const { access } = ((await login.json()) as { data: { access: string } }).data;
    // One warm request, so the server's first-call compiling is not counted as export memory.
    await fetch(`${server.url}/api/v1/panel/all-assets/?page_size=1`, {
      headers: { authorization: `Bearer ${access}` },
    });

    const out = join(workDir, 'export.csv');
    const serverSampler = new Sampler(server.pid);
    const start = performance.now();
    const child = spawn(process.execPath, [shim, 'assets', 'export', '--format', 'csv', '--out', out], {
      env: {
        PATH: process.env.PATH ?? '',
        DIDBAN_CONFIG_DIR: workDir,
        DIDBAN_URL: server.url,
        DIDBAN_TOKEN: access,
        DIDBAN_LANG: 'en',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const clientSampler = new Sampler(child.pid!);
    const timer = setInterval(() => {
      const t = (performance.now() - start) / 1000;
      serverSampler.sample(t);
      clientSampler.sample(t);
    }, 20);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', resolve);
    });
    clearInterval(timer);
    const seconds = (performance.now() - start) / 1000;
    if (code !== 0) throw new Error(`export exited ${code}: ${stderr}`);
    if (!stdout.includes(`Exported ${options.expectedRows} assets`)) {
      throw new Error(`unexpected client output: ${stdout}`);
    }
    const rows = readFileSync(out, 'utf8').split('\r\n').length - 2;
    if (rows !== options.expectedRows)
      throw new Error(`the file holds ${rows} rows, not ${options.expectedRows}`);
    return {
      rows,
      seconds,
      rowsPerSecond: rows / seconds,
      fileMb: statSync(out).size / 1e6,
      server: serverSampler.summary(seconds),
      client: clientSampler.summary(seconds),
    };
  } finally {
    await server.stop();
  }
}
