/**
 * The worker loop: say hello, poll for tasks, run up to `maxConcurrency` at once, heartbeat each
 * one, post results in numbered batches, complete or fail. Network errors and server restarts are
 * waited out with exponential backoff; a task the server cancelled stops at the next heartbeat.
 */
import { networkInterfaces } from 'node:os';
import type { ClaimedTask } from '@didban/core';
import { type GateName, runnerGates } from '@didban/engine';
import { runDiscoveryTask } from './discovery-task.js';
import { createServerClient, isRetryable, type ServerClient, ServerError } from './http-client.js';
import { WORKER_DEFAULTS, type WorkerEvent, type WorkerOptions } from './options.js';
import { runTemplateRunTask, TEMPLATE_RUN_BATCH_SIZE } from './template-run-task.js';
import { WORKER_VERSION } from './version.js';

type TaskRunner = {
  run: (
    payload: unknown,
    options: WorkerOptions,
    signal: AbortSignal,
    emit: (item: unknown) => Promise<void>,
  ) => Promise<Record<string, unknown>>;
  /** Items per result batch when smaller than the worker's batch size (large items). */
  batchSize?: number;
  /**
   * Post what is buffered when the last post is older than this, so someone watching the task
   * sees results while it runs instead of at the end.
   */
  flushAfterMs?: number;
};

/** What each task kind runs; the server stores results per kind (apps/server/src/…/*-kind.ts). */
const TASK_RUNNERS: Record<string, TaskRunner> = {
  discovery: {
    run: (payload, options, signal, emit) => runDiscoveryTask(payload, options, signal, emit),
    // The panel's "assets so far" counts up while discovery runs, not only at its end.
    flushAfterMs: 2_000,
  },
  'template-run': {
    run: (payload, options, signal, emit) =>
      runTemplateRunTask(payload, signal, emit, {
        ...(options.resolvers ? { resolvers: options.resolvers } : {}),
        ...(options.scope ? { scope: options.scope } : {}),
        ...(options.maxRequestsPerTask ? { maxRequests: options.maxRequestsPerTask } : {}),
        ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}),
        ...(options.interactsh ? { interactsh: options.interactsh } : {}),
        ...(options.runner ? { runner: options.runner } : {}),
        ...(options.headless ? { headless: true } : {}),
        ...(options.code ? { code: true } : {}),
        ...(options.fileRoots?.length ? { fileRoots: options.fileRoots } : {}),
        ...(options.templateSigningKeys?.length ? { templateSigningKeys: options.templateSigningKeys } : {}),
      }),
    batchSize: TEMPLATE_RUN_BATCH_SIZE,
    flushAfterMs: 2_000,
  },
};

/** How old the last result post may get before a partial batch is posted (undefined: only full ones). */
export const flushAfterMsFor = (kind: string, options: Pick<WorkerOptions, 'flushAfterMs'>) =>
  options.flushAfterMs ?? TASK_RUNNERS[kind]?.flushAfterMs;

/** The gates this worker's operator opened with flags (the built-in worker's table says never for code and file). */
function openedGates(options: WorkerOptions): GateName[] {
  const opened: GateName[] = [];
  if (options.headless) opened.push('headless');
  if (options.code) opened.push('code');
  if (options.fileRoots?.length) opened.push('file');
  return opened;
}

/** Task kinds this worker runs. */
export const WORKER_TASK_KINDS = ['discovery', 'template-run'] as const;

export interface WorkerHandle {
  /** Tasks running now. */
  running(): number;
  /** Stop claiming, abort running tasks (their leases lapse and another worker resumes them), wait. */
  stop(): Promise<void>;
  /**
   * Drop everything at once without telling the server, like a crashed process (tests use it to
   * show that an abandoned lease loses nothing).
   */
  kill(): void;
}

class Stopped extends Error {}

function defaultIp(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const address of list ?? [])
      if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  return undefined;
}

/**
 * Start a worker; it runs until `stop()`.
 * @example
 *   const worker = startWorker({ serverUrl: 'http://localhost:8080', apiKey: process.env.DIDBAN_WORKER_KEY! });
 *   process.on('SIGTERM', () => worker.stop());
 */
