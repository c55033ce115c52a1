/**
 * Template engine benchmark (issue 6): 100 templates × 200 loopback hosts with no rate limit,
 * beside a raw keep-alive HTTP client sending the same requests to the same servers in the same
 * run; peak RSS during the scan; load time for 1,000 templates.
 *
 *   pnpm exec tsx --conditions=didban-source scripts/bench/engine/bench.ts [templates] [hosts]
 *
 * By default the whole bench (the engine and both raw clients) is first bundled with esbuild and
 * run by plain node in a child process, as the worker and the CLI ship and run the engine: under
 * tsx every closure is wrapped for its name when it is created (esbuild's keepNames, about 1 % of
 * the engine's profile, per request) and modules go through tsx's hooks. BENCH_SOURCE=1 runs it
 * from the TypeScript sources through tsx instead (the figures of sessions 12–16).
 */
import { execFileSync, fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BUNDLE_BANNER, BUNDLE_EXTERNALS } from '../../../apps/worker/scripts/bundle-options.mjs';
import type * as Engine from '../../../packages/engine/src/index.js';
import { benchTemplate, probeOnlyTemplate } from './templates.js';

// This script's own folder: a bundled copy runs from packages/engine/.tmp and is told where it is.
const here = process.env.BENCH_HERE ?? import.meta.dirname;

if (!process.env.BENCH_SOURCE && !process.env.BENCH_BUNDLED && !process.env.BENCH_ENGINE) {
  // Built inside the engine package so that its dependencies resolve from the bundle.
  const bundle = join(here, '../../../packages/engine/.tmp/engine-bench.mjs');
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(here, 'bench.ts')],
    outfile: bundle,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    conditions: ['didban-source'],
    // As the worker's bundle leaves them and starts (data files beside their packages, native
    // add-ons, require() and __dirname for CommonJS dependencies); esbuild is the bench's own.
    external: [...BUNDLE_EXTERNALS, 'esbuild'],
    banner: BUNDLE_BANNER,
    logLevel: 'error',
  });
  console.log('engine and raw clients bundled with esbuild, run by plain node (BENCH_SOURCE=1: through tsx)');
  execFileSync(process.execPath, [bundle, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_BUNDLED: '1', BENCH_HERE: here },
  });
  process.exit(0);
}

// The engine sends through undici, so the bench also runs a bare undici client: the engine is
// compared with both raw clients. undici is the engine's dependency, so it is resolved from there.
const undici = createRequire(join(here, '../../../packages/engine/package.json'))(
  'undici',
) as typeof import('undici');

// scripts/ is not a workspace package, so the engine's public entry is imported by path.
// BENCH_ENGINE=<path to an index.ts or a bundle> measures another copy of the engine (an older
// commit unpacked with `git archive`) with this same script, for before/after figures.
const { collectScan, loadTemplates } = (
  process.env.BENCH_ENGINE
    ? await import(process.env.BENCH_ENGINE)
    : await import('../../../packages/engine/src/index.js')
) as typeof Engine;

const TEMPLATES = Number(process.argv[2] ?? 100);
const HOSTS = Number(process.argv[3] ?? 200);
const LOAD_COUNT = 1000;
const CONCURRENCY = 25 * 25; // Nuclei's -c × -bs, so both clients keep as many requests in flight

const lab = fork(join(here, 'lab-server.mjs'), [String(HOSTS)], { stdio: 'inherit' });
const ports = await new Promise<number[]>((resolve) =>
  lab.once('message', (m: { ports: number[] }) => resolve(m.ports)),
);
const targets = ports.map((p) => `http://127.0.0.1:${p}`);
const labCounts = () =>
  new Promise<{ served: number; connections: number }>((resolve) => {
    lab.once('message', (m: { served: number; connections: number }) => resolve(m));
    lab.send('count');
  });
const served = async () => (await labCounts()).served;

