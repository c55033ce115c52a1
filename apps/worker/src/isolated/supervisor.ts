/**
 * Run a worker in a child process and keep it honest: answer its server calls (over IPC), watch
 * its ticks, and kill it when one computation blocks it too long or a task outlives its time
 * budget. The guilty tasks are failed with the reason and a fresh child takes over, so a
 * template that would stall an event loop only ever stalls this disposable process.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { WorkerEvent } from '../options.js';
import {
  type ApiRequest,
  type ApiResponse,
  CHILD_CONFIG_ENV,
  type ChildMessage,
  type IsolatedChildConfig,
  type ParentMessage,
} from './protocol.js';

export const ISOLATED_WORKER_ENTRY = fileURLToPath(
  new URL('../../bin/didban-isolated-worker.mjs', import.meta.url),
);

export type SupervisorEvent =
  | WorkerEvent
  | { type: 'killed'; reason: string; taskIds: string[] }
  | { type: 'exited'; code: number | null; signal: string | null }
  | { type: 'refused'; message: string };

export interface IsolatedWorkerOptions {
  config: IsolatedChildConfig;
  /** Answer one worker-protocol call (the server runs it in-process). */
  api: (request: ApiRequest) => Promise<ApiResponse>;
  /** Longest a task may run, seconds. */
  taskTimeLimitSeconds: number;
  /** Most CPU seconds the child may spend without a pause (no tick) while tasks run. */
  stallLimitSeconds: number;
  /**
   * Most resident memory (MB) the child may hold; over it the child is killed and its tasks
   * failed. Counts what a heap cap does not: response bodies are buffers outside the V8 heap.
   */
  memoryLimitMb?: number;
  /** Node flags of the child. */
  execArgv?: string[];
  onEvent?: (event: SupervisorEvent) => void;
}

export interface IsolatedWorkerHandle {
  running(): number;
  pid(): number | undefined;
  stop(): Promise<void>;
}

/** User + system CPU seconds of a process (Linux), or undefined where /proc is not there. */
function childCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, inside parentheses).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
/** Resident set size of a process in MB (Linux), or undefined where /proc is not there. */
function childRssMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

// Why the built-in worker stopped a task; the panel tells them in fa too (core's runMessageText).
export const memoryReason = (mb: number) =>
  `the built-in worker stopped this task: its process needed more than ${mb} MB of memory (DIDBAN_BUILTIN_WORKER_MEMORY_MB; a template holding too many or too large responses at once)`;
export const stallReason = (seconds: number) =>
  `the built-in worker stopped this task: it computed for more than ${seconds} s without a pause (a template too costly to run, e.g. a catastrophic regular expression)`;
export const timeBudgetReason = (seconds: number) =>
  `the built-in worker stopped this task: it ran longer than its ${seconds} s budget`;

/** USER_HZ: 100 on every Linux Node runs on. */
const CLOCK_TICKS = 100;

const TASK_ID = /\/api\/v1\/worker\/tasks\/([^/]+)\/(complete|fail)\/$/;

/**
 * @example
 * const worker = startIsolatedWorker({ config: { apiKey, scope }, api: (r) => inject(r),
 *   taskTimeLimitSeconds: 1800, stallLimitSeconds: 10 });
 */
