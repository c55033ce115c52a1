#!/usr/bin/env node
// `pnpm start` → ready, as a newcomer sees it (issue 16): `node scripts/start.mjs` (what
// `pnpm start` runs) with a fresh data folder each time, timed from spawn until `/readyz` answers.
// The first start builds the panel when `apps/web/dist` is missing (the fresh-clone case) and is
// reported on its own; then RUNS starts (default 3) with the panel built give the usual figure.
//   node scripts/bench/start/run.mjs            DIDBAN_BENCH_RUNS=5 for more runs
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT } from '../lib/server-process.mjs';

const RUNS = Number(process.env.DIDBAN_BENCH_RUNS ?? 3);

async function timeStart() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'didban-start-bench-'));
  const began = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DIDBAN_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`pnpm start exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
      } catch {}
      if (performance.now() - began > 300_000) throw new Error('not ready within 300 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    return (performance.now() - began) / 1000;
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
console.log(`load average before: ${load()}`);
if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
  const s = await timeStart();
  console.log(`first start, panel built in the same run: ${s.toFixed(1)} s`);
}
const times = [];
for (let i = 0; i < RUNS; i += 1) {
  const s = await timeStart();
  times.push(s);
  console.log(`start ${i + 1}, panel prebuilt, fresh data folder: ${s.toFixed(1)} s`);
}
times.sort((a, b) => a - b);
console.log(`median of ${RUNS}: ${times[Math.floor(RUNS / 2)].toFixed(1)} s; load average after: ${load()}`);