// The same request list the templates produce: one GET per template per host.
const paths = Array.from({ length: TEMPLATES }, (_, i) => {
  const m = /(?:\{\{BaseURL\}\}|GET )(\/[^\s"]*)/.exec(benchTemplate(i));
  return m![1]!;
});

// CPU time of this process per request: unlike wall-clock rates it does not swing with the load
// other processes put on a shared machine.
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function rawClient(): Promise<{ requests: number; seconds: number; cpuUs: number }> {
  const agent = new Agent({ keepAlive: true, maxFreeSockets: 16 });
  const jobs: [number, string][] = [];
  for (const path of paths) for (const port of ports) jobs.push([port, path]);
  let next = 0;
  const started = performance.now();
  const cpu0 = cpuMs();
  const lane = async () => {
    while (next < jobs.length) {
      const [port, path] = jobs[next++]!;
      await new Promise<void>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path, agent, headers: { 'User-Agent': 'bench' } },
          (res) => {
            res.on('data', () => {});
            res.on('end', resolve);
          },
        );
        req.on('error', reject);
        req.end();
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  agent.destroy();
  const cpuUs = ((cpuMs() - cpu0) * 1000) / jobs.length;
  return { requests: jobs.length, seconds: (performance.now() - started) / 1000, cpuUs };
}

/** The same requests through undici's dispatcher, configured as the engine's (keep-alive, no pipelining). */
async function rawUndici(): Promise<{ requests: number; seconds: number; cpuUs: number }> {
  const agent = new undici.Agent({ pipelining: 1, keepAliveTimeout: 30_000 });
  const jobs: [string, string][] = [];
  for (const path of paths) for (const port of ports) jobs.push([`http://127.0.0.1:${port}`, path]);
  let next = 0;
  const started = performance.now();
  const cpu0 = cpuMs();
  const lane = async () => {
    while (next < jobs.length) {
      const [origin, path] = jobs[next++]!;
      await new Promise<void>((resolve, reject) => {
        agent.dispatch(
          { origin, path, method: 'GET', headers: ['User-Agent', 'bench'] },
          {
            onConnect: () => {},
            onHeaders: () => true,
            onData: () => true,
            onComplete: () => resolve(),
            onError: reject,
          },
        );
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  await agent.close();
  const cpuUs = ((cpuMs() - cpu0) * 1000) / jobs.length;
  return { requests: jobs.length, seconds: (performance.now() - started) / 1000, cpuUs };
}

// `make` picks the template set: the "no findings" row passes probeOnlyTemplate (this parameter was
// missing, so that row used to run the matching templates again).
async function engine(make: (i: number) => string = benchTemplate): Promise<{
  requests: number;
  seconds: number;
  cpuUs: number;
  findings: number;
  failures: number;
  peakRssMb: number;
}> {
  const { templates, invalid } = loadTemplates(
    Array.from({ length: TEMPLATES }, (_, i) => ({ content: make(i) })),
  );
  if (invalid.length > 0) throw new Error(`bench templates invalid: ${JSON.stringify(invalid[0])}`);
  // rss() alone: memoryUsage() also walks the heap's spaces (about 1 ms here), a cost the engine would be charged.
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  const before = await served();
  const started = performance.now();
  const cpu0 = cpuMs();
  const result = await collectScan({ templates, targets, options: { rateLimit: 0 } });
  const seconds = (performance.now() - started) / 1000;
  const cpuTotal = cpuMs() - cpu0;
  clearInterval(sampler);
  const requests = (await served()) - before;
  return {
    requests,
    seconds,
    cpuUs: (cpuTotal * 1000) / requests,
    findings: result.findings.length,
    failures: result.failures.length,
    peakRssMb: peak / 2 ** 20,
  };
}

function loadTime(): { ms: number; loaded: number } {
  const sources = Array.from({ length: LOAD_COUNT }, (_, i) => ({ content: benchTemplate(i) }));
  const started = performance.now();
  const { templates } = loadTemplates(sources);
  return { ms: performance.now() - started, loaded: templates.length };
}

const rps = (r: { requests: number; seconds: number }) => r.requests / r.seconds;
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

if (process.env.BENCH_ONLY) {
  // Profiling aid: the engine alone, three times (the last run is measured).
  const make = process.env.BENCH_ONLY === 'probe' ? probeOnlyTemplate : benchTemplate;
  await engine(make);
  await engine(make);
  const only = await engine(make);
  console.log(
    `template engine:          ${(only.requests / only.seconds).toFixed(0)} req/s, ${only.cpuUs.toFixed(0)} µs CPU per request`,
  );
  lab.send('exit');
  process.exit(0);
}

// Warm up every path (JIT, sockets), then measure ROUNDS interleaved rounds of raw node:http →
// raw undici → engine → raw node:http. Each round's ratio divides the engine's rate by the mean of
// the raw runs on either side of it, and the median round is reported: on a shared machine the
// rate of every client swings by 2× within a minute, so one round can land on either side of a
// slow patch; the median of adjacent pairs is what the engine does relative to the raw client.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
await rawClient();
await rawUndici();
await engine();
type Round = {
  raw: number;
  undici: number;
  engine: number;
  rawAfter: number;
  scan: Awaited<ReturnType<typeof engine>>;
};
const rounds: Round[] = [];
const rawCpu: number[] = [];
const undiciCpu: number[] = [];
let rawBefore = await rawClient();
rawCpu.push(rawBefore.cpuUs);
for (let r = 0; r < ROUNDS; r++) {
  const u = await rawUndici();
  undiciCpu.push(u.cpuUs);
  const c0 = await labCounts();
  const scan = await engine();
  const c1 = await labCounts();
  const rawAfter = await rawClient();
  rawCpu.push(rawAfter.cpuUs);
  rounds.push({ raw: rps(rawBefore), undici: rps(u), engine: rps(scan), rawAfter: rps(rawAfter), scan });
  console.log(
    `round ${r + 1}: raw node:http ${fmt(rps(rawBefore))} → undici ${fmt(rps(u))} → engine ${fmt(rps(scan))} (${fmt(scan.requests)} requests, ${c1.connections - c0.connections} connections opened, ${scan.cpuUs.toFixed(0)} µs CPU/request) → raw node:http ${fmt(rps(rawAfter))} req/s`,
  );
  rawBefore = rawAfter;
}
const probe = await engine(probeOnlyTemplate);
const rawC = await rawClient();
const undiciC = await rawUndici();
const load = loadTime();
const pct = (a: number) => `${(a * 100).toFixed(0)}%`;
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const vsRaw = rounds.map((r) => r.engine / ((r.raw + r.rawAfter) / 2));
const vsUndici = rounds.map((r) => r.engine / r.undici);
const scans = rounds.map((r) => r.scan);

console.log(
  `templates × hosts:        ${TEMPLATES} × ${HOSTS} (${fmt(TEMPLATES * HOSTS)} requests per client), ${ROUNDS} rounds`,
);
console.log(`raw HTTP client:          median ${fmt(median(rounds.map((r) => r.raw)))} req/s`);
console.log(`raw undici client:        median ${fmt(median(rounds.map((r) => r.undici)))} req/s`);
console.log(`template engine:          median ${fmt(median(rounds.map((r) => r.engine)))} req/s`);
console.log(
  `engine / raw:             median ${pct(median(vsRaw))} of node:http (rounds: ${vsRaw.map(pct).join(', ')}), median ${pct(median(vsUndici))} of undici (rounds: ${vsUndici.map(pct).join(', ')})`,
);
console.log(
  `engine, no findings:      ${fmt(rps(probe))} req/s beside raw ${fmt(rps(rawC))} / undici ${fmt(rps(undiciC))} req/s (${pct(rps(probe) / rps(rawC))} / ${pct(rps(probe) / rps(undiciC))}; same requests, a status matcher that never matches)`,
);
console.log(
  `CPU per request:          engine median ${median(scans.map((s) => s.cpuUs)).toFixed(0)} µs (no findings ${probe.cpuUs.toFixed(0)} µs), raw node:http median ${median(rawCpu).toFixed(0)} µs, raw undici median ${median(undiciCpu).toFixed(0)} µs`,
);
console.log(`findings / failures:      ${scans.map((s) => `${fmt(s.findings)} / ${s.failures}`).join(', ')}`);
console.log(
  `peak RSS during scan:     ${Math.max(...scans.map((s) => s.peakRssMb)).toFixed(0)} MB (process max RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB)`,
);
console.log(`load 1,000 templates:     ${load.ms.toFixed(0)} ms (${load.loaded} loaded)`);
lab.send('exit');
