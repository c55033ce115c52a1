/**
 * Flow and javascript benchmark (issue 29): template runs per second of the same exchange written
 * as a plain block, inside a JavaScript flow, and as a `javascript:` template, in one process and
 * one run, against local services in a child process — a TCP `PING`/`+PONG` service
 * (ping-server.mjs) and the engine bench's HTTP lab (lab-server.mjs). Then the sandbox's own costs:
 * a module instance's start-up and memory, a fresh runtime + context with the javascript prelude,
 * and the QuickJS heap such a runtime holds.
 *
 *   pnpm exec tsx --conditions=didban-source scripts/bench/engine/javascript-bench.ts [templates] [hosts] [rounds]
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { collectScan, loadTemplates } from '../../../packages/engine/src/index.js';
import { newQuickJsInstance } from '../../../packages/engine/src/nuclei/js/runtime/quickjs-module.js';
import { javascriptPrelude } from '../../../packages/engine/src/nuclei/protocols/javascript/prelude.js';

const TEMPLATES = Number(process.argv[2] ?? 20);
const HOSTS = Number(process.argv[3] ?? 20);
const ROUNDS = Number(process.argv[4] ?? 3);

const head = (id: string) => `id: ${id}\ninfo:\n  name: ${id}\n  author: bench\n  severity: info\n`;
const tcpBlock = `tcp:
  - inputs: [{data: "PING\\r\\n"}]
    host: ["{{Hostname}}"]
    read-size: 64
    matchers: [{type: word, words: ["+PONG"]}]
`;
const httpBlock = `http:
  - method: GET
    path: ["{{BaseURL}}/api/version"]
    matchers: [{type: word, words: ["version"]}]
`;
const jsNet = `javascript:
  - code: |
      let c = require('nuclei/net').Open('tcp', Host + ':' + Port);
      c.Send('PING\\r\\n');
      let r = c.RecvString(64);
      c.Close();
      r;
    args: {Host: "{{Host}}", Port: "7"}
    matchers: [{type: word, words: ["+PONG"]}]
`;
const flow = (call: string) => `flow: |\n  if (${call}) { set('seen', true); }\n`;

interface Kind {
  readonly name: string;
  readonly service: 'tcp' | 'http';
  readonly body: string;
}
const KINDS: Kind[] = [
  { name: 'tcp block', service: 'tcp', body: tcpBlock },
  { name: 'tcp block in a JavaScript flow', service: 'tcp', body: flow('tcp(1)') + tcpBlock },
  { name: 'javascript (nuclei/net)', service: 'tcp', body: jsNet },
  { name: 'http block', service: 'http', body: httpBlock },
  { name: 'http block in a JavaScript flow', service: 'http', body: flow('http(1)') + httpBlock },
];

// ---- the sandbox's own costs, before any service starts ----
const t0 = performance.now();
const first = await newQuickJsInstance();
const firstMs = performance.now() - t0;
const t1 = performance.now();
const more = [];
for (let i = 0; i < 10; i++) more.push(await newQuickJsInstance());
const eachMs = (performance.now() - t1) / 10;
const wasmMb = first.memory.buffer.byteLength / 1024 / 1024;

/** QuickJS's own report: `memory used   <count>   <bytes>`. */
const MEMORY_USED = /memory used\s+\d+\s+(\d+)/;

/** A fresh runtime + context with the javascript prelude of nuclei/net, as a javascript run makes. */
const prelude = javascriptPrelude(['net', 'bytes']);
function freshRuntime(keep: boolean, withPrelude = true): number {
  const runtime = first.module.newRuntime();
  const ctx = runtime.newContext();
  if (!withPrelude) {
    ctx.dispose();
    runtime.dispose();
    return 0;
  }
  const host = ctx.newFunction('__hostCall', () => ctx.undefined);
  ctx.setProp(ctx.global, '__hostCall', host);
  host.dispose();
  const r = ctx.evalCode(prelude);
  if (r.error) throw new Error(`prelude: ${JSON.stringify(ctx.dump(r.error))}`);
  r.value.dispose();
  let heap = 0;
  if (keep) {
    const m = MEMORY_USED.exec(runtime.dumpMemoryUsage());
    heap = Number(m?.[1] ?? 0);
  }
  ctx.dispose();
  runtime.dispose();
  return heap;
}
freshRuntime(false);
const runs = 300;
const t2 = performance.now();
const c2 = process.cpuUsage();
for (let i = 0; i < runs; i++) freshRuntime(false);
const perRuntimeMs = (performance.now() - t2) / runs;
const c2d = process.cpuUsage(c2);
const perRuntimeCpuMs = (c2d.user + c2d.system) / 1000 / runs;
const c3 = process.cpuUsage();
for (let i = 0; i < runs; i++) freshRuntime(false, false);
const c3d = process.cpuUsage(c3);
const bareCpuMs = (c3d.user + c3d.system) / 1000 / runs;
const heapBytes = freshRuntime(true);
const bare = first.module.newRuntime();
const bareCtx = bare.newContext();
const bareHeap = Number(MEMORY_USED.exec(bare.dumpMemoryUsage())?.[1] ?? 0);
bareCtx.dispose();
bare.dispose();

