/**
 * `pnpm bench:chaos`: the chaos run (chaos.ts) with the lab's 1,000 hosts, a kill every 10 s.
 * Env: DIDBAN_CHAOS_HOSTS (1000), DIDBAN_CHAOS_KILL_EVERY (10 s), DIDBAN_CHAOS_TIMEOUT (900 s).
 * Exits 1 when an end check fails. Loopback only; the PostgreSQL of DIDBAN_TEST_PG_URL.
 */
import os from 'node:os';
import { runChaos } from './chaos.js';

const started = Date.now();
const figures = await runChaos({
  hosts: Number(process.env.DIDBAN_CHAOS_HOSTS ?? 1000),
  killEverySeconds: Number(process.env.DIDBAN_CHAOS_KILL_EVERY ?? 10),
  timeoutSeconds: Number(process.env.DIDBAN_CHAOS_TIMEOUT ?? 900),
  log: (line) =>
    console.log(
      `[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s, load ${os.loadavg()[0]!.toFixed(1)}] ${line}`,
    ),
});
console.log(JSON.stringify(figures, null, 2));
console.log(
  `chaos: ${figures.passed ? 'PASSED' : 'FAILED'} — tasks ${figures.tasks} (${figures.tasks_done} done, ${figures.tasks_failed_with_reason} failed with a reason), ` +
    `kills ${figures.kills.server} server + ${figures.kills.worker} worker, connections dropped ${figures.connections_dropped}, retries ${figures.retries}, ` +
    `duplicates ${figures.duplicate_assets + figures.duplicate_findings + figures.duplicate_batches}, lost ${figures.lost}, ` +
    `pairs not run cleanly ${figures.unclean_pairs.calm} calm / ${figures.unclean_pairs.chaos} chaos (explaining ${figures.explained_by_unclean_pairs} differences)`,
);
process.exit(figures.passed ? 0 : 1);
