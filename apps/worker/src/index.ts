// Public API of @didban/worker: the server runs the built-in worker through startWorker().
export { createServerClient, type ServerClient, ServerError } from './http-client.js';
export type { IsolatedChildConfig, IsolatedScopeConfig } from './isolated/protocol.js';
export {
  type IsolatedWorkerHandle,
  type IsolatedWorkerOptions,
  type SupervisorEvent,
  startIsolatedWorker,
} from './isolated/supervisor.js';
export { WORKER_DEFAULTS, type WorkerEvent, type WorkerOptions } from './options.js';
export { parseProviders } from './providers.js';
export { WORKER_VERSION } from './version.js';
export { startWorker, WORKER_TASK_KINDS, type WorkerHandle } from './worker.js';
