/**
 * The isolated worker process (the server's built-in worker runs here): a plain worker whose
 * server calls go over IPC, whose every socket passes the scope policy, and which ticks to its
 * supervisor so a computation that blocks it (a catastrophic regex) is noticed and killed there
 * while the API keeps answering.
 */
import { createScopePolicy, installSocketGuard, type ScopePolicy } from '@didban/engine';
import { startWorker } from '../worker.js';
import {
  type ApiResponse,
  CHILD_CONFIG_ENV,
  type ChildMessage,
  type IsolatedChildConfig,
  type ParentMessage,
} from './protocol.js';

const TICK_MS = 200;
/** The base URL the worker client builds paths on; only its path reaches the supervisor. */
const IPC_ORIGIN = 'http://didban.ipc';

function send(message: ChildMessage): void {
  process.send?.(message);
}

const pending = new Map<number, (response: ApiResponse) => void>();
let nextId = 1;

/** fetch over IPC: the supervisor runs the request against the server in-process. */
const ipcFetch: typeof fetch = async (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    headers[name] = value;
  });
  const id = nextId++;
  const response = await new Promise<ApiResponse>((resolve, reject) => {
    pending.set(id, resolve);
    init?.signal?.addEventListener('abort', () => {
      pending.delete(id);
      reject(init.signal?.reason ?? new Error('aborted'));
    });
    send({
      type: 'api',
      id,
      request: {
        method: init?.method ?? 'GET',
        path: url.pathname + url.search,
        headers,
        body: String(init?.body ?? ''),
      },
    });
  });
  return new Response(response.body, {
    status: response.status,
    headers: { 'content-type': 'application/json' },
  });
};

function main(): void {
  const config = JSON.parse(process.env[CHILD_CONFIG_ENV] ?? '{}') as IsolatedChildConfig;
  // The config carries the worker key: keep it out of anything this process spawns.
  delete process.env[CHILD_CONFIG_ENV];
  let policy: ScopePolicy | undefined;
  if (config.scope) {
    policy = createScopePolicy({
      blockInternal: config.scope.blockInternal,
      allow: config.scope.allow,
      deny: config.scope.deny,
      ownAddresses: config.scope.ownAddresses,
    });
    installSocketGuard(policy, {
      trusted: config.scope.trusted,
      onRefused: (refusal) => send({ type: 'refused', message: refusal.message }),
    });
  }
  const worker = startWorker({
    serverUrl: IPC_ORIGIN,
    apiKey: config.apiKey,
    fetch: ipcFetch,
    ...(policy ? { scope: policy } : {}),
    ...(config.taskIntervalSeconds !== undefined ? { taskIntervalSeconds: config.taskIntervalSeconds } : {}),
    ...(config.maxConcurrency !== undefined ? { maxConcurrency: config.maxConcurrency } : {}),
    ...(config.resolvers?.length ? { resolvers: config.resolvers } : {}),
    ...(config.providers?.length ? { providers: config.providers } : {}),
    ...(config.screenshots ? { screenshots: true } : {}),
    // The headless gate of the built-in worker: closed unless the server's operator opens it.
    ...(process.env.DIDBAN_BUILTIN_WORKER_HEADLESS === '1' ? { headless: true } : {}),
    ...(config.maxRequestsPerTask ? { maxRequestsPerTask: config.maxRequestsPerTask } : {}),
    runner: 'builtin',
    onEvent: (event) => send({ type: 'event', event }),
  });
  const tick = setInterval(() => send({ type: 'tick' }), TICK_MS);
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'api-reply') {
      pending.get(message.id)?.(message.response);
      pending.delete(message.id);
    } else if (message.type === 'stop') {
      clearInterval(tick);
      void worker.stop().finally(() => process.exit(0));
    }
  });
  // The supervisor is gone (server crashed): nothing left to report to.
  process.on('disconnect', () => process.exit(0));
}

main();
