/**
 * Crawl benchmark (issue 30): the crawler over the lab shop's generated `/bench/` section
 * (500 pages, 10 links a page, three levels deep), with the lab app in a child process so its
 * server does not share this process's event loop.
 *
 *   node --conditions=didban-source --import tsx scripts/bench/discovery/crawl.ts [--rounds 3] [--concurrency 4]
 *
 * Prints pages/s per round (pages and scripts requested ÷ wall time of the whole crawl, robots.txt
 * and sitemap included in the time) and this process's peak RSS. The figures are recorded by hand
 * in docs/benchmarks.md ("Crawl").
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { crawl } from '../../../packages/engine/src/index.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, concurrency: { type: 'string', default: '4' } },
});
const rounds = Number(values.rounds);
const concurrency = Number(values.concurrency);

const child = spawn(
  process.execPath,
  [
    '--conditions=didban-source',
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    `import { startDastApp } from ${JSON.stringify(join(ROOT, 'scripts/lab/src/dast-app.ts'))};
     const app = await startDastApp({ host: '127.0.0.1' });
     process.stdout.write(app.url + '\\n');`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const url = await new Promise<string>((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes('\n')) resolve(out.trim());
  });
  child.once('exit', (code) => reject(new Error(`lab app exited (${code})`)));
});

const rssBefore = process.memoryUsage().rss;
const rates: number[] = [];
try {
  for (let round = 1; round <= rounds; round++) {
    const started = performance.now();
    const result = await crawl(`${url}/bench/`, {
      maxPages: 1000,
      maxDepth: 5,
      concurrency,
      timeMs: 120_000,
    });
    const seconds = (performance.now() - started) / 1000;
    const benchPages = result.endpoints.filter((e) => e.url.includes('/bench')).length;
    rates.push(result.pagesFetched / seconds);
    console.log(
      `round ${round}: ${result.pagesFetched} pages (${benchPages} of /bench/) in ${seconds.toFixed(2)} s = ` +
        `${(result.pagesFetched / seconds).toFixed(0)} pages/s; endpoints ${result.endpoints.length}, errors ${result.errors}, stopped by [${result.stoppedBy.join(', ')}]`,
    );
  }
} finally {
  child.kill();
}
rates.sort((a, b) => a - b);
const peakMb = process.resourceUsage().maxRSS / 1024;
console.log(
  `median ${rates[Math.floor(rates.length / 2)]!.toFixed(0)} pages/s at concurrency ${concurrency}; ` +
    `RSS before ${(rssBefore / 1048576).toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB; load average ${(
      await import('node:os')
    )
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
