/**
 * DAST throughput (issue 30): fuzzed requests per second beside plain http template requests per
 * second, against the same loopback servers (lab-server.mjs, its own process) in the same run,
 * no rate limit, the engine's default concurrency. Both sides send the same number of requests:
 *
 * - plain: N templates, each one GET `{{BaseURL}}/?p=<i>&q=x` per host;
 * - dast: one fuzzing template with N payloads, `part: query`, `mode: single`, on one input per
 *   host (`/?p=1&q=x`, two parameters: N × 2 requests per host, so N is halved for it).
 *
 *   node --conditions=didban-source --import tsx scripts/bench/engine/dast.ts [hosts] [requestsPerHost] [rounds]
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import type * as Engine from '../../../packages/engine/src/index.js';

const { collectScan, loadTemplates } = (await import(
  '../../../packages/engine/src/index.js'
)) as typeof Engine;

const HOSTS = Number(process.argv[2] ?? 50);
const PER_HOST = Number(process.argv[3] ?? 200);
const ROUNDS = Number(process.argv[4] ?? 3);

const lab = fork(join(import.meta.dirname, 'lab-server.mjs'), [String(HOSTS)], { stdio: 'inherit' });
const ports = await new Promise<number[]>((resolve) =>
  lab.once('message', (m: { ports: number[] }) => resolve(m.ports)),
);
const origins = ports.map((p) => `http://127.0.0.1:${p}`);
const served = () =>
  new Promise<number>((resolve) => {
    lab.once('message', (m: { served: number }) => resolve(m.served));
    lab.send('count');
  });

const info = (id: string) => `id: ${id}\ninfo: {name: ${id}, author: didban, severity: info}\n`;
const matcher = '    matchers:\n      - type: word\n        words: [never-there-7f3a]\n';
const plain = Array.from(
  { length: PER_HOST },
  (_, i) => `${info(`plain-${i}`)}http:\n  - method: GET\n    path: ["{{BaseURL}}/?p=${i}&q=x"]\n${matcher}`,
);
const payloads = Array.from({ length: PER_HOST / 2 }, (_, i) => `"v${i}"`).join(', ');
const fuzzing = `${info('fuzz-bench')}http:\n  - payloads:\n      v: [${payloads}]\n    fuzzing:\n      - part: query\n        mode: single\n        fuzz: ["{{v}}"]\n${matcher}`;

const options = { rateLimit: 0, clusterRequests: false, dast: true, timeoutMs: 10_000 } as const;

async function measure(label: string, run: () => Promise<unknown>): Promise<number> {
  const before = await served();
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  const requests = (await served()) - before;
  const rate = requests / seconds;
  console.log(
    `${label.padEnd(6)} ${requests} requests in ${seconds.toFixed(2)} s: ${Math.round(rate)} req/s`,
  );
  return rate;
}

const plainTemplates = loadTemplates(plain.map((content) => ({ content }))).templates;
const fuzzTemplates = loadTemplates([{ content: fuzzing }]).templates;
if (plainTemplates.length !== PER_HOST || fuzzTemplates.length !== 1)
  throw new Error('templates did not load');
const inputs = origins.map((o) => ({
  method: 'GET',
  url: `${o}/?p=1&q=x`,
  headers: [] as [string, string][],
}));

// A warm-up of each, then rounds alternating, so neither side gets the colder machine.
await collectScan({ templates: plainTemplates.slice(0, 5), targets: origins, options });
await collectScan({ templates: fuzzTemplates, targets: [], fuzzInputs: inputs.slice(0, 5), options });
const ratios: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  console.log(`round ${round}: ${HOSTS} hosts, ${PER_HOST} requests per host each`);
  const p = await measure('plain', () =>
    collectScan({ templates: plainTemplates, targets: origins, options }),
  );
  const d = await measure('dast', () =>
    collectScan({ templates: fuzzTemplates, targets: [], fuzzInputs: inputs, options }),
  );
  ratios.push(d / p);
  console.log(`dast/plain ${(d / p).toFixed(2)}`);
}
ratios.sort((a, b) => a - b);
console.log(`median dast/plain over ${ROUNDS} rounds: ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)}`);
lab.send('exit');
