/**
 * Flow benchmark (issue 29): the same two requests per template and host run as two plain blocks,
 * as a `&&` flow (evaluated without a runtime) and as a JavaScript flow (QuickJS sandbox), against
 * the engine bench's loopback lab; then the sandbox's own costs: a module instance's start-up and
 * memory, a fresh runtime + context per run.
 *
 *   pnpm exec tsx --conditions=didban-source scripts/bench/engine/flow-bench.ts [templates] [hosts] [rounds]
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { collectScan, loadTemplates } from '../../../packages/engine/src/index.js';
import { JsPool } from '../../../packages/engine/src/nuclei/js/runtime/pool.js';
import { newQuickJsInstance } from '../../../packages/engine/src/nuclei/js/runtime/quickjs-module.js';
import { runSandboxed } from '../../../packages/engine/src/nuclei/js/runtime/sandbox.js';

const TEMPLATES = Number(process.argv[2] ?? 20);
const HOSTS = Number(process.argv[3] ?? 50);
const ROUNDS = Number(process.argv[4] ?? 3);

const blocks = `http:
  - method: GET
    path: ["{{BaseURL}}/"]
    matchers:
      - type: word
        words: ["Apache"]
        internal: true
  - method: GET
    path: ["{{BaseURL}}/api/version"]
    matchers:
      - type: word
        words: ["version"]
`;
const template = (id: string, flow: string | undefined) =>
  `id: ${id}\ninfo:\n  name: ${id}\n  author: bench\n  severity: info\n${flow ? `flow: |\n  ${flow}\n` : ''}${blocks}`;
const KINDS: Record<string, string | undefined> = {
  'plain blocks': undefined,
  '&& flow': 'http(1) && http(2)',
  'JavaScript flow': 'if (http(1)) { http(2); }',
};

// The sandbox's own costs.
const t0 = performance.now();
await newQuickJsInstance();
const first = performance.now() - t0;
const t1 = performance.now();
const instances = await Promise.all(Array.from({ length: 20 }, () => newQuickJsInstance()));
const each = (performance.now() - t1) / 20;
const wasmEach = instances[0]!.memory.buffer.byteLength / 1024 / 1024;
// 20 scripts at once in a pool of 20: 20 more instances, each with a script run in it.
const rss0 = process.memoryUsage().rss;
const busy = new JsPool(20);
const hold = () => new Promise((resolve) => setTimeout(resolve, 200));
await Promise.all(
  Array.from({ length: 20 }, () =>
    runSandboxed({
      code: 'hold(); JSON.stringify([1, 2, 3].map((x) => ({ x })))',
      pool: busy,
      asyncFunctions: { hold },
    }),
  ),
);
const rssEach = (process.memoryUsage().rss - rss0) / 20 / 1024 / 1024;
const pool = new JsPool(1);
await runSandboxed({ code: '1', pool });
const runs = 200;
const t2 = performance.now();
for (let i = 0; i < runs; i++)
  await runSandboxed({ code: 'let x = 0; for (let i = 0; i < 100; i++) x += i; x', pool });
const perRun = (performance.now() - t2) / runs;
console.log(
  `\nmodule instance: first ${first.toFixed(0)} ms (compiles the WebAssembly), then ${each.toFixed(1)} ms each`,
);
console.log(
  `memory per instance: ${rssEach.toFixed(1)} MB RSS, ${wasmEach.toFixed(0)} MB WebAssembly memory reserved`,
);
console.log(`fresh runtime + context + a small script, per run: ${perRun.toFixed(2)} ms`);
const lab = fork(join(import.meta.dirname, 'lab-server.mjs'), [String(HOSTS)], { stdio: 'inherit' });
const ports = await new Promise<number[]>((resolve) =>
  lab.once('message', (m: { ports: number[] }) => resolve(m.ports)),
);
const targets = ports.map((p) => `http://127.0.0.1:${p}`);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const results: Record<string, { rps: number; cpuUs: number; findings: number }[]> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const [kind, flow] of Object.entries(KINDS)) {
    const loaded = loadTemplates(
      Array.from({ length: TEMPLATES }, (_, i) => ({ content: template(`t${i}`, flow), path: `t${i}.yaml` })),
    );
    const requests = TEMPLATES * HOSTS * 2;
    const started = performance.now();
    const cpu0 = cpuMs();
    const r = await collectScan({ templates: loaded.templates, targets, options: { rateLimit: 0 } });
    const seconds = (performance.now() - started) / 1000;
    const runs = results[kind] ?? [];
    results[kind] = runs;
    runs.push({
      rps: requests / seconds,
      cpuUs: ((cpuMs() - cpu0) * 1000) / requests,
      findings: r.findings.length,
    });
  }
}
console.log(
  `\n${TEMPLATES} templates x ${HOSTS} hosts x 2 requests, ${ROUNDS} rounds (best rps, median CPU/request)`,
);
for (const [kind, runs] of Object.entries(results)) {
  const rps = Math.max(...runs.map((r) => r.rps));
  const cpu = runs.map((r) => r.cpuUs).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  console.log(
    `| ${kind} | ${rps.toFixed(0)} req/s | ${cpu.toFixed(0)} µs CPU/request | ${runs[0]!.findings} findings |`,
  );
}
lab.kill();

process.exit(0);