console.log(
  `\nQuickJS module instance: first ${firstMs.toFixed(0)} ms (compiles the WebAssembly), then ${eachMs.toFixed(1)} ms each`,
);
console.log(`WebAssembly memory reserved per instance: ${wasmMb.toFixed(0)} MB`);
console.log(
  `fresh runtime + context + javascript prelude (net, bytes), created and freed: ${perRuntimeMs.toFixed(2)} ms (${perRuntimeCpuMs.toFixed(2)} ms CPU; without the prelude ${bareCpuMs.toFixed(2)} ms CPU)`,
);
console.log(
  `QuickJS heap of such a runtime: ${(heapBytes / 1024).toFixed(0)} KB (bare runtime + context: ${(bareHeap / 1024).toFixed(0)} KB)`,
);

// ---- throughput ----
const start = <T>(file: string) => {
  const child = fork(join(import.meta.dirname, file), [String(HOSTS)], { stdio: 'inherit' });
  return {
    child,
    ports: new Promise<T>((resolve) => child.once('message', (m: { ports: T }) => resolve(m.ports))),
  };
};
const tcp = start<number[]>('ping-server.mjs');
const http = start<number[]>('lab-server.mjs');
const targets = {
  tcp: (await tcp.ports).map((p) => `127.0.0.1:${p}`),
  http: (await http.ports).map((p) => `http://127.0.0.1:${p}`),
};
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const results = new Map<string, { tps: number; cpuMs: number; findings: number; failures: number }[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const kind of KINDS) {
    const loaded = loadTemplates(
      Array.from({ length: TEMPLATES }, (_, i) => ({
        content: head(`t${i}`) + kind.body,
        path: `t${i}.yaml`,
      })),
    );
    if (loaded.templates.length !== TEMPLATES)
      throw new Error(`${kind.name}: ${JSON.stringify(loaded.rejected)}`);
    const started = performance.now();
    const cpu0 = cpuMs();
    const r = await collectScan({
      templates: loaded.templates,
      targets: targets[kind.service],
      options: { rateLimit: 0 },
    });
    const seconds = (performance.now() - started) / 1000;
    const n = TEMPLATES * HOSTS;
    const list = results.get(kind.name) ?? [];
    results.set(kind.name, list);
    list.push({
      tps: n / seconds,
      cpuMs: (cpuMs() - cpu0) / n,
      findings: r.findings.length,
      failures: r.failures.length,
    });
  }
}
console.log(
  `\n${TEMPLATES} templates x ${HOSTS} hosts = ${TEMPLATES * HOSTS} template runs per kind, ${ROUNDS} rounds alternating (best rate, median CPU per run)`,
);
const best = (name: string) => Math.max(...results.get(name)!.map((r) => r.tps));
for (const kind of KINDS) {
  const list = results.get(kind.name)!;
  const cpu = list.map((r) => r.cpuMs).sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  const plain = kind.service === 'tcp' ? 'tcp block' : 'http block';
  console.log(
    `| ${kind.name} | ${list[0]!.tps.toFixed(0)} runs/s first round | ${best(kind.name).toFixed(0)} runs/s | ${((best(kind.name) / best(plain)) * 100).toFixed(0)} % of the ${plain} | ${cpu.toFixed(2)} ms CPU/run | ${list[0]!.findings} findings, ${list[0]!.failures} failures |`,
  );
}
tcp.child.kill();
http.child.kill();
process.exit(0);
