/**
 * Headless benchmark (issue 30): Chromium start-up time of the browser pool (goal < 3 s), headless
 * template throughput against the lab's client-side-rendered site, and the worker's memory (its
 * own RSS plus every Chromium process) over many runs (goal < 1 GB at 1,000 runs).
 *
 *   pnpm exec tsx --conditions=didban-source scripts/bench/engine/headless-bench.ts [runs] [batch]
 *
 * `runs` headless template runs (default 1,000) go in scans of `batch` templates (default 100)
 * through one long-lived pool, as a worker's tasks do. Prints one JSON document.
 */
import { BrowserPool, collectScan, loadTemplates } from '../../../packages/engine/src/index.js';
import { startCsrSite } from '../../lab/src/csr-site.js';

const RUNS = Number(process.argv[2] ?? 1000);
const BATCH = Number(process.argv[3] ?? 100);

const template = (i: number) => `id: csr-render-${i}
info: {name: csr render ${i}, author: bench, severity: info}
headless:
  - steps:
      - action: navigate
        args: {url: "{{BaseURL}}/"}
      - action: waitvisible
        args: {selector: "#items li"}
    matchers:
      - type: word
        words: ["<li>Kettle</li>"]
`;

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function startup(): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const pool = new BrowserPool();
    const started = performance.now();
    await pool.warm();
    // Up to a usable page, as the first headless run of a worker would wait.
    const lease = await pool.lease();
    await lease.page.setContent('<p>ready</p>');
    times.push(Math.round(performance.now() - started));
    await lease.release();
    await pool.close();
  }
  return times;
}

async function main(): Promise<void> {
  const site = await startCsrSite();
  const startupMs = await startup();
  const pool = new BrowserPool();
  await pool.warm();
  const { templates } = loadTemplates(Array.from({ length: BATCH }, (_, i) => ({ content: template(i) })));
  let done = 0;
  let findings = 0;
  let failures = 0;
  const failureKinds = new Map<string, number>();
  let peakNode = 0;
  let peakChromium = 0;
  let peakTotal = 0;
  let peakRssSum = 0;
  const samples: { runs: number; nodeMb: number; chromiumPssMb: number; chromiumRssSumMb: number }[] = [];
  const started = performance.now();
  while (done < RUNS) {
    const batch = templates.slice(0, Math.min(BATCH, RUNS - done));
    const result = await collectScan({
      templates: batch,
      targets: [site.url],
      options: { headless: { pool } },
    });
    findings += result.findings.length;
    failures += result.failures.length;
    for (const f of result.failures) {
      const key = f.message.replace(/\d+/g, 'N').slice(0, 120);
      failureKinds.set(key, (failureKinds.get(key) ?? 0) + 1);
    }
    done += batch.length;
    const node = process.memoryUsage().rss;
    const chromium = await pool.chromiumRss();
    peakNode = Math.max(peakNode, node);
    peakChromium = Math.max(peakChromium, chromium);
    const rssSum = pool.stats().chromiumRssSum;
    peakTotal = Math.max(peakTotal, node + chromium);
    peakRssSum = Math.max(peakRssSum, rssSum);
    samples.push({ runs: done, nodeMb: mb(node), chromiumPssMb: mb(chromium), chromiumRssSumMb: mb(rssSum) });
  }
  const seconds = (performance.now() - started) / 1000;
  const stats = pool.stats();
  await pool.close();
  await site.stop();
  process.stdout.write(
    `${JSON.stringify(
      {
        startupMs,
        runs: done,
        findings,
        failures,
        failureKinds: Object.fromEntries(failureKinds),
        seconds: Math.round(seconds * 10) / 10,
        runsPerSecond: Math.round((done / seconds) * 10) / 10,
        peakNodeRssMb: mb(peakNode),
        peakChromiumPssMb: mb(peakChromium),
        peakChromiumRssSumMb: mb(peakRssSum),
        peakWorkerTotalMb: mb(peakTotal),
        pool: stats,
        samples,
      },
      null,
      2,
    )}\n`,
  );
}

await main();
