/**
 * Requests saved by clustering (nuclei's: identical requests from different templates go out once
 * per target) on a nuclei-templates folder against one target:
 *   node --conditions=didban-source --import tsx scripts/bench/engine/cluster-corpus.ts <templates-root> [folder=http]
 * The target is a loopback HTTP server that answers every request at once with a 404 page and
 * counts what it receives. The same templates run twice, clustering on then off; the difference in
 * requests received is what clustering saved. Out-of-band and self-contained templates are
 * skipped by the engine in both runs (no interactsh server, no -esc), as in a default scan.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { collectScan, loadTemplateFiles } from '../../../packages/engine/src/index.js';

const [rootArg, folder = 'http'] = process.argv.slice(2);
if (!rootArg) {
  console.error('usage: cluster-corpus.ts <templates-root> [folder=http]');
  process.exit(2);
}
const root = resolve(rootArg);
const { templates } = loadTemplateFiles([join(root, folder)], { templatesRoot: root });

let received = 0;
const server = createServer((req, res) => {
  received++;
  req.resume();
  res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>not found</body></html>');
});
server.keepAliveTimeout = 5000;
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function run(clusterRequests: boolean) {
  received = 0;
  const started = performance.now();
  const result = await collectScan({
    templates,
    targets: [target],
    // No rate limit, short timeouts, no host-error cut-off: every template runs to its end.
    options: { clusterRequests, rateLimit: 0, timeoutMs: 5000, maxHostErrors: 0, retries: 0 },
  });
  return {
    received,
    seconds: (performance.now() - started) / 1000,
    findings: result.findings.length,
    skipped: result.skipped.length,
  };
}

console.log(
  `${templates.length} ${folder}/ templates against ${target}; load average ${loadavg()[0]!.toFixed(1)}`,
);
const on = await run(true);
console.log(
  `clustering on : ${on.received} requests in ${on.seconds.toFixed(1)} s (${on.findings} findings, ${on.skipped} skipped)`,
);
const off = await run(false);
console.log(
  `clustering off: ${off.received} requests in ${off.seconds.toFixed(1)} s (${off.findings} findings, ${off.skipped} skipped)`,
);
const saved = off.received - on.received;
console.log(
  `saved ${saved} requests (${((100 * saved) / off.received).toFixed(1)} %); load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (2 CPUs shared by 6 engineers)`,
);
server.close();