export function startWorker(options: WorkerOptions): WorkerHandle {
  const client: ServerClient = createServerClient(options.serverUrl, options.apiKey, options.fetch);
  const maxConcurrency = Math.max(1, Math.floor(options.maxConcurrency ?? WORKER_DEFAULTS.maxConcurrency));
  const intervalMs =
    Math.max(0.05, options.taskIntervalSeconds ?? WORKER_DEFAULTS.taskIntervalSeconds) * 1000;
  const backoffMin = options.backoffMinMs ?? 1_000;
  const backoffMax = options.backoffMaxMs ?? 30_000;
  const batchSize = Math.max(1, options.batchSize ?? WORKER_DEFAULTS.batchSize);
  const emit = (event: WorkerEvent) => options.onEvent?.(event);
  // What tasks run with: the operator's flags, then what the server hands out at hello.
  let taskOptions: WorkerOptions = options;

  const life = new AbortController();
  let killed = false;
  const active = new Map<number, { done: Promise<void> }>();
  let runs = 0;
  const heartbeats = new Set<ReturnType<typeof setInterval>>();
  let wake: (() => void) | undefined;

  /** Wait `ms`, or less when woken (a slot freed) or stopped. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        life.signal.removeEventListener('abort', done);
        wake = undefined;
        resolve();
      }
      wake = done;
      life.signal.addEventListener('abort', done, { once: true });
    });

  /** Call the server until it answers; back off on network errors and 5xx; rethrow 4xx. */
  async function withRetry<T>(action: string, call: () => Promise<T>, signal = life.signal): Promise<T> {
    let wait = backoffMin;
    for (;;) {
      if (signal.aborted || killed) throw new Stopped();
      try {
        return await call();
      } catch (error) {
        if (!isRetryable(error)) throw error;
        // Jitter so a restarted server is not met by every worker in the same millisecond.
        const waitMs = Math.round(wait * (0.8 + Math.random() * 0.4));
        emit({ type: 'retry', action, error: (error as Error).message, waitMs });
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          signal.addEventListener(
            'abort',
            () => {
              clearTimeout(timer);
              resolve();
            },
            { once: true },
          );
        });
        wait = Math.min(wait * 2, backoffMax);
      }
    }
  }

  async function runTask(task: ClaimedTask): Promise<void> {
    const controller = new AbortController();
    const onLifeAbort = () => controller.abort();
    life.signal.addEventListener('abort', onLifeAbort, { once: true });
    const state: { outcome: 'running' | 'cancelled' | 'lease-lost' } = { outcome: 'running' };
    const stopWith = (why: 'cancelled' | 'lease-lost') => {
      if (state.outcome === 'running') state.outcome = why;
      controller.abort();
    };

    const beat = async () => {
      if (killed) return;
      try {
        const answer = await client.heartbeat(task.id);
        if (answer.cancel) stopWith('cancelled');
      } catch (error) {
        if (error instanceof ServerError && !error.retryable) stopWith('lease-lost');
        // Network trouble: the next beat tries again; the lease is a few beats long.
      }
    };
    const heartbeat = setInterval(() => void beat(), Math.max(50, task.heartbeat_seconds * 1000));
    heartbeats.add(heartbeat);

    let seq = 0;
    let buffer: unknown[] = [];
    const runner = TASK_RUNNERS[task.kind];
    const kindBatchSize = Math.min(batchSize, runner?.batchSize ?? batchSize);
    let lastFlush = Date.now();
    const flush = async () => {
      if (buffer.length === 0) return;
      lastFlush = Date.now();
      const items = buffer;
      buffer = [];
      const thisSeq = seq++;
      const answer = await withRetry(
        'results',
        () => client.results(task.id, thisSeq, items, task.attempt),
        controller.signal,
      );
      emit({ type: 'batch', taskId: task.id, seq: thisSeq, items: items.length, stored: answer.stored });
    };
    const guard = <T>(promise: Promise<T>) =>
      promise.catch((error: unknown) => {
        if (error instanceof ServerError && (error.code === 'lease_lost' || error.code === 'task_cancelled'))
          stopWith(error.code === 'lease_lost' ? 'lease-lost' : 'cancelled');
        throw error;
      });

    try {
      if (!runner) throw new Error(`this worker does not run tasks of kind ${task.kind}`);
      const stats = await runner.run(task.payload, taskOptions, controller.signal, async (item) => {
        buffer.push(item);
        const flushAfterMs = flushAfterMsFor(task.kind, options);
        const stale = flushAfterMs !== undefined && Date.now() - lastFlush >= flushAfterMs;
        if (buffer.length >= kindBatchSize || stale) await guard(flush());
      });
      if (controller.signal.aborted) throw new Stopped();
      await guard(flush());
      await guard(withRetry('complete', () => client.complete(task.id, stats), controller.signal));
      emit({ type: 'completed', taskId: task.id });
    } catch (error) {
      if (killed) return;
      if (state.outcome === 'cancelled') emit({ type: 'cancelled', taskId: task.id });
      else if (state.outcome === 'lease-lost') emit({ type: 'lease-lost', taskId: task.id });
      else if (error instanceof Stopped || controller.signal.aborted)
        emit({ type: 'stopped-task', taskId: task.id });
      else {
        const message = (error as Error).message || String(error);
        // Results found before the failure (e.g. a run stopped at its request cap) are kept.
        await flush().catch(() => {});
        await withRetry('fail', () => client.fail(task.id, message.slice(0, 2000)), life.signal).catch(
          () => {},
        );
        emit({ type: 'failed', taskId: task.id, error: message });
      }
    } finally {
      clearInterval(heartbeat);
      heartbeats.delete(heartbeat);
      life.signal.removeEventListener('abort', onLifeAbort);
    }
  }

  async function loop(): Promise<void> {
    const hello = await withRetry('hello', () =>
      client.hello({
        ...(options.name ? { name: options.name } : {}),
        ...(options.country ? { country: options.country } : {}),
        ...((options.ip ?? defaultIp()) ? { ip: options.ip ?? defaultIp() } : {}),
        version: WORKER_VERSION,
        // Shown on the worker's page: what it may run beyond requests to its targets.
        capabilities: {
          gates: runnerGates(options.runner ?? 'self-hosted', openedGates(options)),
          interactsh: options.interactsh ? 'own' : 'none',
        },
      }),
    );
    emit({ type: 'hello', workerId: hello.worker_id, name: hello.name });
    if (!options.interactsh && hello.interactsh) taskOptions = { ...options, interactsh: hello.interactsh };
    while (!life.signal.aborted) {
      let claimed = false;
      while (active.size < maxConcurrency && !life.signal.aborted) {
        const task = await withRetry('claim', () => client.claim([...WORKER_TASK_KINDS]));
        if (!task) break;
        claimed = true;
        emit({ type: 'claimed', taskId: task.id, kind: task.kind, attempt: task.attempt });
        // Keyed by run, not task: a lease that lapsed under load may come back to this same
        // worker while the old run is still unwinding.
        const run = ++runs;
        const done = runTask(task).finally(() => {
          active.delete(run);
          wake?.();
        });
        active.set(run, { done });
      }
      // Full: wait for a slot (woken early when one frees). Empty queue: wait the task interval.
      await pause(claimed && active.size < maxConcurrency ? 0 : intervalMs);
    }
  }

  const running = loop().catch((error: unknown) => {
    if (error instanceof Stopped || life.signal.aborted) return;
    // A 4xx on hello/claim (a revoked key): report, wait, and start over.
    emit({ type: 'retry', action: 'loop', error: (error as Error).message, waitMs: backoffMax });
  });

  return {
    running: () => active.size,
    async stop() {
      life.abort();
      await running;
      await Promise.all([...active.values()].map((a) => a.done));
    },
    kill() {
      killed = true;
      // A dead process sends nothing more: no heartbeat keeps its leases alive.
      for (const timer of heartbeats) clearInterval(timer);
      heartbeats.clear();
      life.abort();
    },
  };
}
