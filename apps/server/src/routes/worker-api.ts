import {
  type claimedTaskSchema,
  envelope,
  heartbeatResponseSchema,
  resultBatchResponseSchema,
  resultBatchSchema,
  taskClaimResponseSchema,
  taskClaimSchema,
  taskCompleteSchema,
  taskFailSchema,
  taskStatusResponseSchema,
  workerHelloResponseSchema,
  workerHelloSchema,
} from '@didban/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { workers } from '../db/schema.js';
import '../discovery/discovery-kind.js';
import { currentWorker } from '../http/access.js';
import {
  claimTask,
  completeTask,
  failTask,
  heartbeatTask,
  type QueueSettings,
  storeResultBatch,
} from '../queue/queue.js';

const taskParams = z.object({ id: z.uuid() });

/**
 * The worker protocol (authenticated by the worker's API key, access 'worker'):
 * hello → claim → heartbeat every `heartbeat_seconds` → results (numbered batches) → complete | fail.
 */
export function workerApiRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage } = deps;
  const settings: QueueSettings = {
    leaseSeconds: deps.config.taskLeaseSeconds,
    maxAttempts: deps.config.taskMaxAttempts,
  };
  const heartbeatSeconds = settings.leaseSeconds / 3;
  const touch = (workerId: string) =>
    db.update(workers).set({ last_seen_at: sql`now()` }).where(eq(workers.id, workerId));

  return async (app) => {
    app.post(
      '/worker/hello/',
      {
        config: { access: 'worker' },
        schema: {
          tags: ['worker'],
          summary: 'A worker says who it is (name, IP, country, version) when it starts',
          body: workerHelloSchema,
          response: { 200: envelope(workerHelloResponseSchema) },
        },
      },
      async (request) => {
        const worker = currentWorker(request);
        const { name, ip, country, version, capabilities } = request.body;
        const [row] = await db
          .update(workers)
          .set({
            ...(name && !worker.builtin ? { name } : {}),
            ip: ip ?? request.ip,
            ...(country !== undefined ? { country } : {}),
            ...(version !== undefined ? { version } : {}),
            ...(capabilities
              ? {
                  // A worker without its own interaction server uses the one handed out here.
                  capabilities: {
                    ...capabilities,
                    interactsh:
                      capabilities.interactsh === 'none' && deps.config.oast.endpoint
                        ? ('server' as const)
                        : capabilities.interactsh,
                  },
                }
              : {}),
            last_seen_at: sql`now()`,
            updated_at: sql`now()`,
          })
          .where(eq(workers.id, worker.id))
          .returning();
        return {
          data: {
            worker_id: worker.id,
            name: row?.name ?? worker.name,
            lease_seconds: settings.leaseSeconds,
            heartbeat_seconds: heartbeatSeconds,
            interactsh: deps.config.oast.endpoint ?? null,
          },
        };
      },
    );

    app.post(
      '/worker/tasks/claim/',
      {
        config: { access: 'worker' },
        schema: {
          tags: ['worker'],
          summary: 'Lease the next task this worker may run (null when there is none)',
          body: taskClaimSchema,
          response: { 200: envelope(taskClaimResponseSchema) },
        },
      },
      async (request) => {
        const worker = currentWorker(request);
        await touch(worker.id);
        const task = await claimTask(db, storage, worker, settings, request.body.kinds);
        if (!task) return { data: { task: null } };
        const claimed: z.infer<typeof claimedTaskSchema> = {
          id: task.id,
          kind: task.kind,
          payload: task.payload,
          attempt: task.attempts,
          lease_expires_at: task.lease_expires_at!.toISOString(),
          lease_seconds: settings.leaseSeconds,
          heartbeat_seconds: heartbeatSeconds,
        };
        return { data: { task: claimed } };
      },
    );

    app.post(
      '/worker/tasks/:id/heartbeat/',
      {
        config: { access: 'worker' },
        schema: {
          tags: ['worker'],
          summary: 'Extend the lease; `cancel: true` means stop this task now',
          params: taskParams,
          response: { 200: envelope(heartbeatResponseSchema) },
        },
      },
      async (request) => {
        const worker = currentWorker(request);
        await touch(worker.id);
        const beat = await heartbeatTask(db, worker, request.params.id, settings);
        return {
          data: { cancel: beat.cancel, lease_expires_at: beat.leaseExpiresAt?.toISOString() ?? null },
        };
      },
    );

    app.post(
      '/worker/tasks/:id/results/',
      {
        config: { access: 'worker' },
        schema: {
          tags: ['worker'],
          summary: 'Post one numbered batch of results; the same batch twice is stored once',
          params: taskParams,
          body: resultBatchSchema,
          response: { 200: envelope(resultBatchResponseSchema) },
        },
      },
      async (request) => {
        const result = await storeResultBatch(
          db,
          storage,
          currentWorker(request),
          request.params.id,
          request.body,
        );
        return { data: result };
      },
    );

    app.post(
      '/worker/tasks/:id/complete/',
      {
        config: { access: 'worker' },
        schema: {
          tags: ['worker'],
          summary: 'The task finished',
          params: taskParams,
          body: taskCompleteSchema,
          response: { 200: envelope(taskStatusResponseSchema) },
        },
      },
      async (request) => {
        const task = await completeTask(
          db,
          storage,
          currentWorker(request),
          request.params.id,
          request.body.stats ?? {},
        );
        return { data: { status: task.status } };
      },
    );

    app.post(
      '/worker/tasks/:id/fail/',
      {
        config: { access: 'worker' },
        schema: {
          tags: ['worker'],
          summary: 'The task failed on the worker',
          params: taskParams,
          body: taskFailSchema,
          response: { 200: envelope(taskStatusResponseSchema) },
        },
      },
      async (request) => {
        const task = await failTask(
          db,
          storage,
          currentWorker(request),
          request.params.id,
          request.body.error,
        );
        return { data: { status: task.status } };
      },
    );
  };
}