export function startIsolatedWorker(options: IsolatedWorkerOptions): IsolatedWorkerHandle {
  const emit = (event: SupervisorEvent) => options.onEvent?.(event);
  let child: ChildProcess | undefined;
  let stopping = false;
  let lastTick = Date.now();
  /** Task id → when it was claimed, as seen in the claim answers passing through. */
  const running = new Map<string, number>();
  let restartDelay = 500;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  let startedAt = 0;
  /** Children this supervisor killed itself (their tasks are failed already). */
  const killedHere = new WeakSet<ChildProcess>();

  const failTask = (taskId: string, reason: string) =>
    options
      .api({
        method: 'POST',
        path: `/api/v1/worker/tasks/${encodeURIComponent(taskId)}/fail/`,
        headers: {
          authorization: `Worker ${options.config.apiKey}`,
          'content-type': 'application/json',
          'accept-language': 'en',
        },
        body: JSON.stringify({ error: reason }),
      })
      .catch(() => undefined);

  async function answer(target: ChildProcess, id: number, request: ApiRequest): Promise<void> {
    let response: ApiResponse;
    try {
      response = await options.api(request);
    } catch (error) {
      response = {
        status: 503,
        body: JSON.stringify({ code: 'unavailable', message: (error as Error).message }),
      };
    }
    if (request.path.endsWith('/tasks/claim/') && response.status < 300) {
      const task = (JSON.parse(response.body) as { data?: { task?: { id?: string } | null } }).data?.task;
      if (task?.id) running.set(task.id, Date.now());
    }
    const done = TASK_ID.exec(request.path);
    if (done && response.status < 300) running.delete(decodeURIComponent(done[1]!));
    if (target.connected) target.send({ type: 'api-reply', id, response } satisfies ParentMessage);
  }

  function spawnChild(): void {
    startedAt = Date.now();
    lastTick = Date.now();
    const spawned = fork(ISOLATED_WORKER_ENTRY, [], {
      execArgv: options.execArgv ?? [],
      env: { ...process.env, [CHILD_CONFIG_ENV]: JSON.stringify(options.config) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = spawned;
    spawned.on('message', (message: ChildMessage) => {
      if (message.type === 'tick') lastTick = Date.now();
      else if (message.type === 'api') void answer(spawned, message.id, message.request);
      else if (message.type === 'refused') emit({ type: 'refused', message: message.message });
      else if (message.type === 'event') {
        const event = message.event;
        if ('taskId' in event && event.type !== 'claimed' && event.type !== 'batch')
          running.delete(event.taskId);
        emit(event);
      }
    });
    spawned.on('exit', (code, signal) => {
      if (child === spawned) child = undefined;
      emit({ type: 'exited', code, signal });
      // Died on its own with tasks in hand: V8 aborts a child past its heap cap (SIGABRT), the
      // kernel's OOM killer sends SIGKILL. Fail those tasks now, saying why, rather than leave
      // them to a lease that runs out.
      if (!killedHere.has(spawned) && running.size && !stopping && (code !== 0 || signal)) {
        const ids = [...running.keys()];
        running.clear();
        const reason =
          signal === 'SIGABRT' || signal === 'SIGKILL' || code === 134
            ? memoryReason(options.memoryLimitMb ?? 0)
            : `the built-in worker stopped this task: its process ended unexpectedly (${signal ?? `exit code ${code}`})`;
        emit({ type: 'killed', reason, taskIds: ids });
        for (const id of ids) void failTask(id, reason);
      }
      if (stopping) return;
      // Crashing again and again (a broken install): wait longer each time, up to 30 s.
      restartDelay = Date.now() - startedAt > 60_000 ? 500 : Math.min(restartDelay * 2, 30_000);
      restartTimer = setTimeout(spawnChild, restartDelay);
    });
  }

  /** Kill the child for `reason`, fail the tasks it held, let the exit handler start a new one. */
  function killFor(reason: string, taskIds: string[]): void {
    const target = child;
    if (!target) return;
    child = undefined;
    killedHere.add(target);
    target.kill('SIGKILL');
    for (const id of taskIds) running.delete(id);
    emit({ type: 'killed', reason, taskIds });
    for (const id of taskIds) void failTask(id, reason);
  }

  let lastWatch = Date.now();
  let seenTick = lastTick;
  let cpuAtTick: number | undefined;
  const watchdog = setInterval(() => {
    const now = Date.now();
    // This process was busy itself (ticks may wait unread in its queue): no verdict this round.
    const parentStalled = now - lastWatch > 1_000;
    lastWatch = now;
    if (parentStalled) lastTick = Math.max(lastTick, now - 250);
    const pid = child?.pid;
    // CPU the child spent since its last tick: a starved child on a loaded machine is slow but
    // does not burn CPU without ticking; a child stuck in a regex does (Linux /proc; elsewhere
    // the wall clock stands in).
    const cpu = pid === undefined ? undefined : childCpuSeconds(pid);
    if (lastTick !== seenTick || cpuAtTick === undefined) {
      seenTick = lastTick;
      cpuAtTick = cpu;
    }
    if (!child || running.size === 0) return;
    const rss = pid === undefined || !options.memoryLimitMb ? undefined : childRssMb(pid);
    if (rss !== undefined && rss > options.memoryLimitMb!) {
      killFor(memoryReason(options.memoryLimitMb!), [...running.keys()]);
      cpuAtTick = undefined;
      return;
    }
    const busySeconds =
      cpu !== undefined && cpuAtTick !== undefined ? cpu - cpuAtTick : (now - lastTick) / 1000;
    if (busySeconds > options.stallLimitSeconds) {
      killFor(stallReason(options.stallLimitSeconds), [...running.keys()]);
      cpuAtTick = undefined;
      return;
    }
    const late = [...running]
      .filter(([, at]) => now - at > options.taskTimeLimitSeconds * 1000)
      .map(([id]) => id);
    if (late.length) killFor(timeBudgetReason(options.taskTimeLimitSeconds), late);
  }, 250);

  spawnChild();

  return {
    running: () => running.size,
    pid: () => child?.pid,
    async stop() {
      stopping = true;
      clearInterval(watchdog);
      clearTimeout(restartTimer);
      const target = child;
      if (!target || target.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => target.kill('SIGKILL'), 10_000);
        target.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        if (target.connected) target.send({ type: 'stop' } satisfies ParentMessage);
        else target.kill('SIGKILL');
      });
    },
  };
}
