/**
 * The chaos run (issue 21): two server processes on one PostgreSQL, four self-hosted workers and
 * the built-in worker (inside server A), the lab with `hosts` names — a bulk scan and a discovery
 * run while a driver SIGKILLs a random worker or server every `killEverySeconds` and restarts it,
 * and once drops every PostgreSQL connection (pg_terminate_backend). The same scan first runs
 * calmly (no kills) in another workspace on the same lab; at the end:
 *   - every task finished exactly once, or failed with a reason after its attempts;
 *   - no duplicate asset or finding, no result batch stored twice;
 *   - nothing lost: the chaotic run found exactly what the calm one found, except on (template,
 *     host) pairs one of the two runs itself reports as not run cleanly (failed_pairs: a request
 *     timed out on a loaded machine) — those are counted apart, as explained differences.
 * Loopback only. Used by `pnpm bench:chaos` (run.ts) and, short, by tests/chaos.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLab } from '../../lab/src/lab.js';
import { sendJson } from '../lib/json-api.js';
import { labWorkspace } from '../lib/lab-workspace.js';
import { createBenchDatabase, freePort, loadPg } from '../lib/server-process.mjs';
import { type Managed, serverProcess, workerProcess } from './processes.js';

const pg = (await loadPg()) as typeof import('pg');

export type ChaosOptions = {
  hosts: number;
  /** Seconds between kills. */
  killEverySeconds: number;
  /** The chaotic phase gives up (and fails its checks) after this long. */
  timeoutSeconds: number;
  log?: (line: string) => void;
};

export type ChaosFigures = {
  hosts: number;
  templates: number;
  tasks: number;
  tasks_done: number;
  tasks_failed_with_reason: number;
  tasks_unfinished: number;
  chunks: number;
  kills: { server: number; worker: number };
  connections_dropped: number;
  retries: number;
  result_batches: number;
  duplicate_batches: number;
  duplicate_assets: number;
  duplicate_findings: number;
  calm_findings: number;
  chaos_findings: number;
  /** Calm findings missing after the chaos, not explained by a pair the chaos run reports failed. */
  lost: number;
  extra: number;
  /** (template, host) pairs each run reports as not run cleanly (timeouts and the like). */
  unclean_pairs: { calm: number; chaos: number };
  /** Differences between the runs on such pairs (reported by the runs themselves, not lost). */
  explained_by_unclean_pairs: number;
  discovered_assets: number;
  /** Why the tasks that failed failed (after their attempts). */
  failed_reasons: string[];
  seconds: { calm: number; chaos: number };
  passed: boolean;
  problems: string[];
};

