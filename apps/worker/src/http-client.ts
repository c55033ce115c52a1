import {
  type ClaimedTask,
  claimedTaskSchema,
  type HeartbeatResponse,
  heartbeatResponseSchema,
  resultBatchResponseSchema,
  taskStatusResponseSchema,
  type WorkerHello,
  type WorkerHelloResponse,
  workerHelloResponseSchema,
} from '@didban/core';
import { z } from 'zod';

/** A call the server answered with an error status (its `code` from the error body). */
export class ServerError extends Error {
  override name = 'ServerError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
  /** Worth trying again later: the server is restarting or overloaded. */
  get retryable(): boolean {
    return this.status >= 500 || this.status === 429 || this.status === 408;
  }
}

/** Network trouble (refused, reset, timed out) or a retryable status: try again with backoff. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ServerError) return error.retryable;
  return true;
}

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The worker's side of the /api/v1/worker/ protocol, over fetch.
 * @example const client = createServerClient('http://localhost:8080', key); await client.hello({ version: '0.1.0' });
 */
export function createServerClient(serverUrl: string, apiKey: string, fetchImpl: typeof fetch = fetch) {
  const base = `${serverUrl.replace(/\/+$/, '')}/api/v1/worker/`;
  async function post<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.output<S>> {
    const response = await fetchImpl(base + path, {
      method: 'POST',
      headers: {
        authorization: `Worker ${apiKey}`,
        'content-type': 'application/json',
        'accept-language': 'en',
      },
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = {};
    }
    if (!response.ok) {
      const err = json as { code?: string; message?: string };
      throw new ServerError(
        response.status,
        err.code ?? 'http_error',
        err.message ?? `HTTP ${response.status}`,
      );
    }
    return schema.parse((json as { data?: unknown }).data);
  }
  const task = (id: string, action: string) => `tasks/${encodeURIComponent(id)}/${action}/`;
  return {
    hello: (body: WorkerHello): Promise<WorkerHelloResponse> =>
      post('hello/', body, workerHelloResponseSchema),
    claim: async (kinds: string[]): Promise<ClaimedTask | null> =>
      (await post('tasks/claim/', { kinds }, z.object({ task: claimedTaskSchema.nullable() }))).task,
    heartbeat: (id: string): Promise<HeartbeatResponse> =>
      post(task(id, 'heartbeat'), {}, heartbeatResponseSchema),
    /** `attempt`: the claim's, so a late batch of an expired attempt is never stored into the next. */
    results: (id: string, seq: number, items: unknown[], attempt?: number) =>
      post(task(id, 'results'), { seq, attempt, items }, resultBatchResponseSchema),
    complete: (id: string, stats: Record<string, unknown>) =>
      post(task(id, 'complete'), { stats }, taskStatusResponseSchema),
    fail: (id: string, error: string) => post(task(id, 'fail'), { error }, taskStatusResponseSchema),
  };
}
export type ServerClient = ReturnType<typeof createServerClient>;
