/**
 * Messages between a supervisor (the API server) and an isolated worker child process. The
 * child never opens a socket to the server: its worker-protocol calls travel over the IPC
 * channel and the supervisor answers them in-process, so the server's own address can stay
 * refused by the child's scope policy.
 */
import type { PassiveProviderConfig } from '@didban/engine';
import type { WorkerEvent } from '../options.js';

export interface IsolatedScopeConfig {
  blockInternal: boolean;
  allow: string[];
  deny: string[];
  ownAddresses: string[];
  /** `ip:port` endpoints always reachable: the operator's DNS resolvers. */
  trusted: string[];
}

/** Everything the child needs, passed as JSON in DIDBAN_ISOLATED_WORKER_CONFIG. */
export interface IsolatedChildConfig {
  apiKey: string;
  taskIntervalSeconds?: number;
  maxConcurrency?: number;
  resolvers?: string[];
  providers?: PassiveProviderConfig[];
  /** Screenshot web assets with Chromium (its network goes through the engine's guarded fetch). */
  screenshots?: boolean;
  /** Requests one template-run task may send (DIDBAN_BUILTIN_TASK_MAX_REQUESTS). */
  maxRequestsPerTask?: number;
  /** null: no policy (a self-hosted worker's default). */
  scope: IsolatedScopeConfig | null;
}

export const CHILD_CONFIG_ENV = 'DIDBAN_ISOLATED_WORKER_CONFIG';

export interface ApiRequest {
  method: string;
  /** Path with query, e.g. /api/v1/worker/tasks/claim/ */
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface ApiResponse {
  status: number;
  body: string;
}

export type ChildMessage =
  | { type: 'api'; id: number; request: ApiRequest }
  | { type: 'tick' }
  | { type: 'event'; event: WorkerEvent }
  | { type: 'refused'; message: string };

export type ParentMessage = { type: 'api-reply'; id: number; response: ApiResponse } | { type: 'stop' };