/** Templates whose weaknesses the lab plants on every site (ids = public library template ids). */
const TEMPLATES = [
  'git-config-exposure',
  'phpinfo-page',
  'spring-actuator-env',
  'ds-store-exposure',
  'dotenv-file-exposure',
  'git-head-exposure',
];
const NAMES_PER_SITE = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runChaos(options: ChaosOptions): Promise<ChaosFigures> {
  const log = options.log ?? (() => {});
  const problems: string[] = [];
  const database = await createBenchDatabase();
  const lab = await startLab({ plantDefaults: false });
  const processes: Managed[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'didban-chaos-'));
  const client = new pg.Client({ connectionString: database.url });
  try {
    // ---- the lab: weak sites, each with two planted weaknesses, and alias names
    const catalog = new Set(lab.weaknesses.catalog());
    const templates = TEMPLATES.filter((t) => catalog.has(t));
    const names: string[] = [];
    const sites = Math.ceil(options.hosts / NAMES_PER_SITE);
    for (let s = 0; s < sites; s++) {
      const site = `c${s}.lab.didban.test`;
      let ip = '';
      for (let k = 0; k < 2; k++)
        ip = (await lab.weaknesses.plant(site, templates[(s + k) % templates.length]!)).ip;
      names.push(site);
      for (let n = 1; n < NAMES_PER_SITE && names.length < options.hosts; n++) {
        const alias = `c${s}-n${n}.lab.didban.test`;
        await lab.control.addHost({ name: alias, ip, services: [] });
        names.push(alias);
      }
    }
    log(`lab: ${names.length} names on ${sites} weak sites, resolver ${lab.resolver}`);

    // ---- two servers on one PostgreSQL; the built-in worker lives in server A
    const [portA, portB] = [await freePort(), await freePort()];
    const common = {
      DATABASE_URL: database.url,
      DIDBAN_SECRET: 'chaos-run-shared-secret-0123456789abcdef',
      DIDBAN_FREE_SCANS: '100000',
      DIDBAN_FREE_ASSETS: '1000000',
      DIDBAN_AUTH_RATE_LIMIT: '100000',
      // Long enough that heartbeats late on a loaded machine do not lose leases on their own; a
      // killed worker's chunk comes back after it.
      DIDBAN_TASK_LEASE_SECONDS: '20',
      DIDBAN_TASK_MAX_ATTEMPTS: '8',
      DIDBAN_WORKER_RESOLVERS: lab.resolver,
      DIDBAN_BUILTIN_WORKER_INTERVAL: '1',
      // The lab lives on 127.x: the built-in worker must be allowed there (tenant-safe scanning).
      DIDBAN_BUILTIN_WORKER_ALLOW: '127.0.0.0/8',
    };
    const serverA = serverProcess('server-a', portA, {
      ...common,
      DIDBAN_BUILTIN_WORKER: '1',
      // One chunk at a time like the self-hosted workers: at its default of 5 the built-in worker
      // took most chunks, and each kill of server A then cost every one of them an attempt.
      DIDBAN_BUILTIN_WORKER_CONCURRENCY: '1',
      DIDBAN_DATA_DIR: join(dataDir, 'a'),
    });
    const serverB = serverProcess('server-b', portB, {
      ...common,
      DIDBAN_BUILTIN_WORKER: '0',
      DIDBAN_DATA_DIR: join(dataDir, 'b'),
    });
    const urls = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
    processes.push(serverA, serverB);
    await Promise.all([serverA.start(), serverB.start()]);
    await client.connect();
    log('servers up');

    // Clients spread over both servers; a call to a dead one retries on the other.
    let turn = 0;
    // biome-ignore lint/suspicious/noExplicitAny: each caller reads its own fields of a checked answer
    const api = async (method: string, path: string, body?: unknown, auth?: string): Promise<any> => {
      // Retry for up to three minutes: on a loaded machine a killed server takes most of a minute to
      // come back, and the other may answer 5xx for a moment after its connections were cut.
      const giveUpAt = Date.now() + 180_000;
      for (;;) {
        const url = urls[turn++ % urls.length]!;
        try {
          const r = await sendJson(url, method, path, body, auth, AbortSignal.timeout(15_000));
          if (r.status >= 500 && Date.now() < giveUpAt) throw new Error(`${r.status}`);
          if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
          return ((await r.json()) as { data: unknown }).data;
        } catch (error) {
          // A write is retried only when it never reached a server (refused): a POST cut off by a
          // kill may have been done, and doing it twice would make a second scan or group.
          const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
          if (Date.now() > giveUpAt || String(error).includes(': 4') || (method !== 'GET' && !refused))
            throw error;
          await sleep(300);
        }
      }
    };

    const setup = async (who: string) => {
      const { access, ws, group } = await labWorkspace(api, client, who, 'Lab', names);
      const keys: string[] = [];
      for (let i = 1; i <= 4; i++)
        keys.push((await api('POST', 'panel/workers/', { name: `${who}-w${i}` }, access)).api_key);
      return { access, ws, group, keys };
    };
    const workersFor = (who: string, keys: string[]) =>
      keys.map((key, i) => workerProcess(`${who}-w${i + 1}`, urls[i % 2]!, key, lab.resolver));

    const waitRun = async (
      access: string,
      run: { scan_id: string; scan_history_id: string },
      deadline: number,
    ) => {
      for (;;) {
        const s = await api(
          'GET',
          `panel/scans/${run.scan_id}/histories/${run.scan_history_id}/status`,
          undefined,
          access,
        );
        if (['finished', 'failed', 'cancelled'].includes(s.status)) return s.status as string;
        if (Date.now() > deadline) return 'timed out';
        await sleep(500);
      }
    };
    const templateIds = templates.map((t) => `public:${t}`);

    // ---- the calm run
    const calm = await setup('calm');
    const calmWorkers = workersFor('calm', calm.keys);
    for (const w of calmWorkers) await w.start();
    let t0 = performance.now();
    const calmRun = await api(
      'POST',
      'panel/scans/bulk-create/',
      { name: 'Calm', asset_groups: [calm.group], template_ids: templateIds },
      calm.access,
    );
    const calmStatus = await waitRun(calm.access, calmRun, Date.now() + options.timeoutSeconds * 1000);
    const calmSeconds = (performance.now() - t0) / 1000;
    for (const w of calmWorkers) await w.stop();
    if (calmStatus !== 'finished') problems.push(`the calm run ended ${calmStatus}`);
    log(`calm run: ${calmStatus} in ${calmSeconds.toFixed(1)} s`);

    // ---- the chaotic run: a bulk scan and a discovery while processes die
    const chaos = await setup('chaos');
    const chaosWorkers = workersFor('chaos', chaos.keys);
    processes.push(...chaosWorkers);
    for (const w of chaosWorkers) await w.start();
    t0 = performance.now();
    const chaosRun = await api(
      'POST',
      'panel/scans/bulk-create/',
      { name: 'Chaos', asset_groups: [chaos.group], template_ids: templateIds },
      chaos.access,
    );
    const discoveryGroup = await api(
      'POST',
      'panel/assets/',
      {
        name: 'Discovered',
        roots: names.slice(0, Math.min(5, names.length)),
        port_setting: 'custom',
        custom_ports: '80',
      },
      chaos.access,
    );
    const kills = { server: 0, worker: 0 };
    let dropped = 0;
    let stopDriver = false;
    const victims = [serverA, serverB, ...chaosWorkers];
    const driver = (async () => {
      let round = 0;
      while (!stopDriver) {
        // The first blow lands 2 s in: on a quiet machine a short chaotic run is over in seconds,
        // and a run that saw no kill proves nothing.
        await sleep((round === 0 ? Math.min(2, options.killEverySeconds) : options.killEverySeconds) * 1000);
        if (stopDriver) break;
        round += 1;
        if (round === 1) {
          // Once, first: every connection to the database is cut, as a failover or an
          // administrator would; the first kill follows at once, so even a short run sees both.
          const r = await client.query(
            `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
          );
          dropped = r.rows[0].n;
          log(`dropped ${dropped} PostgreSQL connections`);
        }
        const victim = victims[Math.floor(Math.random() * victims.length)]!;
        victim.kill();
        kills[victim.kind] += 1;
        log(`killed ${victim.name}`);
        await sleep(500);
        await victim.start().catch((e) => problems.push(`${victim.name} did not restart: ${e}`));
      }
    })();
    const deadline = Date.now() + options.timeoutSeconds * 1000;
    const chaosStatus = await waitRun(chaos.access, chaosRun, deadline);
    let discoveryStatus = 'timed out';
    for (;;) {
      const g = await api('GET', `panel/assets/${discoveryGroup.id}/`, undefined, chaos.access);
      if (['finished', 'failed', 'cancelled'].includes(g.status)) {
        discoveryStatus = g.status;
        break;
      }
      if (Date.now() > deadline) break;
      await sleep(500);
    }
    stopDriver = true;
    await driver;
    const chaosSeconds = (performance.now() - t0) / 1000;
    log(`chaos run: scan ${chaosStatus}, discovery ${discoveryStatus} in ${chaosSeconds.toFixed(1)} s`);
    if (chaosStatus !== 'finished') problems.push(`the chaotic scan ended ${chaosStatus}`);
    if (!['finished', 'failed'].includes(discoveryStatus))
      problems.push(`the discovery ended ${discoveryStatus}`);

    // ---- end checks, straight from the database
    const one = async (q: string, params: unknown[] = []) => (await client.query(q, params)).rows[0];
    const taskRows = await one(
      `select count(*)::int as tasks,
         count(*) filter (where status = 'done')::int as done,
         count(*) filter (where status = 'failed' and coalesce(error, '') <> '')::int as failed_with_reason,
         count(*) filter (where status not in ('done', 'failed', 'cancelled') or (status = 'failed' and coalesce(error, '') = ''))::int as unfinished,
         coalesce(sum(greatest(attempts - 1, 0)), 0)::int as retries
       from tasks where workspace_id = $1`,
      [chaos.ws],
    );
    const chunkRow = await one(
      `select count(*)::int as chunks, count(*) filter (where c.status not in ('done', 'failed'))::int as open,
         max(h.tasks_done)::int as tasks_done, max(h.total_task)::int as total_task
       from scan_chunks c join scan_histories h on h.id = c.history_id where h.id = $1`,
      [chaosRun.scan_history_id],
    );
    if (chunkRow.open > 0) problems.push(`${chunkRow.open} chunk(s) never ended`);
    if (chunkRow.tasks_done !== chunkRow.total_task)
      problems.push(
        `the run counted ${chunkRow.tasks_done} chunk ends for ${chunkRow.total_task} chunks (not exactly once)`,
      );
    const batches = await one(
      `select count(*)::int as n from task_result_batches b join tasks t on t.id = b.task_id where t.workspace_id = $1`,
      [chaos.ws],
    );
    const dupBatches = await one(
      `select count(*)::int as n from (select task_id, attempt, seq from task_result_batches group by 1, 2, 3 having count(*) > 1) d`,
    );
    const dupAssets = await one(
      `select count(*)::int as n from (select group_id, host, port from assets where workspace_id = $1 group by 1, 2, 3 having count(*) > 1) d`,
      [chaos.ws],
    );
    // Each finding's key, with the (template, host) pair that produced it.
    const findingsOf = async (ws: string) =>
      new Map(
        (
          await client.query(
            `select template_id || ' ' || coalesce(matcher_name, '') || ' ' || host || ' ' || matched_at as k,
               template_id || ' ' || host as pair from vulnerabilities where workspace_id = $1`,
            [ws],
          )
        ).rows.map((r) => [r.k as string, r.pair as string]),
      );
    const dupFindings = await one(
      `select count(*)::int as n from (select template_id, matcher_name, host, matched_at from vulnerabilities where workspace_id = $1 group by 1, 2, 3, 4 having count(*) > 1) d`,
      [chaos.ws],
    );
    const calmFindings = await findingsOf(calm.ws);
    const chaosFindings = await findingsOf(chaos.ws);
    // A (template, host) pair the run itself reports as not run cleanly (a request that timed out
    // on a loaded machine: the chunk's failed_pairs) explains a finding it lacks: that is the
    // engine's reported failure, not a result lost to a kill.
    const uncleanOf = async (historyId: string) =>
      new Set(
        (
          await client.query(
            `select p ->> 't' || ' ' || a.host as k
             from scan_chunks c cross join lateral jsonb_array_elements(c.failed_pairs) p
             join assets a on a.id = any(case when p ->> 'a' is null then c.asset_ids else array[(p ->> 'a')::uuid] end)
             where c.history_id = $1`,
            [historyId],
          )
        ).rows.map((r) => r.k as string),
      );
    const calmUnclean = await uncleanOf(calmRun.scan_history_id);
    const chaosUnclean = await uncleanOf(chaosRun.scan_history_id);
    const lostAll = [...calmFindings.keys()].filter((k) => !chaosFindings.has(k));
    const extraAll = [...chaosFindings.keys()].filter((k) => !calmFindings.has(k));
    const lost = lostAll.filter((k) => !chaosUnclean.has(calmFindings.get(k)!));
    const extra = extraAll.filter((k) => !calmUnclean.has(chaosFindings.get(k)!));
    const failedReasons = (
      await client.query(
        `select kind || ': ' || error as r from tasks where workspace_id = $1 and status = 'failed'`,
        [chaos.ws],
      )
    ).rows.map((r) => r.r as string);
    const discovered = await one(`select count(*)::int as n from assets where group_id = $1`, [
      discoveryGroup.id,
    ]);
    if (taskRows.unfinished > 0)
      problems.push(`${taskRows.unfinished} task(s) neither done nor failed with a reason`);
    if (dupBatches.n > 0) problems.push(`${dupBatches.n} result batch(es) stored twice`);
    if (dupAssets.n > 0) problems.push(`${dupAssets.n} duplicate asset(s)`);
    if (dupFindings.n > 0) problems.push(`${dupFindings.n} duplicate finding(s)`);
    if (lost.length) problems.push(`${lost.length} finding(s) of the calm run missing, e.g. ${lost[0]}`);
    if (extra.length) problems.push(`${extra.length} finding(s) the calm run did not have, e.g. ${extra[0]}`);
    if (calmFindings.size === 0) problems.push('the calm run found nothing: nothing was compared');
    return {
      hosts: names.length,
      templates: templates.length,
      tasks: taskRows.tasks,
      tasks_done: taskRows.done,
      tasks_failed_with_reason: taskRows.failed_with_reason,
      tasks_unfinished: taskRows.unfinished,
      chunks: chunkRow.chunks,
      kills,
      connections_dropped: dropped,
      retries: taskRows.retries,
      result_batches: batches.n,
      duplicate_batches: dupBatches.n,
      duplicate_assets: dupAssets.n,
      duplicate_findings: dupFindings.n,
      calm_findings: calmFindings.size,
      chaos_findings: chaosFindings.size,
      lost: lost.length,
      extra: extra.length,
      unclean_pairs: { calm: calmUnclean.size, chaos: chaosUnclean.size },
      explained_by_unclean_pairs: lostAll.length - lost.length + extraAll.length - extra.length,
      discovered_assets: discovered.n,
      failed_reasons: failedReasons,
      seconds: { calm: calmSeconds, chaos: chaosSeconds },
      passed: problems.length === 0,
      problems,
    };
  } finally {
    for (const p of processes) await p.stop();
    await client.end().catch(() => {});
    await lab.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
