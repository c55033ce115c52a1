/**
 * Worker memory at scale (issue 21): one didban-worker process works through a bulk scan of
 * DIDBAN_MEM_HOSTS (10,000) lab host names × every HTTP template of the public library (104 here;
 * the server splits any scan into chunks of at most 50 templates × 1,000 pairs, so what a worker
 * holds at once does not grow with the scan), posting results to a real server on PostgreSQL.
 * Its RSS is sampled every 5 s for DIDBAN_MEM_SECONDS (240): flat means no growth with chunks done.
 *
 *   pnpm bench:worker-memory
 *
 * Prints RSS over time, chunks done and findings, and the load average beside every sample.
 *
 * DIDBAN_MEM_TEMPLATES_DIR=<folder of nuclei templates> (e.g. a nuclei-templates checkout's `http`)
 * saves templates in the workspace through the API as a user would, until DIDBAN_MEM_TEMPLATES
 * (1,000) of them are runnable (the rest are skipped), and scans with them instead of the library:
 * 10,000 × 1,000 pairs, and a thousand templates' regexes and expressions through the worker's caches.
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { readPublicLibrary } from '../../../apps/server/src/templates/public-library.js';
import { startLab } from '../../lab/src/lab.js';
import { jsonApi } from '../lib/json-api.js';
import { labWorkspace } from '../lib/lab-workspace.js';
import { createBenchDatabase, loadPg, startServerProcess } from '../lib/server-process.mjs';
import { spawnWorker } from '../lib/worker-process.mjs';

const pg = (await loadPg()) as typeof import('pg');

const HOSTS = Number(process.env.DIDBAN_MEM_HOSTS ?? 10_000);
const SECONDS = Number(process.env.DIDBAN_MEM_SECONDS ?? 240);
const SITES = 50;
const TEMPLATES_DIR = process.env.DIDBAN_MEM_TEMPLATES_DIR;
const TEMPLATE_COUNT = Number(process.env.DIDBAN_MEM_TEMPLATES ?? 1_000);
// The worker's --rate-limit (requests a second per chunk; 0 = none). Unset: Nuclei's 150, at which
// 10,000 × 1,000 takes hours; the lab is ours to load, so a whole run sets 0.
const RATE_LIMIT = process.env.DIDBAN_MEM_RATE_LIMIT;

/** Template files under a folder, in a stable order. */
function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...yamlFiles(path));
    else if (/\.ya?ml$/.test(entry.name)) out.push(path);
  }
  return out;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

const database = await createBenchDatabase();
const lab = await startLab({ plantDefaults: false });
const server = await startServerProcess({
  DATABASE_URL: database.url,
  DIDBAN_BUILTIN_WORKER: '0',
  DIDBAN_FREE_SCANS: '100000',
  DIDBAN_FREE_ASSETS: '1000000',
  DIDBAN_AUTH_RATE_LIMIT: '100000',
});
const client = new pg.Client({ connectionString: database.url });
await client.connect();
let worker: ChildProcess | undefined;
try {
  const library = readPublicLibrary();
  const http = library.templates.filter((t) => !t.facts.rejected_reason && t.facts.protocol === 'http');
  const weaknesses = lab.weaknesses.catalog();
  const names: string[] = [];
  for (let s = 0; s < SITES; s++) {
    const site = `m${s}.lab.didban.test`;
    const info = await lab.weaknesses.plant(site, weaknesses[s % weaknesses.length]!);
    names.push(site);
    for (let n = 1; n < HOSTS / SITES; n++) {
      const alias = `m${s}-${n}.lab.didban.test`;
      await lab.control.addHost({ name: alias, ip: info.ip, services: [] });
      names.push(alias);
    }
  }
  const api = jsonApi(server.url);
  const { access, ws, group } = await labWorkspace(api, client, 'memory', 'Memory', names);
  let templateIds = http.map((t) => t.id);
  if (TEMPLATES_DIR) {
    templateIds = [];
    for (const file of yamlFiles(TEMPLATES_DIR)) {
      if (templateIds.length >= TEMPLATE_COUNT) break;
      try {
        const saved = await api('POST', 'panel/templates/', { yaml: readFileSync(file, 'utf8') }, access);
        // Saved but not runnable (code, headless, …): a scan refuses it, so it is left out.
        if (saved.runnable) templateIds.push(saved.id);
      } catch {
        // Refused by the server (invalid, too large, a duplicate id): not scanned.
      }
    }
  }
  const run = await api(
    'POST',
    'panel/scans/bulk-create/',
    { name: 'Memory', asset_groups: [group], template_ids: templateIds },
    access,
  );
  const { api_key } = await api('POST', 'panel/workers/', { name: 'memory' }, access);
  const status0 = await api(
    'GET',
    `panel/scans/${run.scan_id}/histories/${run.scan_history_id}/status`,
    undefined,
    access,
  );
  console.log(
    `${names.length} hosts × ${templateIds.length} templates = ${(names.length * templateIds.length).toLocaleString('en')} pairs in ${status0.total_task} chunks`,
  );
  worker = spawnWorker({
    server: server.url,
    key: api_key,
    resolver: lab.resolver,
    args: RATE_LIMIT !== undefined ? ['--rate-limit', RATE_LIMIT] : [],
  });
  const started = Date.now();
  console.log('| t (s) | RSS (MB) | chunks done | findings | load (1 min) |');
  console.log('| --- | --- | --- | --- | --- |');
  const samples: number[] = [];
  while (Date.now() - started < SECONDS * 1000) {
    await sleep(5_000);
    const s = await api(
      'GET',
      `panel/scans/${run.scan_id}/histories/${run.scan_history_id}/status`,
      undefined,
      access,
    );
    const findings = (
      await client.query(`select count(*)::int as n from vulnerabilities where workspace_id = $1`, [ws])
    ).rows[0].n;
    const rss = rssMb(worker.pid!);
    samples.push(rss);
    console.log(
      `| ${((Date.now() - started) / 1000).toFixed(0)} | ${rss.toFixed(0)} | ${s.tasks_done}/${s.total_task} | ${findings} | ${os.loadavg()[0]!.toFixed(1)} |`,
    );
    if (s.status !== 'running') break;
  }
  console.log(`ran ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const firstHalf = samples.slice(0, Math.ceil(samples.length / 2));
  const secondHalf = samples.slice(Math.ceil(samples.length / 2));
  const max = (xs: number[]) => Math.max(...xs);
  console.log(
    `RSS max ${max(samples).toFixed(0)} MB (first half ${max(firstHalf).toFixed(0)}, second half ${max(secondHalf.length ? secondHalf : firstHalf).toFixed(0)})`,
  );
} finally {
  worker?.kill('SIGKILL');
  await client.end();
  await server.stop();
  await lab.stop();
  await database.drop();
}
