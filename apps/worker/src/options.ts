import type { PassiveProviderConfig, ScopePolicy } from '@didban/engine';

/** Spec §9 worker defaults. Timeouts are seconds; 0 means the engine's default, never "no limit". */
export const WORKER_DEFAULTS = Object.freeze({
  taskIntervalSeconds: 15,
  maxConcurrency: 5,
  wappalyzerTimeoutSeconds: 5,
  naabuTimeoutSeconds: 0,
  httpxTimeoutSeconds: 5,
  batchSize: 50,
  /** Nuclei's default requests a second (-rl 150). */
  rateLimit: 150,
});

export interface WorkerOptions {
  /** Didban server origin, e.g. http://localhost:8080. */
  serverUrl: string;
  /** The worker's API key (shown once when the worker was created in the panel). */
  apiKey: string;
  /** Reported at hello; the server keeps the panel's name when empty. */
  name?: string;
  country?: string;
  /** Reported address; the first non-loopback IPv4 of this machine when unset. */
  ip?: string;
  /** Seconds between polls when the queue is empty (spec §9: 15). */
  taskIntervalSeconds?: number;
  /** Tasks run at once (spec §9: 5). */
  maxConcurrency?: number;
  /** Technology detection per asset, seconds (spec's Wappalyzer timeout 5). */
  wappalyzerTimeoutSeconds?: number;
  /** One TCP connect of the port scan, seconds (spec's Naabu timeout 0 = engine default). */
  naabuTimeoutSeconds?: number;
  /** One HTTP probe, seconds (spec's Httpx timeout 5). */
  httpxTimeoutSeconds?: number;
  /** One DNS query, seconds (0 = engine default). */
  dnsTimeoutSeconds?: number;
  /** DNS servers as host:port; the system's resolvers when empty. */
  resolvers?: string[];
  /** Passive subdomain sources (crt.sh, CertSpotter, ...): none unless configured. */
  providers?: PassiveProviderConfig[];
  /**
   * Crawl each discovered web asset for its endpoints (issue 30; the crawler's limits: depth 3,
   * 200 pages, 60 s). Default on; `--no-crawl` turns it off for every discovery of this worker.
   */
  crawl?: boolean;
  /** Take screenshots of web assets with Chromium when it is installed. */
  screenshots?: boolean;
  /**
   * Run headless templates (the headless capability gate: `--headless`, the built-in worker's
   * DIDBAN_BUILTIN_WORKER_HEADLESS=1) in one pooled Chromium for the whole worker. Unset, they are
   * skipped with the gate's reason; without Chromium, with that reason.
   */
  headless?: boolean;
  /**
   * Run the interpreters of signed code templates (the code capability gate: `--code`,
   * `DIDBAN_CODE`). Never on the built-in worker, whatever is set.
   */
  code?: boolean;
  /**
   * Run file templates over the scan's targets taken as paths, only under these folders (the file
   * capability gate: `--file` with `--file-root`, `DIDBAN_FILE`/`DIDBAN_FILE_ROOTS`). Never on
   * the built-in worker.
   */
  fileRoots?: string[];
  /** PEM certificates or public keys whose signed code templates are trusted beside ProjectDiscovery's. */
  templateSigningKeys?: string[];
  /**
   * Requests one template-run task may send (every protocol); past it the task stops and fails
   * with the reason. Unset: no cap. The built-in worker sets DIDBAN_BUILTIN_TASK_MAX_REQUESTS.
   */
  maxRequestsPerTask?: number;
  /**
   * Requests a second a template-run task sends when the task does not set its own (Nuclei's -rl;
   * unset: the engine's 150; 0: no limit). The operator's choice for the networks this worker scans.
   */
  rateLimit?: number;
  /**
   * The interaction server for out-of-band templates (`--interactsh-url`/`--interactsh-token`).
   * Unset: the one the Didban server hands out at hello, if any; none: those templates skip.
   */
  interactsh?: { url: string; domain?: string; token?: string };
  /** The built-in worker (its child sets it) or a self-hosted one: capability gates differ. */
  runner?: 'builtin' | 'self-hosted';
  /** Assets per result batch. */
  batchSize?: number;
  /** Post a partial batch once the last post is this old, ms (default per task kind: 2 s). */
  flushAfterMs?: number;
  /** Backoff after a network error or a server restart: first and largest wait, ms. */
  backoffMinMs?: number;
  backoffMaxMs?: number;
  /**
   * How calls reach the server (default: fetch over the network). The built-in worker's child
   * process passes its calls to the server over IPC, so it never needs a socket to the server.
   */
  fetch?: typeof fetch;
  /**
   * The scan scope this worker enforces (the process's socket guard refuses the connects; this
   * lets a run say up front which targets it skipped and why).
   */
  scope?: ScopePolicy;
  /** Progress and trouble, for logs and tests. */
  onEvent?: (event: WorkerEvent) => void;
}

export type WorkerEvent =
  | { type: 'hello'; workerId: string; name: string }
  | { type: 'claimed'; taskId: string; kind: string; attempt: number }
  | { type: 'batch'; taskId: string; seq: number; items: number; stored: boolean }
  | { type: 'completed'; taskId: string }
  | { type: 'failed'; taskId: string; error: string }
  | { type: 'cancelled'; taskId: string }
  | { type: 'lease-lost'; taskId: string }
  | { type: 'stopped-task'; taskId: string }
  | { type: 'retry'; action: string; error: string; waitMs: number };

/** Seconds → engine milliseconds; 0 (or less) stays 0 so the engine uses its default. */
export function secondsToMs(seconds: number | undefined): number {
  return seconds && seconds > 0 ? Math.round(seconds * 1000) : 0;
}
